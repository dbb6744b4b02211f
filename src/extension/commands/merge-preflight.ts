/**
 * A mail merge's preflight as a command runs it: in a progress notification saying the rows checked
 * of the rows there are, with a Cancel that stops it on the printing thread (issue 24, part 1). A
 * merge of 100,000 rows takes seconds; a person may want them back.
 */
import * as vscode from 'vscode';
import type { MergePreflightOptions, MergePreflightReport } from '../../printing';
import { preflightMerge } from '../printing-module';

type Merge = Parameters<typeof preflightMerge>[0];
type Settings = Parameters<typeof preflightMerge>[1];

/** The preflight's report; undefined when the person cancelled it. */
export function preflightMergeShown(
  what: string,
  merge: Merge,
  settings: Settings,
  options: Omit<MergePreflightOptions, 'progress' | 'signal'> = {},
): Thenable<MergePreflightReport | undefined> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Mailroom: checking {0}', what), cancellable: true },
    async (progress, token) => {
      const stop = new AbortController();
      const cancelled = token.onCancellationRequested(() => stop.abort());
      let shown = 0;
      try {
        return await preflightMerge(merge, settings, {
          ...options,
          signal: stop.signal,
          progress: (done, rows) => {
            const percent = rows > 0 ? Math.floor((done / rows) * 100) : 100;
            progress.report({ increment: percent - shown, message: vscode.l10n.t('{0} of {1} rows', done, rows) });
            shown = percent;
          },
        });
      } catch (error) {
        if (stop.signal.aborted) return undefined;
        throw error;
      } finally {
        cancelled.dispose();
      }
    },
  );
}
