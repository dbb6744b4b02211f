/** What the in-host suites share: the extension's test API, and waiting for what the host does in its own time. */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { MailroomApi } from '../../../src/extension/extension';
import type { RecipientAddress } from '../../../src/client';
import { ASKED } from '../../../src/extension/commands/address-input';
import { ScriptedPrompts, type Answer } from './prompts';

export const EXTENSION_ID = 'mailroom.mailroom';

/** Who answers the extension's questions and reads its messages in every suite. */
export const person = new ScriptedPrompts();
let answering = false;

/** The extension's parts, which it hands out only in ExtensionMode.Test, as here; its questions answered by `person`. */
export async function mailroomApi(): Promise<MailroomApi> {
  const extension = vscode.extensions.getExtension<MailroomApi | undefined>(EXTENSION_ID);
  assert.ok(extension, 'the extension is installed in development mode');
  const api = await extension.activate();
  assert.ok(api, 'activate() answers the test API in ExtensionMode.Test');
  if (!answering) api.answerPromptsWith(person);
  answering = true;
  return api;
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, seconds = 20): Promise<T> {
  for (let i = 0; i < seconds * 4; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`gave up waiting for ${what}`);
}

export const workspace = () => vscode.workspace.workspaceFolders![0]!.uri;

export const settings = () => vscode.workspace.getConfiguration('mailroom');

/** Runs a command with the answers a person gives to its questions. */
export const run = <T = unknown>(answers: readonly Answer[], command: string, ...args: unknown[]) =>
  person.answering(answers, () => vscode.commands.executeCommand<T>(command, ...args));

/** Sends the workspace's notes.txt (no address of its own) in the default work mode. */
export const sendNotes = (answers: readonly Answer[]) =>
  run<number>(answers, 'mailroom.sendDocument', vscode.Uri.joinPath(workspace(), 'notes.txt'));

/** Production as the default work mode while `act` runs, as a person would set it. */
export async function inProduction<T>(act: () => Promise<T>): Promise<T> {
  await settings().update('defaultWorkMode', 'Production', vscode.ConfigurationTarget.Global);
  try {
    return await act();
  } finally {
    await settings().update('defaultWorkMode', undefined, vscode.ConfigurationTarget.Global);
  }
}

/** A new address typed field by field, after choosing "New address…" when recent ones are offered first. */
export const typedAddress = (api: MailroomApi, address: RecipientAddress, offered = api.addresses.recent().length > 0): Answer[] => [
  ...(offered ? [{ pick: /New address/ }] : []),
  ...ASKED.map(([field]) => ({ input: (address as Readonly<Record<string, string | undefined>>)[field] ?? '' })),
];

/** Signed in to the in-process sandbox as demo, whatever the tests before did. */
export async function onSandbox(api: MailroomApi): Promise<void> {
  const account = api.accounts.account;
  if (!account?.sandbox || account.username !== 'demo') await vscode.commands.executeCommand('mailroom.useSandbox');
}

/** Signed out of every account the suites before added (Sign Out forgets the active one; another becomes active). */
export async function signOutOfAll(api: MailroomApi): Promise<void> {
  while (api.accounts.account) await api.signIn.signOut();
}

/** Track Mailer IDs…, typed as a person would. */
export const track = (ids: string) => run([{ input: ids }], 'mailroom.trackIds');

/** A line of a send log (src/client/send-log.ts), as written. */
export interface SendLogLine {
  readonly kind: string;
  readonly entry: string;
  readonly price?: number;
  readonly workMode?: string;
  readonly [field: string]: unknown;
}

/** A send log's lines, oldest first; none when there is no log yet. */
export const sendLogLines = (path: string): SendLogLine[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as SendLogLine)
    : [];
