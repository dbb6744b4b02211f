/**
 * The recipient of a mailer, asked for in steps: first the recent addresses (the newest first),
 * then, for a new one, field by field within the service's limits. Addresses that were sent to
 * are remembered per machine in global state.
 */
import * as vscode from 'vscode';
import type { RecipientAddress } from '../../client';
import { fieldLimits } from '../../contract';
import { addressLabel, rememberAddress } from '../model/recent-addresses';
import { prompts } from '../prompts';

const RECENT_KEY = 'mailroom.recentAddresses';

/** The steps of a new address: the field, its prompt, whether it is needed. */
export const ASKED: readonly [keyof RecipientAddress, string, boolean][] = [
  ['AttentionLine1', 'Recipient (name)', false],
  ['Company', 'Company (optional if a name is given)', false],
  ['Address1', 'Street address', true],
  ['Address2', 'Second address line (optional)', false],
  ['City', 'City', true],
  ['State', 'State (optional)', false],
  ['PostalCode', 'ZIP or postal code (optional)', false],
  ['Country', 'Country (optional)', false],
];

export class AddressBook {
  constructor(private readonly state: vscode.Memento) {}

  recent(): RecipientAddress[] {
    return this.state.get<RecipientAddress[]>(RECENT_KEY) ?? [];
  }

  async remember(address: RecipientAddress): Promise<void> {
    await this.state.update(RECENT_KEY, rememberAddress(this.recent(), address));
  }

  /** A recent address or a new one; undefined when the user gives up. */
  async ask(title: string): Promise<RecipientAddress | undefined> {
    return (await this.pick(title)) ?? undefined;
  }

  /** Like ask, with a first choice of none (answered as null). */
  askOptional(title: string, none: string): Promise<RecipientAddress | null | undefined> {
    return this.pick(title, none);
  }

  private async pick(title: string, none?: string): Promise<RecipientAddress | null | undefined> {
    const recent = this.recent();
    if (recent.length === 0 && none === undefined) return askFields(title);
    type Choice = { label: string; description?: string; choice: RecipientAddress | 'none' | 'new' };
    const choices: Choice[] = [
      ...(none === undefined ? [] : [{ label: none, choice: 'none' as const }]),
      ...recent.map((address) => ({ ...addressLabel(address), choice: address })),
      { label: '$(add) New address…', choice: 'new' },
    ];
    const picked = await prompts.pick(choices, {
      title,
      placeHolder: 'A recent address, or a new one',
      ignoreFocusOut: true,
      matchOnDescription: true,
    });
    if (!picked) return undefined;
    if (picked.choice === 'none') return null;
    return picked.choice === 'new' ? askFields(title) : picked.choice;
  }
}

async function askFields(title: string): Promise<RecipientAddress | undefined> {
  const address: Record<string, string> = {};
  for (const [index, [field, prompt, required]] of ASKED.entries()) {
    const limit = fieldLimits[field]!;
    const value = await prompts.input({
      title: `${title} (${index + 1}/${ASKED.length})`,
      prompt,
      ignoreFocusOut: true,
      validateInput: (text) =>
        text.length > limit.maxLength
          ? `At most ${limit.maxLength} characters (the service answers ${limit.code} otherwise)`
          : required && !text.trim()
            ? `${prompt} is needed`
            : undefined,
    });
    if (value === undefined) return undefined;
    if (value.trim()) address[field] = value.trim();
  }
  return address;
}
