/**
 * `mailroom send FILE [--to "Jane Doe, 1 Main St, Springfield, IL 62701" | --address1 … --city …]
 * [--mode Development|Production|Default] [--description TEXT] [--yes]`
 *
 * A letter is sent as the PDF of its proof: HTML, Markdown (rendered; a front-matter `to:` gives
 * the recipient unless flags do; a front matter that cannot be read is refused with its errors'
 * lines, and its warnings are printed), text, Word, OpenDocument and RTF are drawn by their engine
 * and the PDF drawn is sent, so that the service prints what the proof showed; a PDF goes as it is.
 * --as-is sends the file itself to the service's own converter (PDF, DOC, DOCX and HTML only). What
 * is sent is said before anything is, and the work mode always; Production, which prints and
 * charges, is sent only after --yes or a yes on the terminal. The new mailer's ID is printed.
 */
import { createHash } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { AddressError, DocumentError, letterDocument, parseAddressLine, type RecipientAddress } from '../../client';
import { checkRecipient, enums, RECIPIENT_FIELDS, STATUS, STORED_FILE_PREFIX, type EnumValue } from '../../contract';
import { connect } from '../connect';
import type { Io } from '../io';
import { print, progressPrinter } from '../output';
import { printingOf, printSettingsOf } from '../print-settings';
import { guardSend, preflightToSend, refusalOf, sayRepeated } from '../spending';
import { mayCharge, printedIn } from '../../rulebook';
import { recipientSummary } from '../../formats';
import { Refused, UsageError } from '../usage';
import { checkLengths, checkRecipientLengths } from '../limits';
import { addressErrorWords, problemWords } from '../zip-meant';
import type { CommandHelp } from '../help';
import { commandLine } from '../arguments';
import { readUserFile, userFileName } from '../user-files';
import { printing } from '../printing';
import { ENGINE_HELP, ENGINE_OPTIONS, sentAs, sentToConverter, useEnginesOf } from '../engines';

/** The address fields of a letter, as flags: AttentionLine1 → --attention-line1. */
export const flagOf = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
export const ADDRESS_OPTIONS = Object.fromEntries(RECIPIENT_FIELDS.map((f) => [flagOf(f), { type: 'string' as const }]));
/** What every sending command takes: the work mode, the description, and the answers to the guard's questions. */
export const SENDING_OPTIONS = {
  mode: { type: 'string' },
  description: { type: 'string' },
  yes: { type: 'boolean', default: false },
  'over-budget': { type: 'boolean', default: false },
  again: { type: 'boolean', default: false },
} as const;

export const usage = `mailroom send FILE | --stored NAME [--to "Name, Street, City, ST ZIP" | ${RECIPIENT_FIELDS.map((f) => `--${flagOf(f)}`).join(' ')}] [--mode Development|Production|Default] [--description TEXT] [--as-is] [--browser PATH|none] [--office PATH|none] [--yes] [--over-budget] [--again]`;

export const help: CommandHelp = {
  summary:
    "Sends FILE as a letter and prints the new mailer's ID. A PDF goes as it is; HTML, Markdown (its front matter's to: names " +
    'the recipient unless flags do), text, Word (.docx, .doc), OpenDocument (.odt) and RTF are drawn as `mailroom preflight` draws ' +
    'them (by a Chromium-based browser or LibreOffice) and sent as the PDF drawn, which the service prints as it is: what the ' +
    "proof shows is what is printed, and the line before sending gives its SHA-256. --stored NAME sends a stored file of the account instead. With --as-is the file itself goes to the service's own " +
    'converter (PDF, DOC, DOCX and HTML; a Markdown letter as HTML with its pictures inside it), and the proof is a prediction. ' +
    'Where no engine is found, the file goes as it is, and it is said. A front matter ' +
    'that cannot be read (never closed, not YAML, a key twice, a field under to: that is none) is refused, each error with ' +
    'its line; a key Mailroom leaves aside is a warning. The file, the recipient and the work mode are shown first; ' +
    "A send that may print for real (Production, or Default: the account's own mode, which may be Production) goes only with " +
    '--yes or a yes typed on a terminal; a script without --yes is refused with exit code 3. A recipient whose ZIP code does not exist or is another ' +
    "state's is refused in Production, where the service fails it (-1018), and sent with a warning otherwise.",
  options: [
    ['FILE', 'the letter: .pdf, .doc, .docx, .odt, .rtf, .html, .md or .txt; - reads it from standard input'],
    ['--stored NAME', 'send the stored file NAME (mailroom files list) as the letter, instead of a FILE; its price is not predicted'],
    ['--to "Name, Street, City, ST ZIP"', 'the recipient in one line'],
    ...Object.keys(ADDRESS_OPTIONS).map((flag): [string, string] => [`--${flag} TEXT`, 'one field of the recipient, instead of --to']),
    ['--mode Development|Production|Default', "the work mode; Default (the account's own) by default"],
    ['--description TEXT', 'what the mailer is called (MyDescription); the file name by default'],
    ['--as-is', "send the file itself to the service's own converter, not the PDF of its proof (which is then a prediction)"],
    ...ENGINE_HELP,
    [
      '--yes',
      "send what may print for real (Production, or Default, the account's own mode) without asking, as a script must (also above the confirmation threshold; never past the daily budget)",
    ],
    ['--over-budget', 'send even if it passes the daily budget (config.json) of the user you send as, and say so'],
    [
      '--again',
      'send it although the same letter went to the same recipient within the last 30 days (repeats.windowDays in config.json); the send log says so',
    ],
  ],
  global: true,
  examples: [
    'mailroom send letter.pdf --to "Jane Doe, 1 Main St, Springfield, IL 62701" --mode Development',
    'mailroom send invoice.md --mode Development',
    'mailroom send invoice.html --as-is --mode Development',
    'mailroom send --stored price-list.pdf --to "Jane Doe, 1 Main St, Springfield, IL 62701" --mode Production --yes',
  ],
};

