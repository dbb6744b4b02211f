/**
 * "Preview Merge Row…": the template and the CSV asked as Send Mail Merge asks them (the active
 * editor's file, or the one chosen in the explorer, preselected), then one data row, picked by its
 * number, name and city with its findings marked, and that row's letter shown in the proof panel
 * beside the row's findings (and the merge's own, which name no row). A row is not sent alone: no
 * Send This Letter here.
 */
import * as vscode from 'vscode';
import { activeDocumentUri } from '../active-document';
import { basename } from 'node:path';
import {
  CsvError,
  csvOfRows,
  csvRow,
  csvDelimiter,
  csvRowIndex,
  decodeCsv,
  rowAt,
  type CsvRowIndex,
  type DecodedCsv,
  type EnumValue,
} from '../../contract';
import type { MergePreflightReport } from '../../printing';
import { printedIn, printedWith, type AssumedPrintSettings } from '../../rulebook';
import { printAssumedFor } from '../print-settings';
import { rowFindings, saidDelimiter, type ProofFacts } from '../model/proof';
import { recipientsOfRows } from '../model/batch-items';
import { mergeDataDiagnostics, preflightMerge } from '../printing-module';
import { prompts } from '../prompts';
import type { PdfPreview, ProofPanel } from '../views/pdf-preview';
import { askMergeFiles } from './merge-files';
import { factsOf, pdfOf, type ProofContext } from './proof';
import { defaultWorkMode } from './send-flow';

/**
 * The proof of a whole merge (Open Proof when its send is stopped): every letter, every finding, no
 * Send button. Its PDF is printed when the panel asks for it (`pdf`), not by the preflight, which
 * prints none (src/printing/preflight/merge.ts).
 */
export function showMergeProof(
  ctx: ProofContext,
  title: string,
  report: MergePreflightReport,
  workMode: EnumValue<'WorkMode'>,
  mergeData: MergeData,
  print: AssumedPrintSettings,
  pdf: () => Promise<Buffer | undefined> = pdfOf(report),
): PdfPreview {
  return ctx.previews.show(vscode.l10n.t('Proof · {0}', title), pdf, undefined, {
    view: { facts: { ...factsOf(report, workMode, { print }), mergeData }, canSend: false },
  });
}

/** A merge's CSV and the encoding its file was read as. */
type MergeData = NonNullable<ProofFacts['mergeData']>;

/** The CSV file's text by the contract's one rule (decodeCsv), or undefined when its bytes do not follow its byte order mark (said). */
export async function readMergeData(ctx: ProofContext, data: vscode.Uri): Promise<DecodedCsv | undefined> {
  try {
    return decodeCsv(await vscode.workspace.fs.readFile(data));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    ctx.log.showError(vscode.l10n.t('Mailroom: {0} is not CSV: {1} (line {2})', basename(data.path), error.message, error.line));
    return undefined;
  }
}

/** Rows listed at once in the pick; any other is found by its number or a word of it (Another Row…). */
export const LISTED_ROWS = 200;

/** A row to preview, or Another Row… (with what was typed into the pick, kept for its input box). */
type RowItem = vscode.QuickPickItem & { readonly row: number | 'another'; readonly text?: string };

export function previewMergeRowCommand(ctx: ProofContext) {
  return async (target?: vscode.Uri): Promise<void> => {
    const given = target instanceof vscode.Uri ? target : activeDocumentUri();
    const files = await askMergeFiles(
      ctx,
      {
        template: vscode.l10n.t('Preview Merge Row: the template'),
        data: vscode.l10n.t('Preview Merge Row: the merge data (CSV with a header row)'),
      },
      given,
      'preselected',
    );
    if (!files) return;
    const { template, data } = files;
    const dataName = basename(data.path);
    const first = await rowProof(ctx, template, data);
    if (!first) return;
    if (first.kind === 'whole') {
      // Refused as a whole (a CSV not well formed, or without rows), which its preflight says at once: nothing to pick from.
      first.show();
      return;
    }
    const chosen = await pickRow(first.csv, first.rows, dataName, first.template);
    if (chosen === undefined) return;
    const shown = await first.proofOf(chosen);
    if (shown.kind === 'whole') {
      shown.show();
      return;
    }
    const title = vscode.l10n.t('Proof · {0} row {1}', basename(template.path), chosen);
    // Refresh, and a change of the CSV or the template on disk: the row printed again, its findings found again.
    const refresh = async () => {
      const again = await rowProof(ctx, template, data);
      if (!again) return;
      const next = again.kind === 'whole' ? again : chosen < again.rows.count ? await again.proofOf(chosen) : undefined;
      if (next?.kind === 'row') {
        preview.update(next.load, { ...next.panel, refresh });
        return;
      }
      // Not this row's proof any more: the file no longer reads as rows (the merge's own proof says why), or the row is gone.
      preview.markStale();
      if (next) next.show();
      else void prompts.notify('warning', vscode.l10n.t('Mailroom: {0} has no row {1} now.', dataName, chosen));
    };
    const preview = ctx.previews.show(title, shown.load, undefined, { ...shown.panel, refresh });
    for (const file of [data, template]) {
      const watcher = vscode.workspace.createFileSystemWatcher(
        new vscode.RelativePattern(vscode.Uri.joinPath(file, '..'), basename(file.path)),
        true,
        false,
        true,
      );
      preview.own(watcher);
      preview.own(watcher.onDidChange(() => void refresh()));
    }
    // Typed but not saved: the proof says it was drawn from the file as it was, with Refresh.
    preview.own(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length > 0 && event.document.uri.toString() === data.toString() && event.document.isDirty) {
          preview.markStale();
        }
      }),
    );
  };
}

