/**
 * Every question Mailroom asks a person, and every message it shows, goes through here: quick
 * picks, input boxes (with a Back button in multi-step input), modal confirmations, file dialogs,
 * notifications and the status bar's passing messages.
 *
 * The one test-only seam: the extension's in-host tests (ExtensionMode.Test) answer these as the
 * person would, by handing the test API a Prompts of their own (test/extension/suite/prompts.ts);
 * outside Test mode nothing can replace the window's. No command takes an answer as an argument:
 * it asks, and whoever is at the keyboard answers.
 */
import * as vscode from 'vscode';
import { wordsOf } from './model/failure-words';

/** The Back button of a multi-step input was pressed (registered, so that the tests' own bundle has the same one). */
export const BACK: unique symbol = Symbol.for('mailroom.prompts.back');
export type Back = typeof BACK;

export interface InputOptions extends vscode.InputBoxOptions {
  /** In multi-step input: this step of how many. */
  readonly step?: number;
  readonly totalSteps?: number;
}

export interface PickOptions extends vscode.QuickPickOptions {
  readonly step?: number;
  readonly totalSteps?: number;
  /**
   * The item chosen last time: active when the pick opens (selected, when many may be picked), so
   * that Enter keeps it. By identity, not label: two recent addresses may share a name.
   */
  readonly isCurrent?: (item: vscode.QuickPickItem) => boolean;
  /**
   * An item for the text typed into the pick's filter, shown after the others while there is text
   * (alwaysShow): where nothing else matches it, it is the active one, and Enter accepts it.
   */
  readonly typed?: (text: string) => vscode.QuickPickItem | undefined;
}

export type Severity = 'info' | 'warning' | 'error';

export interface Prompts {
  /** One item, or undefined when dismissed; BACK only when `back` is offered. */
  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions & { back: true }): Promise<T | Back | undefined>;
  pick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions): Promise<T | undefined>;
  pickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions): Promise<readonly T[] | undefined>;
  /** What was typed (validated by `validateInput` before it is accepted), or undefined when dismissed. */
  input(options: InputOptions & { back: true }): Promise<string | Back | undefined>;
  input(options: InputOptions): Promise<string | undefined>;
  /**
   * A modal warning: true only when the button was pressed. With `keep`, the safe answer is a
   * button of its own, the dialog's first and default (Enter presses it), and `button` is not.
   */
  confirm(question: string, button: string, keep?: string): Promise<boolean>;
  saveTo(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined>;
  open(options: vscode.OpenDialogOptions): Promise<readonly vscode.Uri[] | undefined>;
  /** A notification; answers the button pressed, if any. */
  notify(severity: Severity, message: string, ...buttons: string[]): Promise<string | undefined>;
  /** A message in the status bar that goes by itself after `hideAfterMs`. */
  status(message: string, hideAfterMs: number): void;
}

type Answer<T> = T | Back | undefined;

/** A quick input shown until it is accepted, hidden or sent Back; then disposed, with its listeners. */
function shown<T>(input: vscode.InputBox | vscode.QuickPick<vscode.QuickPickItem>, wire: (done: (answer: Answer<T>) => void) => void) {
  return new Promise<Answer<T>>((resolve) => {
    let answered = false;
    const done = (answer: Answer<T>) => {
      if (answered) return;
      answered = true;
      resolve(answer);
      input.dispose();
    };
    input.onDidTriggerButton((button: vscode.QuickInputButton) => button === vscode.QuickInputButtons.Back && done(BACK));
    input.onDidHide(() => done(undefined));
    wire(done);
    input.show();
  });
}

function inputBox(options: InputOptions & { back?: boolean }): Promise<string | Back | undefined> {
  const box = vscode.window.createInputBox();
  Object.assign(box, {
    title: options.title,
    prompt: options.prompt,
    placeholder: options.placeHolder,
    value: options.value ?? '',
    password: options.password ?? false,
    ignoreFocusOut: options.ignoreFocusOut ?? false,
    step: options.step,
    totalSteps: options.totalSteps,
    buttons: options.back ? [vscode.QuickInputButtons.Back] : [],
  });
  return shown<string>(box, (done) => {
    // As VS Code's own input box: only an Error-severity message (or a plain one) holds the text back.
    const validate = async (text: string): Promise<boolean> => {
      let message: string | vscode.InputBoxValidationMessage | null | undefined;
      try {
        message = await options.validateInput?.(text);
      } catch (error) {
        message = wordsOf(error);
      }
      box.validationMessage = message ?? undefined;
      return !message || (typeof message !== 'string' && message.severity !== vscode.InputBoxValidationSeverity.Error);
    };
    box.onDidChangeValue((text) => void validate(text));
    box.onDidAccept(async () => {
      const text = box.value;
      if (await validate(text)) done(text);
    });
  });
}

