/**
 * `mailroom postcard IMAGE-SIDE ADDRESS-SIDE (--to "…" | --address1 … --city …) [--scaling S]
 * [--size S] [--color C] [--priority P] [--mode M] [--description D] [--yes]`: a postcard, as the
 * extension's Send Postcard sends it (SendPostcardAndAddress), from the command line, with the send
 * command's address forms, its preflight and its one path through the spending guard, the repeat
 * check and the send log (src/cli/spending.ts, the client's send log).
 */
import { basename, resolve } from 'node:path';
import { fileTypeOf, type RecipientAddress } from '../../client';
import { checkRecipient, describeStatus, enums, postcardFileTypes, type EnumName, type EnumValue } from '../../contract';
import { mayCharge, recipientSummary } from '../../rulebook';
import { connect, print, progressPrinter, type Io } from '../context';
import { commandLine } from '../arguments';
import { readUserFile } from '../user-files';
import type { CommandHelp } from '../help';
import { checkLengths, checkRecipientLengths } from '../limits';
import { problemWords } from '../zip-meant';
import { guardSend, refusalOf, sayRepeated } from '../spending';
import { Refused, UsageError } from '../usage';
import { ADDRESS_OPTIONS, SENDING_OPTIONS, addressOptions, checkAddress, workModeOption } from './send';
import { printing } from '../printing';

/** The postcard's own choices, each a contract enumeration, each Default unless given. */
const CHOICES = {
  scaling: 'ImageSideScaling',
  size: 'PostcardSize',
  color: 'PrintColor',
  priority: 'MailingPriority',
} as const satisfies Record<string, EnumName>;

const choiceUsage = Object.entries(CHOICES)
  .map(([flag, name]) => `[--${flag} ${enums[name].join('|')}]`)
  .join(' ');

export const usage = `mailroom postcard IMAGE-SIDE ADDRESS-SIDE [--to "Name, Street, City, ST ZIP" | ${Object.keys(ADDRESS_OPTIONS)
  .map((flag) => `--${flag}`)
  .join(' ')}] ${choiceUsage} [--mode Development|Production|Default] [--description TEXT] [--yes] [--over-budget] [--again]`;

export const help: CommandHelp = {
  summary:
    "Sends a postcard (SendPostcardAndAddress) and prints the new mailer's ID: an image side and an address side, each a " +
    `file (${postcardFileTypes.join(', ')}), to the recipient given as send takes it. It is printed here first as the service ` +
    'would print it: a side the service could not process, or a recipient it could not mail, is refused in Production and ' +
    'said otherwise. The sides, the recipient and the work mode are shown first; Production goes only with --yes or a yes ' +
    'typed on a terminal, within the daily budget, and a repeat of a postcard sent within the last 30 days only with --again.',
  options: [
    ['IMAGE-SIDE', `the picture side: ${postcardFileTypes.join(', ')}`],
    ['ADDRESS-SIDE', 'the side the address is printed on, beside its message: the same types'],
    ['--to "Name, Street, City, ST ZIP"', 'the recipient in one line'],
    ...Object.keys(ADDRESS_OPTIONS).map((flag): [string, string] => [`--${flag} TEXT`, 'one field of the recipient, instead of --to']),
    [
      `--scaling ${enums.ImageSideScaling.join('|')}`,
      "the image scaled to the card (FitToPage), at its own size (None), or as the account's setting says (Default, the default)",
    ],
    [`--size ${enums.PostcardSize.join('|')}`, "the card's size: the service's standard (Default, the default) or 4.25 × 6 inches"],
    [
      `--color ${enums.PrintColor.join('|')}`,
      'black and white or full colour; Default (the default) is priced as full colour, as the service charges it',
    ],
    [`--priority ${enums.MailingPriority.join('|')}`, "the service's standard mail (Default, the default) or First-Class Mail"],
    ['--mode Development|Production|Default', "the work mode; Default (the account's own) by default"],
    ['--description TEXT', 'what the mailer is called (MyDescription, at most 100 characters); "Postcard: IMAGE-SIDE" by default'],
    ['--yes', 'send in Production without asking (also above the confirmation threshold; never past the daily budget)'],
    ['--over-budget', 'send even if it passes the daily budget (config.json) of the user you send as, and say so'],
    ['--again', 'send it although the same postcard went to the same recipient within the last 30 days; the send log says so'],
  ],
  global: true,
  examples: ['mailroom postcard front.jpg back.html --to "Jane Doe, 1 Main St, Springfield, IL 62701" --mode Development'],
};

function choice<E extends EnumName>(flag: string, name: E, value: string | undefined): EnumValue<E> {
  const allowed = enums[name] as readonly string[];
  if (value === undefined) return 'Default';
  if (!allowed.includes(value)) throw new UsageError(`--${flag} takes ${allowed.join(', ')}, not "${value}"`);
  return value as EnumValue<E>;
}