/** A merge's proof, as Preview Merge Row shows it: of the whole merge (refused as a whole), or of one row, with its PDF. */
type MergeProof =
  | { readonly kind: 'whole'; readonly show: () => void }
  | { readonly kind: 'row'; readonly load: () => Promise<Buffer | undefined>; readonly panel: ProofPanel };

/**
 * The template and CSV as they are on disk now: where each row is (found by one scan: a row is
 * read alone, never the whole file parsed or printed), and the proof of any row of them.
 */
async function rowProof(
  ctx: ProofContext,
  template: vscode.Uri,
  data: vscode.Uri,
): Promise<
  | { readonly kind: 'whole'; readonly show: () => void }
  | {
      readonly kind: 'rows';
      readonly csv: string;
      readonly rows: CsvRowIndex;
      readonly template: { readonly type: string; readonly data: Uint8Array };
      readonly proofOf: (row: number) => Promise<MergeProof>;
    }
  | undefined
> {
  const [templateName, dataName] = [basename(template.path), basename(data.path)];
  const type = templateName.slice(templateName.lastIndexOf('.') + 1).toLowerCase();
  const templateBytes = await vscode.workspace.fs.readFile(template);
  const decoded = await readMergeData(ctx, data);
  if (!decoded) return undefined;
  const csv = decoded.text;
  const mergeData = { name: dataName, encoding: decoded.encoding, ...saidDelimiter(csvDelimiter(csv)) };
  const workMode = defaultWorkMode();
  // Printed as the account prints (simplex or duplex, black or colour), which the proof says.
  const print = await printAssumedFor(ctx.accounts.account);
  const settings = { workMode: printedIn(workMode), ...printedWith(print) } as const;
  let index: CsvRowIndex | undefined;
  try {
    index = csvRowIndex(csv);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
  }
  if (!index || index.count < 2) {
    const report = await preflightMerge({ type, template: templateBytes, csv }, settings);
    return { kind: 'whole', show: () => showMergeProof(ctx, `${templateName} × ${dataName}`, report, workMode, mergeData, print) };
  }
  const rows = index;
  const proofOf = async (chosen: number): Promise<MergeProof> => {
    const one = await preflightMerge({ type, template: templateBytes, csv: csvOfRows(csv, rows, [chosen]) }, settings, { proof: 'all' });
    const letter = one.letters[0];
    if (!letter) {
      // Refused as a whole (a template the printer cannot read, a header the service refuses): the merge's proof says why.
      return { kind: 'whole', show: () => showMergeProof(ctx, `${templateName} × ${dataName}`, one, workMode, mergeData, print) };
    }
    // Found in a CSV of the header and this row alone: said of the row as the whole file numbers it.
    const findings = one.findings.map((f) => (f.row === undefined ? f : { ...f, row: chosen, line: rows.lines[chosen]! }));
    const facts = {
      ...factsOf(one, workMode, { print }),
      findings: rowFindings(findings, chosen),
      pages: letter.pages,
      sheets: letter.sheets,
      mergeData,
    };
    return { kind: 'row', load: pdfOf(one), panel: { view: { facts: { ...facts, price: letter.price }, canSend: false } } };
  };
  return { kind: 'rows', csv, rows, template: { type, data: templateBytes }, proofOf };
}

/**
 * The row to preview: the first LISTED_ROWS rows in a pick, each with its name and city and its
 * findings marked (the live diagnostics' checks, of those rows alone); in a longer CSV, Another
 * Row… asks for a number or a word (a name, a city) and lists the rows that hold it.
 */
