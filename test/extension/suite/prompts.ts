/**
 * The person at the keyboard, for the in-host tests: answers Mailroom's questions in the order
 * they come, the way a person would (picks an item by its label, types into a box that must
 * accept the text, presses a button or Back, dismisses), and reads every message shown. Handed
 * to the extension through its test API (src/extension/prompts.ts, the one test-only seam), and
 * reads the status bar's passing messages too.
 *
 * A question the test did not expect, or an answer that does not fit it (an item not offered, a
 * Back not offered), is answered by dismissing and kept as a surprise; `settle()` fails on any,
 * and on answers left unasked.
 */
import { strict as assert } from 'node:assert';
import type * as vscode from 'vscode';
import type { InputOptions, PickOptions, Prompts, Severity } from '../../../src/extension/prompts';

const BACK = Symbol.for('mailroom.prompts.back') as typeof import('../../../src/extension/prompts').BACK;

/** An item's label, exactly, or a pattern it matches. */
export type Label = string | RegExp;

export type Answer =
  | { readonly pick: Label }
  /** Typed into a pick's filter, then Enter: the first item still shown (the pick's own item for the text after the rest). */
  | { readonly type: string }
  | { readonly pickMany: readonly Label[] }
  /** Typed and accepted; if the box refuses it, its message is kept and the next answer goes to the same box. */
  | { readonly input: string }
  | { readonly confirm: boolean }
  | { readonly save: vscode.Uri }
  | { readonly open: readonly vscode.Uri[] }
  | { readonly back: true }
  /** Enter on what the question shows: an input box's text as it opened, the pick's current item (else its first). */
  | { readonly enter: true }
  | { readonly dismiss: true };

export interface Notice {
  readonly severity: Severity;
  readonly message: string;
  readonly buttons: readonly string[];
}

const matches = (label: Label, text: string) => (typeof label === 'string' ? label === text : label.test(text));
const describe = (answer: Answer) => JSON.stringify(answer, (_, value: unknown) => (value instanceof RegExp ? String(value) : value));

export class ScriptedPrompts implements Prompts {
  private answers: Answer[] = [];
  private readonly surprises: string[] = [];
  private readonly presses: { message: RegExp; button: string; first?: () => Promise<unknown> }[] = [];
  /** Every question asked since the last settle(), by its title (or the question's text). */
  readonly asked: string[] = [];
  /** What input boxes refused since the last settle(): their validation messages. */
  readonly refusals: string[] = [];
  /** What each input box showed when it opened (its default: the last answer, kept), since the last settle(). */
  readonly opened: string[] = [];
  /** Every notification shown, oldest first. */
  readonly notices: Notice[] = [];
  /** Where each question of a multi-step input said it stands ("2/3"), oldest first. */
  readonly numbered: string[] = [];
  /** Every passing message of the status bar, oldest first. */
  readonly statusMessages: string[] = [];

  /** The answers to the next questions, in order. */
  answer(...answers: readonly Answer[]): this {
    this.answers.push(...answers);
    return this;
  }

  /**
   * When a notification matching `message` offers `button`, it is pressed (once); after `first`, what
   * the person does while the notification is on screen (edit the document, say).
   */
  pressWhenShown(message: RegExp, button: string, first?: () => Promise<unknown>): this {
    this.presses.push({ message, button, ...(first ? { first } : {}) });
    return this;
  }

  /** Runs `act` with these answers to its questions; then settles. */
  async answering<T>(answers: readonly Answer[], act: () => Thenable<T>): Promise<T> {
    this.answer(...answers);
    try {
      return await act();
    } finally {
      this.settle();
    }
  }

  /** Takes back the answers no question took (one to a question that may or may not come, as in a race), and answers them. */
  takeBack(): Answer[] {
    const left = this.answers;
    this.answers = [];
    return left;
  }

  /** Fails on a surprise or an answer left over since the last settle; starts afresh either way. */
  settle(): void {
    const [surprises, left] = [[...this.surprises], this.answers.map(describe)];
    this.surprises.length = 0;
    this.answers = [];
    this.presses.length = 0;
    this.asked.length = 0;
    this.refusals.length = 0;
    this.opened.length = 0;
    assert.deepEqual(surprises, [], 'questions the test did not expect, or answers that did not fit');
    assert.deepEqual(left, [], 'answers to questions never asked');
  }

  /** The messages shown since `from` (an index into notices), of one severity or all. */
  shown(from = 0, severity?: Severity): string[] {
    return this.notices.slice(from).flatMap((n) => (severity === undefined || n.severity === severity ? [n.message] : []));
  }

