/**
 * `mailroom preflight FILE [--to … | address flags] [--data DATA.csv] [--mode M] [--proof OUT.pdf] [--json]`:
 * a letter (or, with --data, a mail merge) printed on this machine as the service would print it,
 * with its pages, sheets, price and everything the service would refuse it for or fail it with,
 * before anything is sent or paid: no network. The account (--profile, --endpoint, --user, as any
 * command names it) says only how its letters are assumed to print, simplex or duplex, black or
 * colour (src/cli/print-settings.ts), which the output says with where it came from. Exit 0 when nothing would fail, 1 when
 * something would, 2 for a usage mistake (as `send`, a file that is no letter, a Markdown front
 * matter that cannot be read, or an address line that does not read as one; an address that reads
 * but breaks the service's rules is a finding). A front matter's warnings (a key it leaves aside)
 * are findings of Mailroom's own, without a service code. It says which engine drew the proof (or
 * that it is an approximation, and how to get the real page) and what a send would send.
 */
import { basename, dirname, resolve } from 'node:path';
import {
  DocumentError,
  fileTypeOf,
  letterDraft,
  mergeDataText,
  notReadAsAddress,
  readAddressLine,
  type FrontMatterProblem,
  type LetterDraft,
  type RecipientAddress,
} from '../../client';
import { RECIPIENT_FIELDS, STATUS, mergeTemplateTypes, CSV_DELIMITER_NAMES, type CsvDelimiter, type CsvEncoding } from '../../contract';
import type { Finding, MergePreflightReport, PreflightReport } from '../../printing';
import { printedIn } from '../../rulebook';
import { dollars } from '../../formats';
import type { Io } from '../io';
import { printingOf, printSettingsJson, printSettingsLine, printSettingsOf, type PrintAssumption } from '../print-settings';
import type { CommandHelp } from '../help';
import { commandLine } from '../arguments';
import { readUserFile, userFileName, writeUserFile } from '../user-files';
import { EXIT_OK, EXIT_SERVICE_ERROR, UsageError } from '../usage';
import { ADDRESS_OPTIONS, flagOf, recipientOf, workModeOption } from './send';
import { printing } from '../printing';
import { checkPostcard, side } from './postcard';
import { ENGINE_HELP, ENGINE_OPTIONS, drawnLine, sentAs, sha256Of, useEnginesOf } from '../engines';

export const usage =
  `mailroom preflight FILE [--to "Name, Street, City, ST ZIP" | ${RECIPIENT_FIELDS.map((f) => `--${flagOf(f)}`).join(' ')}] ` +
  '[--data DATA.csv] [--mode Development|Production|Default] [--proof OUT.pdf] [--as-is] [--browser PATH|none] [--office PATH|none] [--json] [--profile NAME | --endpoint URL --user NAME] ' +
  '| mailroom preflight --postcard IMAGE-SIDE ADDRESS-SIDE --to "Name, Street, City, ST ZIP" [--mode …] [--proof OUT.pdf] [--json]';

export const PRICE_FROM = "the sandbox's price list: an estimate of what the real service charges";