async function pickRow(
  csv: string,
  index: CsvRowIndex,
  dataName: string,
  template: { readonly type: string; readonly data: Uint8Array },
): Promise<number | undefined> {
  const last = index.count - 1;
  const title = vscode.l10n.t('Preview Merge Row: which row of {0}', dataName);
  const first = Array.from({ length: Math.min(LISTED_ROWS, last) }, (_, i) => i + 1);
  const items: RowItem[] = await rowItems(csv, index, first, template);
  if (last > LISTED_ROWS) {
    items.push({
      label: `$(search) ${vscode.l10n.t('Another Row…')}`,
      description: vscode.l10n.t('rows 1–{0}, by number, name or city', last.toLocaleString('en-US')),
      row: 'another',
    });
  }
  // What is typed into the pick stays: a row number past the listed ones is a row to choose at once, any other text Another Row…'s.
  const typed = (text: string): RowItem | undefined => {
    const number = rowNumber(text);
    if (number !== undefined && number > LISTED_ROWS && number <= last) {
      return { label: vscode.l10n.t('Row {0}', number), description: vscode.l10n.t('Enter: preview it'), alwaysShow: true, row: number };
    }
    return last > LISTED_ROWS && text.trim()
      ? {
          label: `$(search) ${vscode.l10n.t('Another Row…')}`,
          description: `“${text.trim()}”`,
          alwaysShow: true,
          row: 'another',
          text: text.trim(),
        }
      : undefined;
  };
  const chosen = await prompts.pick(items, { title, matchOnDescription: true, ignoreFocusOut: true, typed });
  if (!chosen) return undefined;
  if (chosen.row !== 'another') return chosen.row;
  const asked = await prompts.input({
    title,
    prompt: vscode.l10n.t('A row number (1–{0}), or a name or city its row holds', last.toLocaleString('en-US')),
    value: chosen.text ?? '',
    ignoreFocusOut: true,
    validateInput: (text) => {
      const number = rowNumber(text);
      if (text.trim() === '') return vscode.l10n.t('Type a row number or a word of the row.');
      return number !== undefined && (number < 1 || number > last)
        ? vscode.l10n.t('{0} has rows 1–{1}.', dataName, last.toLocaleString('en-US'))
        : undefined;
    },
  });
  if (asked === undefined) return undefined;
  const number = rowNumber(asked);
  if (number !== undefined) return number;
  const found = rowsHolding(csv, index, asked.trim());
  if (found.length === 0) {
    void prompts.notify('info', vscode.l10n.t('No row of {0} holds "{1}".', dataName, asked.trim()));
    return undefined;
  }
  const picked = await prompts.pick(await rowItems(csv, index, found, template), { title, matchOnDescription: true, ignoreFocusOut: true });
  return typeof picked?.row === 'number' ? picked.row : undefined;
}

/** A row number as typed ("75000", "75,000", "#75000"); undefined for anything else. */
function rowNumber(text: string): number | undefined {
  const digits = text.trim().replace(/^#/, '').replace(/[,\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

/** The first LISTED_ROWS data rows whose text holds the words, in any case (a word across two rows is no row's). */
function rowsHolding(csv: string, index: CsvRowIndex, words: string): number[] {
  const wanted = new RegExp(words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  const found: number[] = [];
  wanted.lastIndex = index.ends[0]!;
  for (let match = wanted.exec(csv); match && found.length < LISTED_ROWS; match = wanted.exec(csv)) {
    const row = rowAt(index, match.index);
    if (match.index + match[0].length <= index.ends[row]!) {
      found.push(row);
      wanted.lastIndex = index.ends[row]!;
    } else wanted.lastIndex = match.index + 1;
  }
  return found;
}

/** The rows as pick items: the number, the name and city, the findings' codes; marked by their worst. */
async function rowItems(
  csv: string,
  index: CsvRowIndex,
  rows: readonly number[],
  template: { readonly type: string; readonly data: Uint8Array },
): Promise<RowItem[]> {
  const columns = csvRow(csv, index, 0).map((c) => c.trim());
  // The rows' findings as the live diagnostics find them (on the printing thread), in a CSV of these rows alone: row i is rows[i - 1].
  const findings = await mergeDataDiagnostics(csvOfRows(csv, index, rows), template);
  return rows.map((row, i) => {
    const values = csvRow(csv, index, row);
    const found = findings.filter((f) => f.row === i + 1);
    const mark = found.some((f) => f.severity === 'error') ? '$(error) ' : found.length > 0 ? '$(warning) ' : '';
    return {
      label: `${mark}${vscode.l10n.t('Row {0}', row)}`,
      // As the batch's items name their rows (a column named twice read by its last, as the merge reads it).
      description: recipientsOfRows(columns, [values])[0],
      detail:
        found
          .map((f) => `${f.code ?? ''} ${f.field ?? ''}`.trim())
          .filter(Boolean)
          .join(' · ') || undefined,
      row,
    };
  });
}
