/**
 * The recipient of a mailer, asked for in steps: first the recent addresses (the newest first),
 * then, for a new one, field by field, each checked where it is typed by the service's own rules
 * (src/contract/recipient.ts: lengths, "a name or a company" at the second of the two, a US ZIP
 * code's form once the country is known), with Back to the field before. Addresses that were
 * sent to are remembered per machine in global state.
 */
import * as vscode from 'vscode';
import type { RecipientAddress } from '../../client';
import { checkAddressField, type RecipientField, type RecipientFields } from '../../contract';
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

/** An address being asked for: a recent one, none (where offered), or a new one and what was typed of it. */
export interface AddressDraft {
  readonly choice: RecipientAddress | 'none' | 'new';
  readonly fields: RecipientFields;
}

/** Nothing chosen or typed yet. */
export const NEW_ADDRESS: AddressDraft = { choice: 'new', fields: {} };

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
    type Choice = vscode.QuickPickItem & { readonly choice: AddressDraft['choice'] };
    const NEW = `$(add) ${vscode.l10n.t('New address…')}`;
    const choose = pickStep<S, Choice>(
      title,
      () => [
        ...(none === undefined ? [] : [{ label: none, choice: 'none' as const }]),
        ...this.recent().map((address) => ({ ...addressLabel(address), choice: address })),
        { label: NEW, choice: 'new' as const },
      ],
      (answers, item) => set(answers, { ...get(answers), choice: item.choice }),
      // By the address itself, not its label: two recent addresses may share a name.
      (answers, item) => JSON.stringify(item.choice) === JSON.stringify(get(answers).choice),
      { placeHolder: vscode.l10n.t('A recent address, or a new one'), matchOnDescription: true },
    );
    const fieldSteps = ASKED.map(([field, prompt], index): Step<S> => ({
      when: (answers) => get(answers).choice === 'new',
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
    return [{ ...choose, when: offersChoice }, ...fieldSteps];
  }
}