function quickPick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions & { back?: boolean; many?: boolean }) {
  const pick = vscode.window.createQuickPick<T>();
  Object.assign(pick, {
    title: options.title,
    placeholder: options.placeHolder,
    ignoreFocusOut: options.ignoreFocusOut ?? false,
    matchOnDescription: options.matchOnDescription ?? false,
    matchOnDetail: options.matchOnDetail ?? false,
    canSelectMany: options.many ?? false,
    step: options.step,
    totalSteps: options.totalSteps,
    buttons: options.back ? [vscode.QuickInputButtons.Back] : [],
    items,
  });
  const current = options.isCurrent ? items.filter(options.isCurrent) : [];
  if (options.typed) {
    const typed = options.typed;
    pick.onDidChangeValue((text) => {
      const item = typed(text) as T | undefined;
      pick.items = item ? [...items, item] : items;
      // VS Code's filter is fuzzy ("1200" may match "Row 120" and "Row 200"): where no item holds the text as it is, the typed one is Enter's.
      const wanted = text.trim().toLowerCase();
      const holds = (i: T) => `${i.label} ${options.matchOnDescription ? (i.description ?? '') : ''}`.toLowerCase().includes(wanted);
      if (item && !items.some(holds)) pick.activeItems = [item];
    });
  }
  if (options.many) pick.selectedItems = current;
  else if (current[0]) pick.activeItems = [current[0]];
  return shown<readonly T[]>(pick, (done) => {
    pick.onDidAccept(() => {
      // Enter with nothing active (a filter that matches nothing) does nothing, as in VS Code's own pick.
      if (options.many) done(pick.selectedItems);
      else if (pick.activeItems[0]) done(pick.activeItems.slice(0, 1));
    });
  });
}

const NOTIFY: Readonly<Record<Severity, (message: string, ...buttons: string[]) => Thenable<string | undefined>>> = {
  info: (message, ...buttons) => vscode.window.showInformationMessage(message, ...buttons),
  warning: (message, ...buttons) => vscode.window.showWarningMessage(message, ...buttons),
  error: (message, ...buttons) => vscode.window.showErrorMessage(message, ...buttons),
};

/** The workbench's own prompts: what a person sees. */
const windowPrompts: Prompts = {
  pick: async <T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions & { back?: boolean }) => {
    const answer = await quickPick(items, options);
    return answer === BACK || answer === undefined ? answer : answer[0];
  },
  pickMany: async (items, options) => {
    const answer = await quickPick(items, { ...options, many: true });
    return answer === BACK ? undefined : answer;
  },
  input: inputBox as Prompts['input'],
  confirm: async (question, button, keep) => {
    if (keep === undefined) return (await vscode.window.showWarningMessage(question, { modal: true }, button)) === button;
    // VS Code's first button is the default; the close affordance (Escape) keeps too, under a word that is no "Cancel".
    const chosen = await vscode.window.showWarningMessage(
      question,
      { modal: true },
      { title: keep },
      { title: button },
      { title: vscode.l10n.t('Close'), isCloseAffordance: true },
    );
    return chosen?.title === button;
  },
  saveTo: async (options) => vscode.window.showSaveDialog(options),
  open: async (options) => vscode.window.showOpenDialog(options),
  notify: async (severity, message, ...buttons) => NOTIFY[severity](message, ...buttons),
  status: (message, hideAfterMs) => void vscode.window.setStatusBarMessage(message, hideAfterMs),
};

let current: Prompts = windowPrompts;

/** What the commands ask through. */
export const prompts: Prompts = {
  pick: (items: readonly vscode.QuickPickItem[], options: PickOptions) => current.pick(items, options),
  pickMany: (items, options) => current.pickMany(items, options),
  input: (options: InputOptions) => current.input(options),
  confirm: (question, button, keep) => current.confirm(question, button, keep),
  saveTo: (options) => current.saveTo(options),
  open: (options) => current.open(options),
  notify: (severity, message, ...buttons) => current.notify(severity, message, ...buttons),
  status: (message, hideAfterMs) => current.status(message, hideAfterMs),
};

/** Only for the extension's own tests (extension.ts offers it in ExtensionMode.Test alone). */
export function answerPromptsWith(replacement: Prompts): vscode.Disposable {
  current = replacement;
  return new vscode.Disposable(() => {
    if (current === replacement) current = windowPrompts;
  });
}
