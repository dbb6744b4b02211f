/**
 * The proof of a letter beside its pages: what the preflight found, in the words the proof panel
 * shows, and the SHA-256 that ties the bytes previewed to the bytes sent. No VS Code here, so that
 * it is tested as plain code; views/proof-html.ts draws it.
 */
import * as l10n from '@vscode/l10n';
import { createHash } from 'node:crypto';
import { statusGroupOf } from '../../contract';
import { unsendable } from '../../printing/preflight/unsendable';
import type { DrawnBy, Finding, ProofMarks } from '../../printing';
import { type AssumedPrintSettings, type PrintSettingSource } from '../../rulebook';
import { dollars, localMinute } from '../../formats';

/** The SHA-256 of a letter's bytes, in hex: what the proof shows and the send records. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What the preflight says of one letter (or one merge row's letter). */
export interface ProofFacts {
  readonly pages: number;
  readonly sheets: number;
  readonly price: number;
  /** The work mode the proof is printed in (Development carries the mark). */
  readonly printedIn: string;
  /** The work mode Send This Letter sends in, when it is not the one printed in: Default, the account's own. */
  readonly sendsIn?: string;
  readonly findings: readonly Finding[];
  /** Of the bytes that Send This Letter sends; none for a merge row, which is not sent alone. */
  readonly sha256?: string;
  /** Sent without an address: the lines the service would read from the recipient box of page 1. */
  readonly addressRead?: readonly string[];
  /** What the proof draws over its pages. */
  readonly marks?: ProofMarks;
  /** A merge's CSV, and which encoding its file was read as (sent as UTF-8), and its delimiter where it is not a comma (sent as commas). */
  readonly mergeData?: MergeDataRead;
  /** How the account's letters were assumed to print (simplex or duplex, black or colour), and from where. */
  readonly print?: AssumedPrintSettings;
  /** Which engine drew the pages, or why only Mailroom's text layout did (an approximation); none for a PDF, printed as it is. */
  readonly drawnBy?: DrawnBy;
  /** Sent as it is (mailroom.printing.sendAsIs): the service's own converter lays it out, and the proof is a prediction. */
  readonly prediction?: boolean;
  /** The type of what Send This Letter sends: `pdf` for the PDF drawn here, else the file as it is. */
  readonly sentType?: string;
}

/** A box on a page, in points from its top-left corner as shown. */
export interface PageBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** What the proof's webview draws over one page, with the words it says of it. */
export interface PageDrawing {
  /** The page is not US Letter: an outline all round it. */
  readonly outline?: { readonly label: string };
  /** The recipient box (page 1): where the envelope shows the address, and where the service reads one left out. */
  readonly box?: PageBox & { readonly label: string };
  /** Ink the printer would cut or hide, or the envelope's windows show: red boxes, each with why. */
  readonly cut?: readonly (PageBox & { readonly label: string })[];
}

/** What the webview draws over each page (by 1-based page), from the preflight's marks; nothing for a page that needs nothing. */
export function pageDrawings(marks: ProofMarks | undefined, addressRead?: readonly string[]): Readonly<Record<number, PageDrawing>> {
  if (!marks) return {};
  const drawings: Record<number, PageDrawing> = {};
  for (const page of marks.offSize) {
    drawings[page.page] = { outline: { label: l10n.t('Not US Letter: {0}. The service fails it at -1021.', page.size) } };
  }
  const box =
    addressRead === undefined
      ? l10n.t('Recipient box: the envelope window shows this')
      : addressRead.length === 0
        ? l10n.t('Recipient box: empty, so the service finds no address (-1045)')
        : l10n.t('Recipient box: the service reads the address from here');
  drawings[1] = { ...drawings[1], box: { ...marks.recipientBox, label: box } };
  for (const { page, why, left, top, width, height } of marks.cut ?? []) {
    const drawing = drawings[page];
    drawings[page] = { ...drawing, cut: [...(drawing?.cut ?? []), { left, top, width, height, label: why }] };
  }
  return drawings;
}

export interface ProofRow {
  readonly label: string;
  readonly value: string;
}

/** Where an assumed print setting came from, in words; `setting` is the extension's own (mailroom.printSides), `other` the value it would say. */
function printSourceWords(source: PrintSettingSource, setting: string, other: string): string {
  switch (source.kind) {
    case 'set': {
      const at = localMinute(source.at.toISOString());
      return source.via === 'command line'
        ? l10n.t('as mailroom call SetUserSettings set it on {0}', at)
        : source.via === 'extension'
          ? l10n.t('as Change User Settings set it on {0}', at)
          : l10n.t('as SetUserSettings from this machine set it on {0}', at);
    }
    case 'configured':
      return l10n.t('as {0} says', setting);
    case 'new account':
      return l10n.t(
        "a new account's: the service cannot be asked; set {0} (or use Change User Settings) if yours prints {1}",
        setting,
        other,
      );
  }
}

/** The print settings assumed, as rows: sides, then colour, each with where it came from. */
function printRows(print: AssumedPrintSettings): ProofRow[] {
  const { printSides, printColor } = print;
  const sides = printSides.value === 'Duplex' ? l10n.t('Duplex: both sides of each sheet') : l10n.t('Simplex: one side of each sheet');
  const colour = printColor.value === 'FullColor' ? l10n.t('Full colour') : l10n.t('Black and white');
  return [
    {
      label: l10n.t('Sides'),
      value: `${sides}, ${printSourceWords(printSides.source, 'mailroom.printSides', printSides.value === 'Duplex' ? l10n.t('simplex') : l10n.t('duplex'))}`,
    },
    {
      label: l10n.t('Colour'),
      value: `${colour}, ${printSourceWords(printColor.source, 'mailroom.printColor', printColor.value === 'FullColor' ? l10n.t('in black and white') : l10n.t('in colour'))}`,
    },
  ];
}

