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
import { printedWith, type AssumedPrintSettings } from '../../rulebook';
import { printAssumedFor } from '../print-settings';
import { rowFindings, saidDelimiter, type ProofFacts } from '../model/proof';
import { recipientsOfRows } from '../model/batch-items';
import { mergeDataDiagnostics, preflightMerge } from '../printing-module';
import { prompts } from '../prompts';
import type { PdfPreview } from '../views/pdf-preview';
import { askMergeFiles } from './merge-files';
import { factsOf, pdfOf, printedIn, type ProofContext } from './proof';
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

type RowItem = vscode.QuickPickItem & { readonly row: number | 'another' };

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
    const [templateName, dataName] = [basename(template.path), basename(data.path)];
    const type = templateName.slice(templateName.lastIndexOf('.') + 1).toLowerCase();
    const templateBytes = await vscode.workspace.fs.readFile(template);
    const decoded = await readMergeData(ctx, data);
    if (!decoded) return;
    const csv = decoded.text;
    const mergeData = { name: dataName, encoding: decoded.encoding, ...saidDelimiter(csvDelimiter(csv)) };
    const workMode = defaultWorkMode();
    // Printed as the account prints (simplex or duplex, black or colour), which the proof says.
    const print = await printAssumedFor(ctx.accounts.account);
    const settings = { workMode: printedIn(workMode), ...printedWith(print) } as const;
    // Where each row is, found by one scan: a row is read alone, never the whole file parsed or printed.
    let index: CsvRowIndex | undefined;
    try {
      index = csvRowIndex(csv);
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
    }
    if (!index || index.count < 2) {
      // Refused as a whole (a CSV not well formed, or without rows), which its preflight says at once: nothing to pick from.
      const report = await preflightMerge({ type, template: templateBytes, csv }, settings);
      showMergeProof(ctx, `${templateName} × ${dataName}`, report, workMode, mergeData, print);
      return;
    }
    const rows = index;
    const chosen = await pickRow(csv, rows, dataName, { type, data: templateBytes });
    if (chosen === undefined) return;
    const one = await preflightMerge({ type, template: templateBytes, csv: csvOfRows(csv, rows, [chosen]) }, settings, { proof: 'all' });
    const letter = one.letters[0];
    if (!letter) {
      // Refused as a whole (a template the printer cannot read, a header the service refuses): the merge's proof says why.
      showMergeProof(ctx, `${templateName} × ${dataName}`, one, workMode, mergeData, print);
      return;
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
    ctx.previews.show(vscode.l10n.t('Proof · {0} row {1}', templateName, chosen), pdfOf(one), undefined, {
      view: { facts: { ...facts, price: letter.price }, canSend: false },
    });
  };
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
  const chosen = await prompts.pick(items, { title, matchOnDescription: true, ignoreFocusOut: true });
  if (!chosen) return undefined;
  if (chosen.row !== 'another') return chosen.row;
  const asked = await prompts.input({
    title,
    prompt: vscode.l10n.t('A row number (1–{0}), or a name or city its row holds', last.toLocaleString('en-US')),
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
