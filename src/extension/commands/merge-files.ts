/**
 * A mail merge's two files, asked as Send Mail Merge and Preview Merge Row ask them: the template
 * (.docx or HTML) and the CSV, in steps with Back. A file the command was given (the explorer's, or
 * the active editor's) stands for its step: skipped when sending, where the person chose it already;
 * preselected when previewing, where the active editor's file is only a guess. The pair is
 * remembered for the CSV's live diagnostics.
 */
import type * as vscode from 'vscode';
import { mergeTemplateTypes } from '../../contract';
import type { ProofContext } from './proof';
import { askSteps, filesStep } from './steps';

export interface MergeFiles {
  readonly template: vscode.Uri;
  readonly data: vscode.Uri;
  /** How many of the two were asked (a file given stands for its step when sending). */
  readonly asked?: number;
}

type Answers = Partial<MergeFiles>;

const isCsv = (uri: vscode.Uri) => /\.csv$/i.test(uri.path);
const isTemplate = (uri: vscode.Uri) => mergeTemplateTypes.some((t) => uri.path.toLowerCase().endsWith(`.${t}`));

export async function askMergeFiles(
  ctx: Pick<ProofContext, 'mergeTemplates'>,
  titles: { readonly template: string; readonly data: string },
  given: vscode.Uri | undefined,
  givenStep: 'skipped' | 'preselected',
  /** Questions the command asks after these, counted in their numbering ((1/3), (2/3), then its (3/3)). */
  after = 0,
): Promise<MergeFiles | undefined> {
  const start: Answers = given && isCsv(given) ? { data: given } : given && isTemplate(given) ? { template: given } : {};
  const skip = (field: keyof MergeFiles) => givenStep === 'skipped' && start[field] !== undefined;
  const steps = [
    ...(skip('template')
      ? []
      : [
          filesStep<Answers>(
            titles.template,
            mergeTemplateTypes,
            (f) => f.template && [f.template],
            (f, [template]) => ({ ...f, template }),
          ),
        ]),
    ...(skip('data')
      ? []
      : [
          filesStep<Answers>(
            titles.data,
            ['csv'],
            (f) => f.data && [f.data],
            (f, [data]) => ({ ...f, data }),
          ),
        ]),
  ];
  const answers = await askSteps<Answers>(steps, start, { before: 0, after });
  const { template, data } = answers ?? {};
  if (!template || !data) return undefined;
  await ctx.mergeTemplates.rememberMergeTemplate(data, template);
  return { template, data, asked: steps.length };
}
