/**
 * Multi-step input: questions asked one after another, each with VS Code's Back button to the one
 * before and Escape to give up. Going back keeps every answer: each question shows its last answer
 * as the default, so nothing typed is lost, and a send that failed can be asked again with the
 * same values (send-flow.ts). A step that does not apply to the answers so far is skipped, going
 * forward and going back.
 */
import * as vscode from 'vscode';
import { enums, type EnumName, type EnumValue } from '../../contract';
import { BACK, prompts, type Back, type PickOptions } from '../prompts';

/** Where a step stands: its number among the steps that apply, and whether Back is offered. */
export interface Place {
  readonly step: number;
  readonly totalSteps: number;
  readonly back: true;
}

export interface Step<S> {
  /** Asks; answers the answers so far with this one, BACK, or undefined when the person gives up. */
  readonly ask: (answers: S, place: Place) => Promise<S | Back | undefined>;
  /** Whether the step applies to the answers so far; always when left out. */
  readonly when?: (answers: S) => boolean;
}

/**
 * Where a run of steps stands among the questions of one command: how many were asked before it
 * (another run's), and how many follow it, so that every question of the command is numbered in one
 * count ((1/3), (2/3), (3/3)), not each run from 1.
 */
export interface Numbering {
  readonly before: number;
  readonly after: number;
}

/** Runs the steps from the first, with `start` as the answers so far; undefined when given up. */
export async function askSteps<S>(
  steps: readonly Step<S>[],
  start: S,
  numbering: Numbering = { before: 0, after: 0 },
): Promise<S | undefined> {
  let answers = start;
  const answered: number[] = [];
  let index = 0;
  while (index < steps.length) {
    const step = steps[index]!;
    const applies = steps.filter((s) => !s.when || s.when(answers));
    if (!applies.includes(step)) {
      index++;
      continue;
    }
    const answer = await step.ask(answers, {
      step: numbering.before + applies.indexOf(step) + 1,
      totalSteps: numbering.before + applies.length + numbering.after,
      back: true,
    });
    if (answer === undefined) return undefined;
    if (answer === BACK) {
      // Back from the first question asked gives up, as Escape does: there is nothing before it.
      const previous = answered.pop();
      if (previous === undefined) return undefined;
      index = previous;
      continue;
    }
    answered.push(index);
    answers = answer;
    index++;
  }
  return answers;
}

/** A pick among items; the one answered last time is the active one. */
export function pickStep<S, T extends vscode.QuickPickItem>(
  title: string,
  items: (answers: S) => readonly T[],
  chosen: (answers: S, item: T) => S,
  isCurrent: (answers: S, item: T) => boolean,
  options: Pick<PickOptions, 'placeHolder' | 'matchOnDescription'> & { readonly typed?: (text: string) => T | undefined } = {},
): Step<S> {
  return {
    ask: async (answers, place) => {
      const offered = items(answers);
      const picked = await prompts.pick(offered, {
        title,
        ignoreFocusOut: true,
        ...options,
        ...place,
        isCurrent: (item) => isCurrent(answers, item as T),
      });
      return picked === undefined || picked === BACK ? picked : chosen(answers, picked);
    },
  };
}

/** One value of a contract enumeration, each described in words where given. */
export function enumStep<S, N extends EnumName>(
  name: N,
  title: string,
  get: (answers: S) => EnumValue<N> | undefined,
  set: (answers: S, value: EnumValue<N>) => S,
  describe: Partial<Record<EnumValue<N>, string>> = {},
): Step<S> {
  const values = enums[name] as readonly EnumValue<N>[];
  return pickStep(
    title,
    () => values.map((value) => ({ label: value, description: describe[value] ?? '', value })),
    (answers, item) => set(answers, item.value),
    (answers, item) => item.value === get(answers),
  );
}