/** The facts as rows: pages, sheets, price (an estimate from the sandbox's price list), work mode, sides and colour, a merge's data and its encoding, SHA-256. */
export function proofRows(facts: ProofFacts): ProofRow[] {
  return [
    { label: l10n.t('Pages'), value: String(facts.pages) },
    { label: l10n.t('Sheets'), value: String(facts.sheets) },
    {
      label: l10n.t('Price'),
      value: l10n.t("{0}, from the sandbox's price list: an estimate of what the real service charges", dollars(facts.price)),
    },
    { label: l10n.t('Printed in'), value: l10n.t('{0} mode', facts.printedIn) },
    ...(facts.sendsIn
      ? [
          {
            label: l10n.t('Sends in'),
            value: l10n.t("{0}: the account's own work mode, which may be Production (printed and charged)", facts.sendsIn),
          },
        ]
      : []),
    ...(facts.print ? printRows(facts.print) : []),
    ...(facts.mergeData
      ? [
          {
            label: l10n.t('Merge data'),
            value: facts.mergeData.delimiter
              ? l10n.t('{0}, read as {1}; sent as UTF-8 separated by commas', facts.mergeData.name, readAs(facts.mergeData))
              : l10n.t('{0}, read as {1}; sent as UTF-8', facts.mergeData.name, facts.mergeData.encoding),
          },
        ]
      : []),
    ...drawingRows(facts),
    ...(facts.sha256 ? [{ label: l10n.t('SHA-256'), value: facts.sha256 }] : []),
  ];
}

/** Which engine drew the proof, in plain words, and what Send This Letter sends of it. */
function drawingRows({ drawnBy, prediction, sentType }: ProofFacts): ProofRow[] {
  if (!drawnBy) return [];
  const drawn = drawnBy.approximation
    ? l10n.t('{0}: an approximation, not the page as it will print. {1}', drawnBy.engine, drawnBy.approximation)
    : prediction
      ? l10n.t("{0}: a prediction, since the letter is sent as it is and the service's own converter lays it out", drawnBy.engine)
      : drawnBy.engine;
  const rows: ProofRow[] = [{ label: l10n.t('Drawn by'), value: drawn }];
  if (sentType === 'pdf' && !drawnBy.approximation && !prediction) {
    rows.push({ label: l10n.t('Sent as'), value: l10n.t('the PDF {0} drew: the pages shown are the pages printed', drawnBy.engine) });
  } else if (sentType) {
    rows.push({ label: l10n.t('Sent as'), value: l10n.t("{0} as it is, to the service's own converter", sentType.toUpperCase()) });
  }
  return rows;
}

export const errorsIn = (findings: readonly Finding[]) => findings.filter((f) => f.severity === 'error');

/**
 * The errors the service refuses the send with (a result code, such as -3120 "AttentionLine1 longer
 * than 45"): no letter is made, so no Send Anyway can get past them. The others are statuses a mailer
 * fails with after the service accepted it (-1018, -1021, -1045, -1065…), which a Development send may
 * go ahead with, to see what the service does. An error with no code is counted as refused: what the
 * service would do is not known.
 */
export const refusedAtSend = (findings: readonly Finding[]) =>
  errorsIn(findings).filter((f) => f.code === undefined || statusGroupOf(f.code) !== 'failed');

/**
 * Whether a send of a letter with these findings can be made anyway: it has errors, the service
 * would accept it (to fail it later), and none is one no send goes on with (no address to read, over
 * the service's limit: preflight/unsendable.ts, as the command line refuses them).
 */
export const overridable = (findings: readonly Finding[]) =>
  errorsIn(findings).length > 0 && refusedAtSend(findings).length === 0 && unsendable(findings).length === 0;

/** "2 errors; the first: -1018 …": what a send stopped by the preflight says. Undefined when nothing would fail. */
export function failureSummary(findings: readonly Finding[]): string | undefined {
  const errors = errorsIn(findings);
  const first = errors[0];
  if (!first) return undefined;
  const count = errors.length === 1 ? l10n.t('1 error') : l10n.t('{0} errors', errors.length);
  return l10n.t('{0}; the first: {1}', count, findingWords(first));
}

/** One finding in a line: its code (a warning about printing has none), its field (and row), its words. */
export function findingWords(f: Finding): string {
  const where = [f.row === undefined ? undefined : l10n.t('row {0}', f.row), f.field].filter(Boolean).join(', ');
  const head = `${f.code ?? ''}${where ? ` (${where})` : ''}`;
  return head ? `${head}: ${f.message}` : f.message;
}

/** A merge row's proof beside its letter: the row's own findings and the merge's, which name no row. */
export const rowFindings = (findings: readonly Finding[], row: number) => findings.filter((f) => f.row === undefined || f.row === row);

/** A merge's CSV as its file was read: the encoding, and the delimiter when it is not a comma (the contract's csvDelimiter). */
export interface MergeDataRead {
  readonly name: string;
  readonly encoding: string;
  readonly delimiter?: ';' | '\t';
}

/** A merge CSV's file as it was read, in words: its encoding, and its delimiter where it is not a comma. */
export function readAs({ encoding, delimiter }: Pick<MergeDataRead, 'encoding' | 'delimiter'>): string {
  if (!delimiter) return encoding;
  return delimiter === ';' ? l10n.t('{0}, separated by semicolons', encoding) : l10n.t('{0}, separated by tabs', encoding);
}

/** The delimiter a merge's CSV is said with: none for the comma the service takes. */
export function saidDelimiter(delimiter: ',' | ';' | '\t'): Pick<MergeDataRead, 'delimiter'> {
  return delimiter === ',' ? {} : { delimiter };
}
