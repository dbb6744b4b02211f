/**
 * "Preview Merge Row…": the template and the CSV asked as Send Mail Merge asks them (the active
 * editor's file, or the one chosen in the explorer, preselected), then one data row, picked by its
 * number, name and city with its findings marked, and that row's letter shown in the proof panel
 * beside the row's findings (and the merge's own, which name no row). A row is not sent alone: no
 * Send This Letter here.
 */
import * as vscode from 'vscode';
import { basename } from 'node:path';
import { CsvError, decodeCsv, parseCsvLines, type DecodedCsv, type EnumValue } from '../../contract';
import type { MergePreflightReport } from '../../printing';
import { printedWith, type AssumedPrintSettings } from '../../rulebook';
import { printAssumedFor } from '../print-settings';
import { csvOfRow, errorsIn, rowFindings, type ProofFacts } from '../model/proof';
import { preflightMerge } from '../printing-module';
import { preflightMergeShown } from './merge-preflight';
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

export function previewMergeRowCommand(ctx: ProofContext) {
  return async (target?: vscode.Uri): Promise<void> => {
    const given = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
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
    const mergeData = { name: dataName, encoding: decoded.encoding };
    const workMode = defaultWorkMode();
    // Printed as the account prints (simplex or duplex, black or colour), which the proof says.
    const print = await printAssumedFor(ctx.accounts.account);
    const settings = { workMode: printedIn(workMode), ...printedWith(print) } as const;
    const report = await preflightMergeShown(`${templateName} × ${dataName}`, { type, template: templateBytes, csv }, settings);
    if (!report) return;
    if (report.letters.length === 0) {
      // Refused as a whole (an unreadable template, a CSV without rows): nothing to pick from.
      showMergeProof(ctx, `${templateName} × ${dataName}`, report, workMode, mergeData, print);
      return;
    }
    const { rows, lines } = parseCsvLines(csv);
    const columns = rows[0]!.map((c) => c.trim());
    const cell = (row: readonly string[], ...names: string[]) =>
      names.map((n) => row[columns.indexOf(n)]?.trim()).find((v) => v !== undefined && v !== '') ?? '';
    const items = report.letters.map((letter) => {
      const values = rows[letter.row]!;
      const found = report.findings.filter((f) => f.row === letter.row);
      const errors = errorsIn(found).length;
      const mark = errors > 0 ? '$(error) ' : found.length > 0 ? '$(warning) ' : '';
      return {
        label: `${mark}${vscode.l10n.t('Row {0}', letter.row)}`,
        description: [cell(values, 'AttentionLine1', 'Company'), cell(values, 'City')].filter(Boolean).join(', '),
        detail:
          found
            .map((f) => `${f.code ?? ''} ${f.field ?? ''}`.trim())
            .filter(Boolean)
            .join(' · ') || undefined,
        row: letter.row,
      };
    });
    const chosen = await prompts.pick(items, {
      title: vscode.l10n.t('Preview Merge Row: which row of {0}', dataName),
      matchOnDescription: true,
      ignoreFocusOut: true,
    });
    if (!chosen) return;
    const one = await preflightMerge({ type, template: templateBytes, csv: csvOfRow(csv, lines, chosen.row) }, settings, { proof: 'all' });
    const letter = report.letters[chosen.row - 1]!;
    const facts = {
      ...factsOf(one, workMode, { print }),
      findings: rowFindings(report.findings, chosen.row),
      pages: letter.pages,
      sheets: letter.sheets,
      mergeData,
    };
    ctx.previews.show(vscode.l10n.t('Proof · {0} row {1}', templateName, chosen.row), pdfOf(one), undefined, {
      view: { facts: { ...facts, price: letter.price }, canSend: false },
    });
  };
}
