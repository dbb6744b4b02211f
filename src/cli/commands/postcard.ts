/**
 * `mailroom postcard IMAGE-SIDE ADDRESS-SIDE (--to "…" | --address1 … --city …) [--scaling S]
 * [--size S] [--color C] [--priority P] [--mode M] [--description D] [--yes]`: a postcard, as the
 * extension's Send Postcard sends it (SendPostcardAndAddress), from the command line, with the send
 * command's address forms, its preflight and its one path through the spending guard, the repeat
 * check and the send log (src/cli/spending.ts, the client's send log).
 */
import { basename, resolve } from 'node:path';
import { fileTypeOf, type RecipientAddress } from '../../client';
import { checkRecipient, enums, postcardFileTypes, STATUS, type EnumName, type EnumValue } from '../../contract';
import { mayCharge, printedIn } from '../../rulebook';
import { recipientSummary } from '../../formats';
import { connect } from '../connect';
import type { Io } from '../io';
import { print, progressPrinter } from '../output';
import { commandLine } from '../arguments';
import { readUserFile, userFileName } from '../user-files';
import type { CommandHelp } from '../help';
import { checkLengths, checkRecipientLengths } from '../limits';
import { problemWords } from '../zip-meant';
import { guardSend, refusalOf, sayRepeated } from '../spending';
import { Refused, UsageError } from '../usage';
import { ADDRESS_OPTIONS, SENDING_OPTIONS, addressOptions, checkAddress, workModeOption } from './send';
import { printing } from '../printing';
import type { PostcardPreflightReport } from '../../printing';

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
    "said otherwise, and a picture drawn at under 300 DPI (a PDF side's own at the size the card prints them) is a warning " +
    '(`mailroom preflight --postcard` shows the same). The ' +
    "sides, the recipient and the work mode are shown first; a postcard that may print for real (Production, or Default, the account's " +
    'own mode) goes only with --yes or a yes typed on a terminal (a script without --yes is refused with exit code 3), within the ' +
    'daily budget, and a repeat of a postcard sent within the last 30 days only with --again.',
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
    [
      '--yes',
      "send what may print for real (Production, or Default, the account's own mode) without asking, as a script must (also above the confirmation threshold; never past the daily budget)",
    ],
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
export async function side(which: string, path: string): Promise<Side> {
  const data = await readUserFile(path, `the ${which}`);
  const name = userFileName(path, data);
  const type = fileTypeOf(name);
  if (!(postcardFileTypes as readonly string[]).includes(type))
    throw new UsageError(`The ${which} is ${name}: a postcard's side is ${postcardFileTypes.join(', ')}`);
  if (data.length === 0) throw new UsageError(`The ${which} ${name} is empty`);
  return { type, data };
}

/** A side of a postcard: its file's type and bytes. */
export interface Side {
  readonly type: string;
  readonly data: Buffer;
}

/** The sides and recipient of a postcard, as `postcard` sends them and `preflight --postcard` checks them. */
export interface PostcardToCheck {
  readonly image: Side;
  readonly address: Side;
  readonly recipient: RecipientAddress;
  readonly scaling: EnumValue<'ImageSideScaling'>;
  /** Its PrintColor: Default prints a postcard in full colour (printing/pricing.ts `printsInColour`). */
  readonly color: EnumValue<'PrintColor'>;
}

/** The postcard printed here as the service prints it (src/printing/preflight/postcard.ts, the sandbox's printing), in `mode`. */
export async function checkPostcard(postcard: PostcardToCheck, mode: EnumValue<'WorkMode'>): Promise<PostcardPreflightReport> {
  const { preflightPostcard, postalAddressOf } = await printing();
  return preflightPostcard(
    {
      imageSide: { kind: 'file', ...postcard.image },
      addressSide: { kind: 'file', ...postcard.address },
      address: postalAddressOf({ ...postcard.recipient }),
      // Default is the account's setting, which is FitToPage unless the account says None: the sandbox's own reading.
      scaling: postcard.scaling === 'None' ? 'None' : 'FitToPage',
      workMode: printedIn(mode),
    },
    { color: postcard.color },
  );
}

/**
 * Before sending: a failure the service would end the postcard in is refused in Production, where
 * it is final, and said otherwise; what prints less well (a picture under 300 DPI) is said. The
 * address check's finding is left out: checkAddress said it already.
 */
async function preflight(io: Io, postcard: PostcardToCheck, mode: EnumValue<'WorkMode'>): Promise<void> {
  const { findings } = await checkPostcard(postcard, mode);
  for (const found of findings) {
    if (found.code === STATUS.AddressNotVerified) continue;
    const words = `${found.code === undefined ? '' : `${found.code}: `}${found.message}`;
    if (found.severity === 'error' && mode === 'Production')
      throw new Refused(`Not sent: the service would fail this postcard with ${words}`);
    const failsLater = found.severity === 'error' ? ' The service would fail this postcard in Production.' : '';
    io.err.write(`warning${found.code === undefined ? '' : ` ${found.code}`}: ${found.message}${failsLater}\n`);
  }
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
  const postcard = { ...sides, recipient: address, scaling, color };
  await preflight(io, postcard, mode);
  // A postcard's price does not depend on what it shows (printing/pricing.ts, as the sandbox charges it).
  const price = mayCharge(mode) ? (await checkPostcard(postcard, mode)).price : undefined;
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