/** A side's bytes and type; a type the service does not take for a postcard is a usage mistake, as it would answer -3130/-3131. */
async function side(which: string, path: string): Promise<{ readonly type: string; readonly data: Buffer }> {
  const data = await readUserFile(path, `the ${which}`);
  const type = fileTypeOf(basename(path));
  if (!(postcardFileTypes as readonly string[]).includes(type))
    throw new UsageError(`The ${which} is ${basename(path)}: a postcard's side is ${postcardFileTypes.join(', ')}`);
  if (data.length === 0) throw new UsageError(`The ${which} ${basename(path)} is empty`);
  return { type, data };
}

/**
 * The postcard printed here as the service prints it (measurePostcard, as the sandbox does): a
 * failure it would end in is refused in Production, where it is final, and said otherwise.
 */
async function preflight(
  io: Io,
  sides: { readonly image: { type: string; data: Buffer }; readonly address: { type: string; data: Buffer } },
  recipient: RecipientAddress,
  scaling: EnumValue<'ImageSideScaling'>,
  mode: EnumValue<'WorkMode'>,
): Promise<void> {
  const { measurePostcard, postalAddressOf } = await printing();
  const printed = await measurePostcard({
    imageSide: { kind: 'file', ...sides.image },
    addressSide: { kind: 'file', ...sides.address },
    address: postalAddressOf({ ...recipient }),
    // Default is the account's setting, which is FitToPage unless the account says None: the sandbox's own reading.
    scaling: scaling === 'None' ? 'None' : 'FitToPage',
    workMode: mode === 'Production' ? 'Production' : 'Development',
  });
  if (printed.failure === undefined) return;
  const words = `${printed.failure}: ${describeStatus(printed.failure)}${printed.unreadable ? ` (${printed.unreadable})` : ''}`;
  if (mode === 'Production') throw new Refused(`Not sent: the service would fail this postcard with ${words}`);
  io.err.write(`warning ${words}: the service would fail this postcard in Production\n`);
}

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = commandLine('postcard', args, {
    ...ADDRESS_OPTIONS,
    to: { type: 'string' },
    scaling: { type: 'string' },
    size: { type: 'string' },
    color: { type: 'string' },
    priority: { type: 'string' },
    ...SENDING_OPTIONS,
  });
  if (positionals.length !== 2) throw new UsageError('Name two files: the image side, then the address side');
  const [imagePath, addressPath] = positionals as [string, string];
  checkLengths([['--description', 'MyDescription', values.description]]);
  const scaling = choice('scaling', CHOICES.scaling, values.scaling);
  const size = choice('size', CHOICES.size, values.size);
  const color = choice('color', CHOICES.color, values.color);
  const priority = choice('priority', CHOICES.priority, values.priority);
  const mode = workModeOption(values.mode);
  const address = await addressOptions(values);
  if (Object.keys(address).length === 0)
    throw new UsageError('Name the recipient: --to "Name, Street, City, ST ZIP", or the address flags');
  checkRecipientLengths(address);
  // A postcard is always addressed: what the service refuses at send (-4006, -4007, -4008) or fails unread (-1018) is said here.
  const refused = checkRecipient(address)[0];
  if (refused) throw new UsageError(`The recipient cannot be sent to: ${await problemWords(refused, address)}`);
  await checkAddress(io, address, mode);
  const sides = { image: await side('image side', imagePath), address: await side('address side', addressPath) };
  await preflight(io, sides, address, scaling, mode);
  // A postcard's price does not depend on what it shows (printing/pricing.ts, as the sandbox charges it).
  const { mailerPrice, printsInColour } = await import('../../printing/pricing');
  const price = mayCharge(mode) ? mailerPrice({ kind: 'postcard', colour: printsInColour('postcard', color, false) }) : undefined;
  const client = connect(values, io);
  try {
    const guard = await guardSend(io, values, client, {
      mode,
      price,
      what: `Sending a postcard of ${basename(imagePath)} and ${basename(addressPath)} to ${recipientSummary(address) ?? ''}`,
    });
    const progress = progressPrinter(io, 'Sending');
    const id = await client.simple
      .SendPostcardAndAddress(
        {
          MyDescription: values.description ?? `Postcard: ${basename(imagePath)}`.slice(0, 100),
          ImageSideFileType: sides.image.type,
          ImageSideBinaryData: sides.image.data,
          ImageSideScaling: scaling,
          AddressSideFileType: sides.address.type,
          AddressSideBinaryData: sides.address.data,
          WorkMode: mode,
          PrintColor: color,
          PostcardSize: size,
          MailingPriority: priority,
          ...address,
        },
        {
          source: `${resolve(imagePath)} + ${resolve(addressPath)}`,
          ...(price === undefined ? {} : { price }),
          ...(progress ? { onProgress: progress } : {}),
          ...guard.options,
        },
      )
      .catch((error: unknown) => {
        throw refusalOf(error, guard.account, 'postcard') ?? error;
      });
    sayRepeated(io, guard.noted(), mode);
    print(io, values, { id }, () => [String(id)]);
  } finally {
    client.close();
  }
}
