/** Small prompts the send commands share: one of a contract enum's values, a workspace file, the work mode. */
import * as vscode from 'vscode';
import { prompts } from '../prompts';
import { enums, type EnumName, type EnumValue } from '../../contract';

/** One value of a contract enumeration, the current default first. */
export async function pickEnum<N extends EnumName>(
  name: N,
  title: string,
  describe: Partial<Record<EnumValue<N>, string>> = {},
): Promise<EnumValue<N> | undefined> {
  const values = enums[name] as readonly EnumValue<N>[];
  const picked = await prompts.pick(
    values.map((value) => ({ label: value, description: describe[value] ?? '', value })),
    { title, ignoreFocusOut: true },
  );
  return picked?.value;
}

/** Optional settings: "none" or one of the values. */
export async function pickOptional<N extends EnumName>(name: N, title: string, none: string): Promise<EnumValue<N> | null | undefined> {
  const values = enums[name] as readonly EnumValue<N>[];
  const picked = await prompts.pick([{ label: none, value: null }, ...values.map((value) => ({ label: value, value }))], {
    title,
    ignoreFocusOut: true,
  });
  return picked === undefined ? undefined : picked.value;
}

/** Files of the workspace with one of these types (in path order), or chosen from disk. */
export async function pickFiles(title: string, types: readonly string[], many = false): Promise<vscode.Uri[] | undefined> {
  const browse = async () => {
    const chosen = await prompts.open({ title, canSelectMany: many, filters: { [types.join(', ').toUpperCase()]: [...types] } });
    return chosen && [...chosen];
  };
  const found = await vscode.workspace.findFiles(`**/*.{${types.join(',')}}`, '**/{node_modules,.git}/**', 200);
  if (found.length === 0) return browse();
  const other = { label: '$(folder-opened) Browse…', uri: undefined as vscode.Uri | undefined };
  const items = [
    ...found.sort((a, b) => a.path.localeCompare(b.path)).map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri })),
    other,
  ];
  if (!many) {
    const one = await prompts.pick(items, { title, ignoreFocusOut: true });
    return one && (one.uri ? [one.uri] : browse());
  }
  const picked = await prompts.pickMany(items, { title, ignoreFocusOut: true });
  if (!picked?.length) return undefined;
  const uris = picked.flatMap((p) => (p.uri ? [p.uri] : []));
  if (picked.includes(other)) uris.push(...((await browse()) ?? []));
  return uris.length > 0 ? uris : undefined;
}

/** The work mode, the configured default first, each saying what it costs. */
export async function pickWorkMode(title: string, action: string): Promise<EnumValue<'WorkMode'> | undefined> {
  const preferred = vscode.workspace.getConfiguration('mailroom').get<EnumValue<'WorkMode'>>('defaultWorkMode', 'Development');
  const modes: { value: EnumValue<'WorkMode'>; detail: string }[] = [
    { value: 'Development', detail: 'Not printed, not charged: a PDF to check' },
    { value: 'Production', detail: 'Printed, mailed and charged to the account' },
    { value: 'Default', detail: "The account's own work mode setting" },
  ];
  modes.sort((a, b) => Number(b.value === preferred) - Number(a.value === preferred));
  const picked = await prompts.pick(
    modes.map((m) => ({ label: `${action} in ${m.value} mode`, detail: m.detail, value: m.value })),
    { title, ignoreFocusOut: true },
  );
  return picked?.value;
}
