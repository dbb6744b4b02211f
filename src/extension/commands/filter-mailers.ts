/**
 * Filter Mailers…, Clear Filter and Export Mailers…: the Mailers view's title bar. Filter Mailers…
 * is one input box, the text (accents and case ignored: "dupre" finds "Dupré"), keeping the rest
 * of the filter; Filter Mailers by Status, Work Mode and Day… (the title bar's "…" menu) asks every
 * part in steps (text, status group, work mode, the first and last day), each showing what the
 * filter holds now, so that Enter through them keeps it. The filter applies to the Mailers and
 * Send History views of this window (mailer-filter-state.ts). Export writes what the view shows.
 */
import * as vscode from 'vscode';
import { STATUS_GROUPS, type StatusGroup } from '../../contract';
import { describeFilter, isDay, isFiltering, STATUS_GROUP_WORDS, type FilterWorkMode, type MailerFilter } from '../model/mailer-filter';
import { exportedMailers, type ExportFormat } from '../model/mailer-export';
import type { MailerFilterState } from '../mailer-filter-state';
import { BACK, prompts } from '../prompts';
import type { MailersTree } from '../views/mailers-tree';
import type { CommandMap } from './invocation';
import { askSteps, pickStep, type Step } from './steps';

/** The filter being asked, as plain data with every part present (undefined: any). */
interface Draft {
  readonly text: string | undefined;
  readonly group: StatusGroup | undefined;
  readonly workMode: FilterWorkMode | undefined;
  readonly from: string | undefined;
  readonly to: string | undefined;
}

const dayStep = (part: 'from' | 'to', title: string, prompt: string): Step<Draft> => ({
  ask: async (draft, place) => {
    const typed = await prompts.input({
      title,
      prompt,
      placeHolder: vscode.l10n.t('YYYY-MM-DD, or empty for any day'),
      value: draft[part] ?? '',
      ignoreFocusOut: true,
      ...place,
      validateInput: (text) => {
        const day = text.trim();
        if (day === '') return undefined;
        if (!isDay(day)) return vscode.l10n.t('A day as YYYY-MM-DD, such as 2026-03-31, or nothing for any day.');
        if (part === 'to' && draft.from && day < draft.from) return vscode.l10n.t('The last day comes before the first ({0}).', draft.from);
        return undefined;
      },
    });
    return typed === undefined || typed === BACK ? typed : { ...draft, [part]: typed.trim() || undefined };
  },
});

/** The text step: the one question of Filter Mailers…, and the first of the steps. */
const textStep = (title: string): Step<Draft> => ({
  ask: async (draft, place) => {
    const typed = await prompts.input({
      title,
      prompt: vscode.l10n.t('Text found in the ID, the description or the recipient (accents and case ignored; empty for any)'),
      value: draft.text ?? '',
      ignoreFocusOut: true,
      ...place,
    });
    return typed === undefined || typed === BACK ? typed : { ...draft, text: typed.trim() || undefined };
  },
});

function filterSteps(): Step<Draft>[] {
  const title = vscode.l10n.t('Filter Mailers');
  return [
    textStep(title),
    pickStep<Draft, vscode.QuickPickItem & { group: StatusGroup | undefined }>(
      title,
      () => [
        { label: vscode.l10n.t('Any status'), group: undefined },
        ...STATUS_GROUPS.map((group) => ({ label: STATUS_GROUP_WORDS[group](), group })),
      ],
      (draft, item) => ({ ...draft, group: item.group }),
      (draft, item) => item.group === draft.group,
      { placeHolder: vscode.l10n.t('Status') },
    ),
    pickStep<Draft, vscode.QuickPickItem & { mode: FilterWorkMode | undefined }>(
      title,
      () => [
        { label: vscode.l10n.t('Any work mode'), mode: undefined },
        { label: 'Development', description: vscode.l10n.t('not printed, not charged'), mode: 'Development' },
        { label: 'Production', description: vscode.l10n.t('printed, mailed and charged'), mode: 'Production' },
      ],
      (draft, item) => ({ ...draft, workMode: item.mode }),
      (draft, item) => item.mode === draft.workMode,
      { placeHolder: vscode.l10n.t('Work mode') },
    ),
    dayStep('from', title, vscode.l10n.t('Submitted on or after this day (YYYY-MM-DD; empty for any day)')),
    dayStep('to', title, vscode.l10n.t('Submitted on or before this day (YYYY-MM-DD; empty for any day)')),
  ];
}

/** The draft without its empty parts: what MailerFilterState keeps. */
function asFilter(draft: Draft): MailerFilter {
  return Object.fromEntries(Object.entries(draft).filter(([, value]) => value !== undefined));
}

export function filterActions(filter: MailerFilterState, tree: MailersTree) {
  return {
    'mailroom.filterMailers': async () => {
      const { text, group, workMode, from, to } = filter.current;
      // One question: the text. The rest of the filter stays as it is (the views' messages say all of it).
      const answered = await askSteps([textStep(vscode.l10n.t('Filter Mailers'))], { text, group, workMode, from, to });
      if (!answered) return;
      await filter.set(asFilter(answered));
    },
    'mailroom.filterMailersAdvanced': async () => {
      const { text, group, workMode, from, to } = filter.current;
      const answered = await askSteps(filterSteps(), { text, group, workMode, from, to });
      if (!answered) return;
      // The views' messages say it, with how many are shown.
      await filter.set(asFilter(answered));
    },
    'mailroom.clearMailerFilter': async () => {
      await filter.set({});
    },
    'mailroom.exportMailers': async () => {
      const formats: (vscode.QuickPickItem & { format: ExportFormat })[] = [
        { label: 'CSV', description: vscode.l10n.t('a header row, then one mailer a row (RFC 4180)'), format: 'csv' },
        { label: 'JSON', description: vscode.l10n.t('an array of mailers'), format: 'json' },
      ];
      const shown = tree.shown();
      const current = filter.current;
      const one = shown.length === 1;
      const what = isFiltering(current)
        ? one
          ? vscode.l10n.t('Export the 1 mailer the filter keeps ({0})', describeFilter(current))
          : vscode.l10n.t('Export the {0} mailers the filter keeps ({1})', shown.length, describeFilter(current))
        : one
          ? vscode.l10n.t('Export the 1 mailer')
          : vscode.l10n.t('Export the {0} mailers', shown.length);
      const chosen = await prompts.pick(formats, { title: what, placeHolder: vscode.l10n.t('Format') });
      if (!chosen) return;
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      const name = `mailers.${chosen.format}`;
      const target = await prompts.saveTo({
        title: what,
        ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
        filters: { [chosen.label]: [chosen.format] },
      });
      if (!target) return;
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(exportedMailers(shown, chosen.format)));
      const where = vscode.workspace.asRelativePath(target);
      const open = vscode.l10n.t('Open');
      const said = one
        ? vscode.l10n.t('Mailroom: wrote 1 mailer to {0} ({1}).', where, chosen.label)
        : vscode.l10n.t('Mailroom: wrote {0} mailers to {1} ({2}).', shown.length, where, chosen.label);
      // The file written is one click away.
      void prompts.notify('info', said, open).then(async (chosen) => {
        if (chosen === open) await vscode.window.showTextDocument(target);
      });
    },
  } satisfies CommandMap;
}
