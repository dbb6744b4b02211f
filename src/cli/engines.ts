/**
 * The print engines as the command line names them (--browser, --office), and what it says of a
 * letter's drawing: which engine drew its proof, or why the proof is only an approximation, and
 * what a send of it sends. The engines themselves are printing's (src/printing/engines/).
 */
import { createHash } from 'node:crypto';
import type { PreflightReport } from '../printing';
import { printing } from './printing';

/** The flags every command that draws a letter takes. */
export const ENGINE_OPTIONS = {
  browser: { type: 'string' },
  office: { type: 'string' },
} as const;

export const ENGINE_HELP: readonly (readonly [string, string])[] = [
  [
    '--browser PATH|none',
    "the Chromium-based browser (Chrome, Chromium, Edge) that draws HTML and Markdown letters; MAILROOM_BROWSER, else one found on the machine, by default; none: Mailroom's text layout, an approximation",
  ],
  [
    '--office PATH|none',
    "LibreOffice's soffice, which draws .docx, .doc, .odt and .rtf letters; MAILROOM_OFFICE, else one found on the machine, by default; none: a .docx by Mammoth and the browser",
  ],
];

/** The programs named by the flags, used from now on; the environment and the machine otherwise. */
export async function useEnginesOf(values: { readonly browser?: string | undefined; readonly office?: string | undefined }): Promise<void> {
  const { useEngines } = await printing();
  await useEngines({
    ...(values.browser !== undefined ? { browser: values.browser } : {}),
    ...(values.office !== undefined ? { office: values.office } : {}),
  });
}

export const sha256Of = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** Which engine drew the proof, in a line: none for a PDF, printed as it is. */
export function drawnLine(report: Pick<PreflightReport, 'drawnBy' | 'prediction'>): string | undefined {
  const by = report.drawnBy;
  if (!by) return undefined;
  if (by.approximation) return `Drawn by ${by.engine}. ${by.approximation}`;
  return report.prediction
    ? `Drawn by ${by.engine}, as a prediction: sent as it is, the service's own converter lays it out.`
    : `Drawn by ${by.engine}.`;
}

/** What a send of the letter sends, in words ("as the PDF Chromium 156… drew, SHA-256 …"), with the SHA-256 the proof shows when it is the proof's PDF. */
export function sentAs(report: Pick<PreflightReport, 'drawnBy' | 'prediction' | 'sent'>): string {
  const { sent, drawnBy } = report;
  const type = sent.type.toUpperCase();
  if (report.prediction) return sentToConverter(sent.type);
  if (drawnBy?.approximation) return `as ${type} to the service's converter: no engine drew it here, so the proof is an approximation`;
  if (drawnBy) return `as the PDF ${drawnBy.engine} drew, SHA-256 ${sha256Of(sent.data)}`;
  return `as it is (${type}), SHA-256 ${sha256Of(sent.data)}`;
}

/** A file sent as it is to the service's own converter: what the proof shows of it is a prediction. */
export const sentToConverter = (type: string) => `as ${type.toUpperCase()} to the service's converter: the proof is a prediction`;