  private next(question: string, fits: (answer: Answer) => boolean): Answer | undefined {
    this.asked.push(question);
    const answer = this.answers.shift();
    if (answer && ('dismiss' in answer || fits(answer))) return answer;
    this.surprises.push(answer ? `"${question}" cannot be answered with ${describe(answer)}` : `"${question}" was asked, unexpected`);
    return undefined;
  }

  private surprise(question: string, why: string): undefined {
    this.surprises.push(`"${question}": ${why}`);
    return undefined;
  }

  // The implementations below are typed loosely and cast: Prompts' overloads tie `back` to BACK.
  pick = (async <T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions & { back?: boolean }) => {
    const title = options.title ?? options.placeHolder ?? 'a pick';
    if (options.step !== undefined) this.numbered.push(`${options.step}/${options.totalSteps}`);
    const answer = this.next(title, (a) => 'pick' in a || 'type' in a || 'enter' in a || ('back' in a && options.back === true));
    if (!answer || 'dismiss' in answer) return undefined;
    if ('back' in answer) return BACK;
    if ('enter' in answer) return items.find((i) => options.isCurrent?.(i)) ?? items[0];
    if ('type' in answer) {
      const text = answer.type.toLowerCase();
      const shownItems = [
        ...items.filter(
          (i) => i.label.toLowerCase().includes(text) || (options.matchOnDescription && i.description?.toLowerCase().includes(text)),
        ),
        ...[options.typed?.(answer.type)].filter((i) => i !== undefined),
      ];
      return (shownItems[0] as T | undefined) ?? this.surprise(title, `Enter on "${answer.type}" with nothing shown`);
    }
    const label = (answer as { pick: Label }).pick;
    const item = items.find((i) => matches(label, i.label));
    return item ?? this.surprise(title, `no item ${String(label)} among ${items.map((i) => i.label).join(' | ')}`);
  }) as Prompts['pick'];

  pickMany = async <T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions): Promise<readonly T[] | undefined> => {
    const title = options.title ?? 'a pick';
    const answer = this.next(title, (a) => 'pickMany' in a);
    if (!answer || !('pickMany' in answer)) return undefined;
    const picked = answer.pickMany.map((label) => items.find((i) => matches(label, i.label)));
    if (picked.includes(undefined)) return this.surprise(title, `not all of ${describe(answer)} are offered`);
    return picked as T[];
  };

  input = (async (options: InputOptions & { back?: boolean }) => {
    const title = [options.title, options.prompt].filter(Boolean).join(': ') || 'an input';
    this.opened.push(options.value ?? '');
    if (options.step !== undefined) this.numbered.push(`${options.step}/${options.totalSteps}`);
    for (;;) {
      const answer = this.next(title, (a) => 'input' in a || 'enter' in a || ('back' in a && options.back === true));
      if (!answer || 'dismiss' in answer) return undefined;
      if ('back' in answer) return BACK;
      const text = 'enter' in answer ? (options.value ?? '') : (answer as { input: string }).input;
      const refused = await options.validateInput?.(text);
      const message = typeof refused === 'string' ? refused : refused?.message;
      if (!message) return text;
      this.refusals.push(message);
    }
  }) as Prompts['input'];

  /** The safe answer is shown as "[keep (default)] [button]" where the dialog has one, as its first, default button. */
  confirm = async (question: string, button: string, keep?: string): Promise<boolean> => {
    const answer = this.next(
      keep === undefined ? `${question} [${button}]` : `${question} [${keep} (default)] [${button}]`,
      (a) => 'confirm' in a,
    );
    return answer !== undefined && 'confirm' in answer && answer.confirm;
  };

  saveTo = async (options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> => {
    const answer = this.next(options.title ?? 'Save as', (a) => 'save' in a);
    return answer && 'save' in answer ? answer.save : undefined;
  };

  open = async (options: vscode.OpenDialogOptions): Promise<readonly vscode.Uri[] | undefined> => {
    const answer = this.next(options.title ?? 'Open', (a) => 'open' in a);
    return answer && 'open' in answer ? answer.open : undefined;
  };

  status = (message: string): void => {
    this.statusMessages.push(message);
  };

  notify = async (severity: Severity, message: string, ...buttons: string[]): Promise<string | undefined> => {
    this.notices.push({ severity, message, buttons });
    const press = this.presses.findIndex((p) => p.message.test(message) && buttons.includes(p.button));
    if (press < 0) return undefined;
    const [pressed] = this.presses.splice(press, 1);
    await pressed?.first?.();
    return pressed?.button;
  };
}