/** The work mode, each saying what it costs; the configured default first when nothing was chosen yet. */
export function workModeStep<S>(
  title: string,
  action: string,
  preferred: EnumValue<'WorkMode'>,
  get: (answers: S) => EnumValue<'WorkMode'> | undefined,
  set: (answers: S, value: EnumValue<'WorkMode'>) => S,
  /** What a send that may charge (Production, or Default: the account's mode) costs, in words ("about $1,577.63", "price unknown"). */
  amount?: string,
): Step<S> {
  const modes: { value: EnumValue<'WorkMode'>; detail: string }[] = [
    { value: 'Development', detail: vscode.l10n.t('Not printed, not charged: a PDF to check') },
    { value: 'Production', detail: vscode.l10n.t('Printed, mailed and charged to the account') },
    { value: 'Default', detail: vscode.l10n.t("The account's own work mode setting") },
  ];
  modes.sort((a, b) => Number(b.value === preferred) - Number(a.value === preferred));
  const label = (value: EnumValue<'WorkMode'>) =>
    amount === undefined || value === 'Development'
      ? vscode.l10n.t('{0} in {1} mode', action, value)
      : vscode.l10n.t('{0} in {1} mode ({2})', action, value, amount);
  return pickStep(
    title,
    () => modes.map((m) => ({ label: label(m.value), detail: m.detail, value: m.value })),
    (answers, item) => set(answers, item.value),
    (answers, item) => item.value === get(answers),
  );
}

/** Files of the workspace with one of these types (in path order), or chosen from disk with Browse…. */
export function filesStep<S>(
  title: string,
  types: readonly string[],
  get: (answers: S) => readonly vscode.Uri[] | undefined,
  set: (answers: S, files: readonly vscode.Uri[]) => S,
  many = false,
): Step<S> {
  return {
    ask: async (answers, place) => {
      const dialog = () => prompts.open({ title, canSelectMany: many, filters: { [types.join(', ').toUpperCase()]: [...types] } });
      const browse = async () => {
        const chosen = await dialog();
        return chosen?.length ? set(answers, chosen) : undefined;
      };
      const { workspace } = vscode;
      const found = await workspace.findFiles(`**/*.{${types.join(',')}}`, '**/{node_modules,.git}/**', 200);
      if (found.length === 0) return browse();
      const BROWSE = `$(folder-opened) ${vscode.l10n.t('Browse…')}`;
      // Files chosen before with Browse… (outside the workspace) are offered again, first, so that Enter keeps them.
      const current = get(answers) ?? [];
      const isFound = (uri: vscode.Uri) => found.some((f) => f.toString() === uri.toString());
      const items = [
        ...current.filter((uri) => !isFound(uri)).map((uri) => ({ label: uri.fsPath, uri })),
        ...found.sort((a, b) => a.path.localeCompare(b.path)).map((uri) => ({ label: workspace.asRelativePath(uri), uri })),
        { label: BROWSE, uri: undefined },
      ];
      const isCurrent = (item: vscode.QuickPickItem) => {
        const uri = (item as (typeof items)[number]).uri;
        return uri !== undefined && current.some((c) => c.toString() === uri.toString());
      };
      if (!many) {
        const one = await prompts.pick(items, { title, ignoreFocusOut: true, ...place, isCurrent });
        if (one === undefined || one === BACK) return one;
        return one.uri ? set(answers, [one.uri]) : browse();
      }
      const picked = await prompts.pickMany(items, { title, ignoreFocusOut: true, isCurrent });
      if (!picked?.length) return undefined;
      const uris = picked.flatMap((p) => (p.uri ? [p.uri] : []));
      if (picked.some((p) => p.label === BROWSE)) {
        uris.push(...((await dialog()) ?? []));
      }
      return uris.length > 0 ? set(answers, uris) : undefined;
    },
  };
}

/** An optional setting: "none" (answered as null) or one of the enumeration's values. */
export function optionalEnumStep<S, N extends EnumName>(
  name: N,
  title: string,
  none: string,
  get: (answers: S) => EnumValue<N> | null | undefined,
  set: (answers: S, value: EnumValue<N> | null) => S,
): Step<S> {
  const values = enums[name] as readonly EnumValue<N>[];
  return pickStep(
    title,
    () => [{ label: none, value: null }, ...values.map((value) => ({ label: value, value }))],
    (answers, item) => set(answers, item.value),
    (answers, item) => item.value === get(answers),
  );
}