export const help: CommandHelp = {
  summary:
    'Checks a letter (any file send takes, the recipient from flags or a Markdown front matter) or, with --data, a mail merge ' +
    '(TEMPLATE and its CSV) entirely on this machine, with no network: prints it as the service would, and ' +
    "reports the pages, the sheets, the price (from the sandbox's price list, an estimate) and every finding with the " +
    "service's own code and words: field lengths, missing fields, the US address check (a ZIP code that does not exist or " +
    "is another state's fails in Production; a city the ZIP code does not serve is a warning), unreadable, encrypted or " +
    "damaged files, pages that are not US Letter (with their pages and sizes), a printed PDF over the service's 2 MB (-1025), " +
    'no address (and, for a letter sent without one, the address the service would read from the recipient box of page 1, ' +
    'which must read as one: a name line, a street line, and city, state and ZIP code), too many sheets, merge columns the template ' +
    'does not use, template fields without a column and address fields no column is named as (once, on the header, with its renames), rows whose ' +
    "cells are not as many as the header's columns, address cells holding a line break (for a merge, with the data row and " +
    'CSV line; and which encoding the CSV was read as: UTF-8, UTF-16 (with a byte order mark or without), or Windows-1252, and ' +
    'which delimiter, decided from its header: a comma, else a semicolon, else a tab), and a ' +
    "Markdown front matter's key that Mailroom leaves aside (a warning with its line and no code); and warnings with no " +
    'code of what prints less well: fonts a PDF does not embed, images under 300 DPI, characters the printing fonts cannot ' +
    'draw. A front matter that ' +
    'cannot be read (never closed, not YAML, a key twice, a field under to: that is none) is a usage mistake, each error ' +
    'with its line. It prints as the account does, simplex or duplex (duplex halves the sheets), black or colour: as ' +
    'SetUserSettings from this machine last set them for the user at the service (mailroom call SetUserSettings, or ' +
    "the extension's Change User Settings), else config.json's printSides and printColor (a profile's own, else the " +
    "file's), else as a new account (Simplex, BlackAndWhite), and says which. " +
    'HTML, Markdown and text are drawn by a Chromium-based browser, Word, OpenDocument and RTF by LibreOffice (a .docx by ' +
    'Mammoth and the browser where there is none), and it says which, or, where no engine is found, that the proof is ' +
    "Mailroom's own text layout, an approximation, and how to get the real one; and what `mailroom send` would send: the PDF " +
    "drawn, with its SHA-256, or with --as-is the file itself to the service's converter, the proof then a prediction. " +
    'Exit codes: 0 nothing would fail, 1 something would, 2 a usage mistake.',
  options: [
    [
      'FILE',
      'the letter (.pdf, .doc, .docx, .html, .md, .txt; - reads it from standard input), or with --data the template (.docx, .html)',
    ],
    ['--to "Name, Street, City, ST ZIP"', 'the recipient in one line (a letter only)'],
    ...Object.keys(ADDRESS_OPTIONS).map((flag): [string, string] => [`--${flag} TEXT`, 'one field of the recipient, over --to']),
    [
      '--data DATA.csv',
      'check a mail merge: a header row naming the fields, then one row per letter (UTF-8, UTF-16 (with a byte order mark or without), or Windows-1252; ' +
        'separated by commas, semicolons or tabs, as the header is); ' +
        'any number of rows, in bounded memory, the rows checked so far shown on stderr when it is a terminal',
    ],
    [
      '--mode Development|Production|Default',
      "the work mode the proof is printed in; Default (the account's own, unknown offline) prints as a new account's, Development",
    ],
    ['--proof OUT.pdf', "write the proof: the PDF as the service would print it (with --data, every row's letter)"],
    ['--as-is', "check the letter as `mailroom send --as-is` sends it: the file itself, to the service's own converter"],
    [
      '--postcard IMAGE-SIDE ADDRESS-SIDE',
      'check a postcard as `mailroom postcard` sends it (its recipient from --to or the field flags): what the service would fail it with, and a picture drawn at under 300 DPI',
    ],
    ...ENGINE_HELP,
    [
      '--profile NAME, --endpoint URL, --user NAME',
      'the account whose print settings (sides, colour) the proof assumes, named as for every command; nothing is called',
    ],
    [
      '--json',
      'print {"ok", "pages", "sheets", "price", "findings": [{"code"?, "severity", "message", "field"?, "row"?, "line"?, "pages"?}], ' +
        '"addressRead"?, "print"} ("addressRead": the lines read from the recipient box when no address is given; for a merge "letters", ' +
        '"encoding": which the CSV was read as, and "delimiter": "comma", "semicolon" or "tab", which its header was read as separated by; a front matter\'s own finding and one about printing have no "code"; ' +
        '"print": {"printSides", "printColor"}, each {"value", "from": "SetUserSettings" (with "at", and "via": "command line" or "extension") | "config.json" (with "profile"?) | "new account"}; ' +
        'for a letter drawn by an engine "engine" (its name and version), "approximation" (why no engine drew it, and how to get one) and "prediction": true (--as-is); ' +
        'for a letter "sent": {"type", "sha256", "bytes"}, what a send sends)',
    ],
  ],
  global: false,
  examples: [
    'mailroom preflight letter.md --proof letter-proof.pdf',
    'mailroom preflight invoice.pdf --to "Jane Doe, 1 Main St, Springfield, IL 62701" --json',
    'mailroom preflight invite.html --data people.csv',
  ],
};

