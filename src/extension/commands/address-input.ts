/**
 * The recipient of a mailer, asked for in steps: first the recent addresses (the newest first),
 * where an address typed on one line ("Jane Doe, 1 Main St, Springfield, IL 62701") is accepted
 * as it is, with Enter; or New address…, one line too. The line is read by the contract's rule
 * (readAddressLine), and only what it lacks or gets wrong is then asked field by field, each
 * checked where it is typed by the service's own rules (src/contract/recipient.ts: lengths, "a
 * name or a company" at the second of the two, a US ZIP code's form once the country is known),
 * with Back to the step before. A letter may also leave the address to the document (the service
 * reads it from the page's address window), as `mailroom send` without `--to` does. Addresses
 * that were sent to are remembered per machine in global state.
 */
import * as vscode from 'vscode';
import type { RecipientAddress } from '../../client';
import { checkAddressField, isUsAddress, readAddressLine, type RecipientField, type RecipientFields } from '../../contract';
import { addressLabel, rememberAddress } from '../model/recent-addresses';
import { BACK, prompts } from '../prompts';
import { pickStep, type Step } from './steps';

const RECENT_KEY = 'mailroom.recentAddresses';

/** The steps of a new address: the field, its prompt (in the display language when asked). */
export const ASKED: readonly (readonly [RecipientField, () => string])[] = [
  ['AttentionLine1', () => vscode.l10n.t('Recipient (name)')],
  ['Company', () => vscode.l10n.t('Company (optional if a name is given)')],
  ['Address1', () => vscode.l10n.t('Street address')],
  ['Address2', () => vscode.l10n.t('Second address line (optional)')],
  ['City', () => vscode.l10n.t('City')],
  ['State', () => vscode.l10n.t('State (optional outside the US)')],
  ['PostalCode', () => vscode.l10n.t('ZIP or postal code')],
  ['Country', () => vscode.l10n.t('Country (leave empty for the US)')],
];

/**
 * An address being asked for: a recent one, none (where offered: no reply address, or the one in
 * the document), or a new one and what was typed of it: its line, the fields read of it or typed,
 * and which fields are asked one by one (what the line lacked or got wrong; every one without a line).
 */
export interface AddressDraft {
  readonly choice: RecipientAddress | 'none' | 'new';
  readonly fields: RecipientFields;
  readonly line?: string;
  readonly asked?: readonly RecipientField[];
  /** Typed at the pick itself: no line to ask for after it. */
  readonly typed?: boolean;
}

/** The choice that leaves a letter's address to its document, as `mailroom send` without `--to`. */
export const inTheDocument = () => vscode.l10n.t('$(file) The address is in the document (the service reads it from the page)');

/** Nothing chosen or typed yet. */
export const NEW_ADDRESS: AddressDraft = { choice: 'new', fields: {} };

/** The name or the company: "a name or a company" is checked at the second, and the first is asked with it. */
const NAME_FIELDS: readonly RecipientField[] = ['AttentionLine1', 'Company'];

/**
 * A new address from its line: the fields read, and those still to ask: each the contract finds a
 * problem with, and where the line does not end as an address ("…, Springfield" with no state and
 * ZIP code), the state, the ZIP code and the country. An empty line asks every field.
 */
export function fromLine(line: string): AddressDraft {
  if (!line.trim()) return { choice: 'new', fields: {}, line: '', asked: ASKED.map(([field]) => field) };
  const read = readAddressLine(line);
  const asked = new Set<RecipientField>(read.findings.map((f) => f.field));
  if (read.unread.length > 0 && isUsAddress(read.address)) {
    for (const field of ['State', 'PostalCode', 'Country'] as const) asked.add(field);
  }
  if (NAME_FIELDS.some((f) => asked.has(f))) for (const f of NAME_FIELDS) asked.add(f);
  return {
    choice: 'new',
    fields: read.address,
    line: line.trim(),
    asked: ASKED.map(([field]) => field).filter((field) => asked.has(field)),
  };
}

/** The address a finished draft stands for: null for none. */
export function addressOf(draft: AddressDraft): RecipientAddress | null {
  if (draft.choice === 'none') return null;
  if (draft.choice !== 'new') return draft.choice;
  const address: Record<string, string> = {};
  for (const [field] of ASKED) {
    const value = draft.fields[field]?.trim();
    if (value) address[field] = value;
  }
  return address;
}

export class AddressBook {
  constructor(private readonly state: vscode.Memento) {}

  recent(): RecipientAddress[] {
    return this.state.get<RecipientAddress[]>(RECENT_KEY) ?? [];
  }

  async remember(address: RecipientAddress): Promise<void> {
    await this.state.update(RECENT_KEY, rememberAddress(this.recent(), address));
  }