export function workModeOption(value: string | undefined): EnumValue<'WorkMode'> {
  const mode = value ?? 'Default';
  if (!(enums.WorkMode as readonly string[]).includes(mode))
    throw new UsageError(`--mode takes ${enums.WorkMode.join(', ')}, not "${mode}"`);
  return mode as EnumValue<'WorkMode'>;
}

/** The file as a letter (see letterDocument), its pictures read beside it; what cannot be printed is a usage error. */
async function readDocument(path: string, asIs: boolean) {
  const bytes = await readUserFile(path, 'the letter');
  const name = userFileName(path, bytes);
  try {
    const written = createHash('sha256').update(bytes).digest('hex');
    return { name, written, document: await letterDocument(name, bytes, { base: dirname(resolve(path)), asIs }) };
  } catch (error) {
    if (error instanceof DocumentError && error.cause instanceof AddressError)
      throw new UsageError(`${name}: ${await addressErrorWords(error.cause)}`);
    if (error instanceof DocumentError) throw new UsageError(error.message);
    throw error;
  }
}

/** A stored file of the account as a letter: named `MyFile:NAME`, with no bytes of its own (the service's own way). */
function storedDocument(name: string): {
  name: string;
  written?: undefined;
  document: { type: string; data: Uint8Array; to?: RecipientAddress; warnings?: undefined };
} {
  return { name, document: { type: `${STORED_FILE_PREFIX}${name}`, data: new Uint8Array() } };
}

/** --to, read strictly (a line that is not an address is a usage mistake), then the field flags over it. */
export async function addressOptions(values: Record<string, unknown>): Promise<RecipientAddress> {
  const address: Record<string, string> = { ...(typeof values.to === 'string' ? await addressLine(values.to) : {}) };
  for (const field of RECIPIENT_FIELDS) {
    const value = values[flagOf(field)];
    if (typeof value === 'string') address[field] = value;
  }
  return address;
}

/**
 * The recipient of a send or a preflight: --to names the whole recipient, in place of the
 * document's own (nothing of the front matter's address is kept with it); a field flag changes one
 * field of whichever it is.
 */
export function recipientOf(
  written: RecipientAddress | undefined,
  values: { readonly to?: unknown },
  flags: RecipientAddress,
): RecipientAddress {
  return typeof values.to === 'string' ? flags : { ...written, ...flags };
}

async function addressLine(line: string): Promise<RecipientAddress> {
  try {
    return parseAddressLine(line);
  } catch (error) {
    if (error instanceof AddressError) throw new UsageError(`--to: ${await addressErrorWords(error)}`);
    throw error;
  }
}

/**
 * The service's address check (src/printing/address/verify.ts, which the sandbox fails mailers by):
 * a letter it fails (-1018) is refused in Production, where it would fail, and said in Development,
 * which is never mailed, and in Default, whose work mode only the service knows. A city the ZIP
 * code may not serve is said, and sent.
 */