/** An address line read as `send` reads it; one that does not read as an address is a usage mistake, one that breaks the rules is not. */
function addressLine(line: string, what: string): RecipientAddress {
  const read = readAddressLine(line);
  if (read.unread.length > 0) throw new UsageError(notReadAsAddress(what, line, read));
  return read.address;
}

function flagsAddress(values: Readonly<Record<string, unknown>>): RecipientAddress {
  const address: Record<string, string> = { ...(typeof values.to === 'string' ? addressLine(values.to, '--to') : {}) };
  for (const field of RECIPIENT_FIELDS) {
    const value = values[flagOf(field)];
    if (typeof value === 'string') address[field] = value;
  }
  return address;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A finding as reported: the preflight's, with the service's code, or a front matter's own, without one. */
type Reported = Omit<Finding, 'code'> & { readonly code?: number };

/** A front matter's warning as a finding: Mailroom's own, on the document's line. */
const frontMatterFinding = (w: FrontMatterProblem): Reported => ({ severity: w.severity, message: w.message, line: w.line });

function findingLine(f: Reported): string {
  const where = [f.row === undefined ? (f.line === undefined ? '' : `line ${f.line}`) : `row ${f.row} (line ${f.line})`, f.field ?? '']
    .filter(Boolean)
    .join(', ');
  return `${f.severity.padEnd(7)} ${f.code ?? 'Mailroom'}  ${where ? `${where}: ` : ''}${f.message}`;
}

/**
 * `JSON.stringify(value, null, 2)` in pieces, the array at a top-level `key` (when there is one) an
 * element at a time: joined, the pieces are exactly that text.
 */
export function* jsonPieces(value: Readonly<Record<string, unknown>>, key: string): Generator<string> {
  const list = value[key];
  if (!Array.isArray(list) || list.length === 0) {
    yield JSON.stringify(value, null, 2);
    return;
  }
  const marker = '\u0000list\u0000';
  const [before, after] = JSON.stringify({ ...value, [key]: marker }, null, 2).split(JSON.stringify(marker)) as [string, string];
  yield `${before}[\n`;
  const step = 1000;
  for (let i = 0; i < list.length; i += step) {
    const items = (list as unknown[]).slice(i, i + step).map((item) => `    ${JSON.stringify(item, null, 2).replace(/\n/g, '\n    ')}`);
    yield `${i > 0 ? ',\n' : ''}${items.join(',\n')}`;
  }
  yield `\n  ]${after}`;
}

/**
 * Which encoding and delimiter a merge's CSV was read as (facts, Part B; the contract's decodeCsv
 * and csvDelimiter): said, since a wrong guess shows only in the names and the columns.
 */
interface DataEncoding {
  readonly file: string;
  readonly encoding: CsvEncoding;
  readonly delimiter: CsvDelimiter;
}

const SEPARATED_BY: Readonly<Record<CsvDelimiter, string>> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs' };

export function encodingLine({ file, encoding, delimiter }: DataEncoding): string {
  const why = encoding === 'Windows-1252' ? ' (it is not UTF-8: read as a spreadsheet on Windows saves it)' : '';
  const sent = delimiter === ',' ? 'UTF-8' : 'UTF-8 separated by commas';
  return `${file} read as ${encoding}${why}, separated by ${SEPARATED_BY[delimiter]}; the merge sends it as ${sent}.`;
}

function report(
  io: Io,
  json: boolean,
  what: string,
  mode: string,
  result: PreflightReport | MergePreflightReport,
  frontMatter: readonly Reported[],
  data: DataEncoding | undefined,
  print: PrintAssumption,
): void {
  const letters = 'letters' in result ? result.letters : undefined;
  const rows = 'rows' in result ? result.rows : undefined;
  const findings: readonly Reported[] = [...frontMatter, ...result.findings];
  const { addressRead } = result;
  const drawing = result.drawnBy
    ? {
        engine: result.drawnBy.engine,
        ...(result.drawnBy.approximation ? { approximation: result.drawnBy.approximation } : {}),
        ...('prediction' in result && result.prediction ? { prediction: true } : {}),
      }
    : {};
  const sent = 'sent' in result ? result.sent : undefined;
  // A merge whose rows' addresses cannot be read has no price to say: unknown, never $0.00.
  const unknownPrice = 'priceUnknown' in result ? result.priceUnknown : undefined;
  if (json) {
    const { ok, pages, sheets } = result;
    const price = unknownPrice ? null : result.price;
    const merge = letters ? { letters, encoding: data?.encoding, delimiter: data && CSV_DELIMITER_NAMES[data.delimiter] } : {};
    const read = addressRead ? { addressRead } : {};
    const report = {
      ok,
      pages,
      sheets,
      price,
      ...(unknownPrice ? { priceUnknown: unknownPrice } : {}),
      priceFrom: PRICE_FROM,
      workMode: mode,
      print: printSettingsJson(print),
      findings,
      ...read,
      ...merge,
      ...drawing,
      ...(sent ? { sent: { type: sent.type, sha256: sha256Of(sent.data), bytes: sent.data.length } } : {}),
    };
    // Written a piece at a time: a merge of 100,000 rows has as many letters, never one string of them all.
    for (const piece of jsonPieces(report, 'letters')) io.out.write(piece);
    io.out.write('\n');
    return;
  }
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  io.out.write(
    [
      `${what}: ${rows !== undefined ? `${plural(rows, 'letter')}, ` : ''}${plural(result.pages, 'page')} on ${plural(result.sheets, 'sheet')}, ` +
        `${unknownPrice ? `price unknown: ${unknownPrice}` : dollars(result.price)}, printed in ${mode} mode`,
      printSettingsLine(print),
      `The price is from ${PRICE_FROM}.`,
      ...[drawnLine(result)].filter((line) => line !== undefined),
      ...(sent && 'sent' in result ? [`mailroom send${result.prediction ? ' --as-is' : ''} sends it ${sentAs(result)}.`] : []),
      ...(data ? [encodingLine(data)] : []),
      ...(addressRead === undefined
        ? []
        : addressRead.length === 0
          ? ['No address is given, and the recipient box of page 1 holds no text to read one from.']
          : [
              // The preflight's -1045 error says why what is there is no address.
              findings.some((f) => f.code === STATUS.AddressNotExtracted && f.severity === 'error')
                ? 'No address is given, and what the recipient box of page 1 holds is no address the service can read:'
                : 'No address is given: the service would read this one from the recipient box of page 1:',
              ...addressRead.map((line) => `  ${line}`),
            ]),
      ...findings.map(findingLine),
      errors > 0
        ? `Would fail: ${plural(errors, 'error')}${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''}.`
        : `Nothing would fail${warnings > 0 ? ` (${plural(warnings, 'warning')})` : ''}.`,
    ].join('\n') + '\n',
  );
}

/**
 * `mailroom preflight --postcard IMAGE-SIDE ADDRESS-SIDE --to …`: the postcard printed here as
 * `mailroom postcard` checks it before sending, its findings said as a letter's are.
 */
async function preflightPostcard(io: Io, values: PostcardValues, positionals: readonly string[]): Promise<number> {
  if (positionals.length !== 2) throw new UsageError('--postcard checks two files: the image side, then the address side');
  if (values.data !== undefined || values['as-is'])
    throw new UsageError('--postcard checks a postcard: --data and --as-is are for letters');
  const mode = workModeOption(values.mode);
  const recipient = flagsAddress(values);
  if (Object.keys(recipient).length === 0)
    throw new UsageError('Name the recipient: --to "Name, Street, City, ST ZIP", or the address flags');
  const [imagePath, addressPath] = positionals as [string, string];
  const postcard = {
    image: await side('image side', imagePath),
    address: await side('address side', addressPath),
    recipient,
    scaling: 'Default',
    color: 'Default',
  } as const;
  const result = await checkPostcard(postcard, mode);
  if (values.proof !== undefined) await writeUserFile(values.proof, result.pdf, 'the proof');
  const workMode = printedIn(mode);
  if (values.json) {
    const { ok, pages, sheets, price, findings } = result;
    io.out.write(`${JSON.stringify({ ok, pages, sheets, price, priceFrom: PRICE_FROM, workMode, findings }, null, 2)}\n`);
  } else {
    const errors = result.findings.filter((f) => f.severity === 'error').length;
    const warnings = result.findings.length - errors;
    io.out.write(
      [
        `${basename(imagePath)} + ${basename(addressPath)}: a postcard, its 2 sides on 1 card, ${dollars(result.price)} (in colour), printed in ${workMode} mode`,
        `The price is from ${PRICE_FROM}.`,
        ...result.findings.map(findingLine),
        errors > 0
          ? `Would fail: ${plural(errors, 'error')}${warnings > 0 ? `, ${plural(warnings, 'warning')}` : ''}.`
          : `Nothing would fail${warnings > 0 ? ` (${plural(warnings, 'warning')})` : ''}.`,
      ].join('\n') + '\n',
    );
  }
  return result.ok ? EXIT_OK : EXIT_SERVICE_ERROR;
}

/** What `preflight --postcard` reads of the command line. */
type PostcardValues = Parameters<typeof flagsAddress>[0] & {
  readonly data?: string | undefined;
  readonly 'as-is'?: boolean | undefined;
  readonly mode?: string | undefined;
  readonly proof?: string | undefined;
  readonly json?: boolean | undefined;
};

/** Whether a stream is a terminal: progress is for a person watching, never for a pipe or a log. */
function onTerminal(stream: NodeJS.WritableStream): boolean {
  return 'isTTY' in stream && stream.isTTY === true;
}

/**
 * The rows checked of the rows there are, on one line of the terminal rewritten in place (at most
 * ten times a second), which the last count leaves complete on its own line; `end` ends a line
 * left open (a CSV refused part way, whose rows were not all checked).
 */
function rowsProgress(err: NodeJS.WritableStream): { tell: (done: number, rows: number) => void; end: () => void } {
  let said = 0;
  let open = false;
  return {
    tell: (done, rows) => {
      const now = Date.now();
      if (done < rows && now - said < 100) return;
      said = now;
      open = done < rows;
      err.write(`\rChecking rows: ${done.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')}${open ? '' : '\n'}`);
    },
    end: () => {
      if (open) err.write('\n');
      open = false;
    },
  };
}

export async function run(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = commandLine('preflight', args, {
    ...ADDRESS_OPTIONS,
    to: { type: 'string' },
    data: { type: 'string' },
    mode: { type: 'string' },
    proof: { type: 'string' },
    'as-is': { type: 'boolean', default: false },
    postcard: { type: 'boolean', default: false },
    ...ENGINE_OPTIONS,
  });
  if (values.postcard) return preflightPostcard(io, values, positionals);
  if (positionals.length !== 1) throw new UsageError('Name one file to check');
  const path = positionals[0]!;
  const mode = workModeOption(values.mode);
  // How the account prints (sides, colour): what this machine set, else config.json's, else a new account's; said below.
  const print = await printSettingsOf(values, io);
  const settings = { workMode: printedIn(mode), ...printingOf(print) };
  const { preflightLetter, preflightMerge, markedProof } = await printing();
  await useEnginesOf(values);
  const asIs = values['as-is'];
  let what: string;
  let result: PreflightReport | MergePreflightReport;
  let frontMatter: readonly Reported[] = [];
  let encoding: DataEncoding | undefined;
  if (values.data !== undefined) {
    if (values.to !== undefined || RECIPIENT_FIELDS.some((f) => (values as Record<string, unknown>)[flagOf(f)] !== undefined)) {
      throw new UsageError("A mail merge's addresses come from its CSV's columns: --to and the address flags are for a letter");
    }
    const type = fileTypeOf(basename(path));
    if (!(mergeTemplateTypes as readonly string[]).includes(type)) {
      throw new UsageError(`${basename(path)}: a mail-merge template is ${mergeTemplateTypes.join(', ')}; not .${type || 'this file'}`);
    }
    const template = await readUserFile(path, 'the template');
    let data: ReturnType<typeof mergeDataText>;
    try {
      data = mergeDataText(basename(values.data), await readUserFile(values.data, 'the data'));
    } catch (error) {
      if (error instanceof DocumentError) throw new UsageError(error.message);
      throw error;
    }
    what = `${basename(path)} × ${basename(values.data)}`;
    encoding = { file: basename(values.data), encoding: data.encoding, delimiter: data.delimiter };
    // Each letter's figures only where they are printed (--json), and a proof only when asked for: a
    // merge of any size is checked in bounded memory (src/printing/preflight/merge.ts).
    const progress = onTerminal(io.err) ? rowsProgress(io.err) : undefined;
    try {
      result = await preflightMerge({ type, template, csv: data.text }, settings, {
        letters: values.json,
        ...(values.proof !== undefined ? { proof: 'all' } : {}),
        ...(progress ? { progress: progress.tell } : {}),
      });
    } finally {
      progress?.end();
    }
  } else {
    const bytes = await readUserFile(path, 'the letter');
    const name = userFileName(path, bytes);
    let draft: LetterDraft;
    try {
      draft = await letterDraft(name, bytes, { base: dirname(resolve(path)), asIs });
    } catch (error) {
      if (error instanceof DocumentError) throw new UsageError(error.message);
      throw error;
    }
    frontMatter = (draft.warnings ?? []).map(frontMatterFinding);
    const written =
      draft.to === undefined ? {} : 'line' in draft.to ? addressLine(draft.to.line, `${name}: the front matter's to:`) : draft.to.fields;
    const address = recipientOf(written, values, flagsAddress(values));
    what = name;
    result = await preflightLetter(
      {
        type: draft.type,
        data: draft.data,
        ...(Object.keys(address).length > 0 ? { address } : {}),
        base: dirname(resolve(path)),
        title: name,
      },
      settings,
      { asIs },
    );
  }
  if (values.proof !== undefined) {
    // What the printer would cut or hide is boxed in red, in notes that do not print.
    const cut = 'marks' in result ? (result.marks?.cut ?? []) : [];
    if (result.pdf) await writeUserFile(values.proof, await markedProof(result.pdf, cut), 'the proof');
    else io.err.write(`No proof written: nothing could be printed.\n`);
  }
  report(io, values.json, what, settings.workMode, result, frontMatter, encoding, print);
  if (mode === 'Default' && !values.json) {
    io.out.write(
      "(--mode Default is the account's own work mode, which only the service knows: the proof is a new account's, Development.)\n",
    );
  }
  return result.ok ? EXIT_OK : EXIT_SERVICE_ERROR;
}