  /**
   * The steps that ask for an address kept in the answers by `get` and `set`: the recent ones
   * (and `none`, when an address is optional), then a new one field by field.
   */
  steps<S>(title: string, get: (answers: S) => AddressDraft, set: (answers: S, draft: AddressDraft) => S, none?: string): Step<S>[] {
    type Choice = vscode.QuickPickItem & { readonly choice: AddressDraft['choice']; readonly line?: string };
    const NEW = `$(add) ${vscode.l10n.t('New address…')}`;
    const choose = pickStep<S, Choice>(
      title,
      () => [
        ...(none === undefined ? [] : [{ label: none, choice: 'none' as const }]),
        ...this.recent().map((address) => ({ ...addressLabel(address), choice: address })),
        { label: NEW, choice: 'new' as const },
      ],
      (answers, item) => set(answers, chosenDraft(get(answers), item)),
      // By the address itself, not its label: two recent addresses may share a name.
      (answers, item) => item.line === undefined && JSON.stringify(item.choice) === JSON.stringify(get(answers).choice),
      {
        placeHolder: vscode.l10n.t('A recent address, or a new one on one line: Name, Street, City, ST 12345'),
        matchOnDescription: true,
        // What is typed stays a choice, so that Enter takes it as the new address: read into fields, and checked.
        typed: (text) => (text.trim() ? typedChoice(text) : undefined),
      },
    );
    // New address…: the whole address on one line; what it lacks is asked after.
    const lineStep: Step<S> = {
      when: (answers) => get(answers).choice === 'new' && !get(answers).typed,
      ask: async (answers, place) => {
        const line = await prompts.input({
          title,
          prompt: vscode.l10n.t(
            'The address on one line: Name, Street, City, ST 12345 (or a country last). What is missing is asked next; empty asks field by field.',
          ),
          placeHolder: vscode.l10n.t('Jane Doe, 1 Main St, Springfield, IL 62701'),
          value: get(answers).line ?? '',
          ignoreFocusOut: true,
          ...place,
        });
        if (line === undefined || line === BACK) return line;
        // The line as it was (asked again, Edit and Retry): what was typed after it is kept.
        const draft = get(answers);
        return set(answers, draft.asked !== undefined && line.trim() === draft.line ? draft : fromLine(line));
      },
    };
    const fieldSteps = ASKED.map(([field, prompt], index): Step<S> => ({
      when: (answers) => get(answers).choice === 'new' && (get(answers).asked?.includes(field) ?? false),
      ask: async (answers, place) => {
        const draft = get(answers);
        // The fields asked before this one, as typed ('' when left empty): the rules that read two check at the second.
        const before = Object.fromEntries(ASKED.slice(0, index).map(([f]) => [f, draft.fields[f]?.trim() ?? '']));
        const value = await prompts.input({
          title,
          prompt: prompt(),
          value: draft.fields[field] ?? '',
          ignoreFocusOut: true,
          ...place,
          validateInput: (text) => checkAddressField(field, text.trim(), before)?.message,
        });
        return value === undefined || value === BACK
          ? value
          : set(answers, { ...draft, fields: { ...draft.fields, [field]: value.trim() } });
      },
    }));
    // With nothing to choose from, a new address is asked for at once.
    const offersChoice = () => none !== undefined || this.recent().length > 0;
    // Without a choice, a new address is asked for at once, from its line.
    const lineFirst: Step<S> = { ...lineStep, when: (answers) => !offersChoice() && lineStep.when!(answers) };
    return [{ ...choose, when: offersChoice }, offersChoice() ? lineStep : lineFirst, ...fieldSteps];
  }
}

/** The draft a choice at the pick makes: a typed line read; New address… again keeps what was typed of it; another, itself. */
function chosenDraft(draft: AddressDraft, item: { readonly choice: AddressDraft['choice']; readonly line?: string }): AddressDraft {
  if (item.line !== undefined) return { ...fromLine(item.line), typed: true };
  if (item.choice !== 'new') return { ...draft, choice: item.choice };
  return draft.choice === 'new' && !draft.typed ? draft : NEW_ADDRESS;
}

/** The choice for a line typed at the pick: what was read of it, or what it lacks, beside it. */
function typedChoice(text: string): vscode.QuickPickItem & { readonly choice: 'new'; readonly line: string } {
  const draft = fromLine(text);
  const missing = draft.asked ?? [];
  return {
    label: `$(edit) ${text.trim()}`,
    description:
      missing.length === 0
        ? vscode.l10n.t('Enter: send to this address')
        : vscode.l10n.t('Enter: use it, then give {0}', missing.map((f) => ASKED.find(([a]) => a === f)![1]()).join(', ')),
    alwaysShow: true,
    choice: 'new',
    line: text,
  };
}