export async function checkAddress(io: Io, address: RecipientAddress, mode: EnumValue<'WorkMode'>): Promise<void> {
  const { zipFinding } = await printing();
  const found = zipFinding(address, printedIn(mode));
  if (!found) return;
  if (found.severity === 'error') throw new Refused(`The recipient cannot be sent to: ${found.message}`);
  io.err.write(`warning ${found.code}: ${found.message}\n`);
}

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = commandLine('send', args, {
    ...ADDRESS_OPTIONS,
    to: { type: 'string' },
    ...SENDING_OPTIONS,
    'as-is': { type: 'boolean', default: false },
    stored: { type: 'string' },
    ...ENGINE_OPTIONS,
  });
  const stored = values.stored;
  if (stored === undefined ? positionals.length !== 1 : positionals.length !== 0)
    throw new UsageError(stored === undefined ? 'Name one file to send' : `--stored ${stored} names the letter: name no file with it`);
  if (stored !== undefined && values['as-is'])
    throw new UsageError('--as-is is for a file of this machine; a stored file goes as it was stored');
  const path = positionals[0] ?? '';
  checkLengths([
    ['--description', 'MyDescription', values.description],
    ['--stored', 'MyFileName', stored],
  ]);
  const asIs = values['as-is'];
  const { name, written, document } = stored === undefined ? await readDocument(path, asIs) : storedDocument(stored);
  // Said, not refused: a key the front matter's reader leaves aside, as the editor warns of it.
  for (const w of document.warnings ?? []) io.err.write(`warning: ${name}, line ${w.line}: ${w.message}\n`);
  const mode = workModeOption(values.mode);
  const address = recipientOf(document.to, values, await addressOptions(values));
  checkRecipientLengths(address);
  const mistyped = checkRecipient(address).find((problem) => problem.code === STATUS.AddressNotVerified);
  if (Object.keys(address).length > 0 && mistyped)
    throw new UsageError(`The recipient cannot be sent to: ${await problemWords(mistyped, address)}`);
  const addressed = Object.keys(address).length > 0;
  if (addressed) await checkAddress(io, address, mode);
  const to = addressed ? ` to ${recipientSummary(address) ?? ''}` : ' (the address is in the document)';
  // Drawn as the proof is, for what is sent (the PDF drawn) and its price, priced as the account
  // prints (sides, colour), as `mailroom preflight` says it; a file sent as it is that costs nothing
  // (Development) is not drawn at all.
  const { DRAWN_TYPES, serviceTakes } = await printing();
  const drawn = stored === undefined && !asIs && DRAWN_TYPES.includes(document.type);
  await useEnginesOf(values);
  // A stored file's bytes are the service's: it cannot be printed here, and its price is not known.
  // Drawn too when the address is to be read from the page: what is there must read as one (-1045).
  const report =
    stored === undefined && (drawn || mayCharge(mode) || !addressed)
      ? await preflightToSend(
          {
            type: document.type,
            data: document.data,
            ...(addressed ? { address } : {}),
            base: dirname(resolve(path)),
            title: name,
          },
          printingOf(await printSettingsOf(values, io)),
          { asIs },
        )
      : undefined;
  const sent = report?.sent ?? { type: document.type, data: document.data };
  // Not sent in any work mode: no address the service can read, or over a limit of the service's.
  const { printedSizeFinding, unsendable } = await printing();
  const stops = report
    ? unsendable(report.findings)
    : [printedSizeFinding(sent.type === 'pdf' ? sent.data.length : 0, 'PDF')].filter((f) => f !== undefined);
  if (stops.length > 0) {
    throw new Refused(
      `${name} cannot be sent:\n${stops.map((f) => `  error ${f.code ?? ''}: ${f.message}`).join('\n')}\nNothing was sent (\`mailroom preflight ${name}\` shows the proof).`,
    );
  }
  // A type only drawn here (.odt, .rtf) that no engine drew cannot go: the service does not take it.
  if (stored === undefined && !serviceTakes(sent.type)) {
    throw new Refused(
      `${name} cannot be sent: the service takes PDF, DOC, DOCX and HTML, and no engine drew this .${sent.type} as a PDF. ${report?.drawnBy?.approximation ?? ''}`.trim(),
    );
  }
  // Said before anything is sent: the PDF drawn, with the SHA-256 the proof shows, or the file to the service's converter.
  const how = report ? sentAs(report) : asIs && DRAWN_TYPES.includes(document.type) ? sentToConverter(document.type) : undefined;
  if (how) io.err.write(`${name} is sent ${how}.\n`);
  if (stored !== undefined) io.err.write(`${stored} is the account's stored file: its price cannot be predicted here.\n`);
  // Priced only when it may charge: Development costs nothing.
  const price = mayCharge(mode) ? report?.price : undefined;
  const client = connect(values, io);
  try {
    const guard = await guardSend(io, values, client, {
      mode,
      price,
      what: `Sending ${name} as a letter${to}`,
    });
    const request = {
      MyDescription: values.description ?? name.slice(0, 100),
      FileExtension: sent.type,
      FileBinaryData: sent.data,
      WorkMode: mode,
    };
    const progress = progressPrinter(io, 'Sending');
    const options = {
      ...(stored === undefined ? { source: resolve(path) } : {}),
      ...(written === undefined ? {} : { written }),
      ...(price === undefined ? {} : { price }),
      ...(progress ? { onProgress: progress } : {}),
      ...guard.options,
    };
    const id = await (
      addressed ? client.simple.SendLetterAndAddressV2({ ...request, ...address }, options) : client.simple.SendLetterV2(request, options)
    ).catch((error: unknown) => {
      throw refusalOf(error, guard.account) ?? error;
    });
    sayRepeated(io, guard.noted(), mode);
    print(io, values, { id }, () => [String(id)]);
  } finally {
    client.close();
  }
}
