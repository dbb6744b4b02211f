/**
 * What the in-host suites share: the extension's probe (src/extension/probe.ts: what a person sees, read-only), the
 * person's actions as commands with their questions answered, the service as the tests' own client, and waiting for
 * what the host does in its own time.
 */
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { MailroomProbe } from '../../../src/extension/probe';
import { groupOf } from '../../../src/extension/model/mailers';
import type { MailersNode } from '../../../src/extension/views/mailers-tree';
import type { Account } from '../../../src/extension/connection/accounts';
import type { ShownDetails, ShownPreview } from '../../../src/extension/probe';
import { MailWsClient, type RecipientAddress } from '../../../src/client';
import type { Binding } from '../../../src/contract';
import { sendLogPath } from '../../../src/rulebook';
import { ASKED } from '../../../src/extension/commands/address-input';
import { ScriptedPrompts, type Answer } from './prompts';

export const EXTENSION_ID = 'mailroom.mailroom';

/** Who answers the extension's questions and reads its messages in every suite. */
export const person = new ScriptedPrompts();
let answering = false;

/** The extension's probe, which it hands out only in ExtensionMode.Test, as here; its questions answered by `person`. */
export async function mailroomProbe(): Promise<MailroomProbe> {
  const extension = vscode.extensions.getExtension<MailroomProbe | undefined>(EXTENSION_ID);
  assert.ok(extension, 'the extension is installed in development mode');
  const probe = await extension.activate();
  assert.ok(probe, 'activate() answers the probe in ExtensionMode.Test');
  if (!answering) probe.answerPromptsWith(person);
  answering = true;
  return probe;
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

/** Runs a command with the answers a person gives to its questions. Commands answer nothing: what they did shows. */
export const run = (answers: readonly Answer[], command: string, ...args: unknown[]): Promise<void> =>
  person.answering(answers, () => vscode.commands.executeCommand<void>(command, ...args));

/** The mailer a send made, as the person was told since notice `from` ("… as mailer 1021984 (Development mode)."). */
export function sentSince(from: number): number | undefined {
  const said = person.shown(from, 'info').flatMap((message) => /as mailer (\d+) \(\w+ mode\)\./.exec(message)?.[1] ?? []);
  return said.length > 0 ? Number(said.at(-1)) : undefined;
}

/** Runs a send command with a person's answers: the mailer it made, as they are told, or undefined when none was sent. */
export async function send(answers: readonly Answer[], command: string, ...args: unknown[]): Promise<number | undefined> {
  const from = person.notices.length;
  await run(answers, command, ...args);
  return sentSince(from);
}

/** The workspace's notes.txt: a letter with no address of its own. */
export const notes = () => vscode.Uri.joinPath(workspace(), 'notes.txt');

/** Sends notes.txt in the default work mode: the mailer it made, which the person must have been told of. */
export async function sendNotes(answers: readonly Answer[]): Promise<number> {
  const from = person.notices.length;
  const id = await send(answers, 'mailroom.sendDocument', notes());
  assert.ok(id !== undefined, `a mailer was sent; the person was told: ${person.shown(from).join(' | ') || 'nothing'}`);
  return id;
}

/** What `act` (a command) opens in a PDF preview: the preview new since, if any. */
export async function previewOpened(probe: MailroomProbe, act: () => Thenable<unknown>): Promise<ShownPreview | undefined> {
  const before = new Set(probe.previews);
  await act();
  return probe.previews.find((preview) => !before.has(preview));
}

/** Show Details… on a mailer's row, as a person clicks it: its details panel, as it opened. */
export async function detailsShown(probe: MailroomProbe, id: number): Promise<ShownDetails> {
  await vscode.commands.executeCommand('mailroom.showDetails', probe.mailersView.nodeOf(id));
  const details = probe.detailsOf(id);
  assert.ok(details, `the details of mailer ${id} are shown`);
  return details;
}

/** Preview PDF on a mailer's row: the preview it opened. */
export async function previewShown(probe: MailroomProbe, id: number): Promise<ShownPreview> {
  const preview = await previewOpened(probe, () => vscode.commands.executeCommand('mailroom.previewPdf', probe.mailersView.nodeOf(id)));
  assert.ok(preview, `the PDF of mailer ${id} is previewed`);
  return preview;
}

/** Production as the default work mode while `act` runs, as a person would set it. */
export async function inProduction<T>(act: () => Promise<T>): Promise<T> {
  await settings().update('defaultWorkMode', 'Production', vscode.ConfigurationTarget.Global);
  try {
    return await act();
  } finally {
    await settings().update('defaultWorkMode', undefined, vscode.ConfigurationTarget.Global);
  }
}

/** A new address typed field by field: "New address…" where a choice comes first (a letter always has one: the address in the document), an empty line, then each field. */
export const typedAddress = (_probe: MailroomProbe, address: RecipientAddress, offered = true): Answer[] => [
  ...(offered ? [{ pick: /New address/ }] : []),
  // An empty line asks every field, one by one.
  { input: '' },
  ...ASKED.map(([field]) => ({ input: (address as Readonly<Record<string, string | undefined>>)[field] ?? '' })),
];

/** Signed in to the in-process sandbox as demo, whatever the tests before did. */
export async function onSandbox(probe: MailroomProbe): Promise<void> {
  const account = probe.account;
  if (!account?.sandbox || account.username !== 'demo') await vscode.commands.executeCommand('mailroom.useSandbox');
}

/** The IDs of the mailers the active account follows. */
export const trackedIds = (probe: MailroomProbe): Set<number> => new Set(probe.mailers.list().map((m) => m.id));

/** A mailer the service made just now: an ID no mailer tracked before the send had. */
export function assertNewMailer(id: number | undefined, before: ReadonlySet<number>): asserts id is number {
  assert.ok(Number.isInteger(id) && id! > 0, `a mailer ID, not ${id}`);
  assert.ok(!before.has(id!), `mailer ${id} is new`);
}

/** The Mailers tree's groups, each with the IDs of its mailers. */
export function treeGroups(probe: MailroomProbe): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const group of probe.mailersView.getChildren()) {
    if (group.kind !== 'group') continue;
    groups.set(
      group.group,
      probe.mailersView.getChildren(group).map((n) => (n as Extract<MailersNode, { kind: 'mailer' }>).mailer.id),
    );
  }
  return groups;
}

/** A loopback server on a free port: its URL. */
export async function listening(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** demo's Markdown letter, sent once for all the suites that need a mailer to act on, by whichever asks first. */
let letterSent: Promise<number> | undefined;

/** A send of the Markdown letter a test made itself: it stands for demo's letter from then on, when none was sent before. */
export function letterWasSent(id: number): void {
  letterSent ??= Promise.resolve(id);
}

/** demo's Markdown letter, signed in as demo and following it. */
export async function aLetter(probe: MailroomProbe): Promise<number> {
  await onSandbox(probe);
  letterSent ??= (async () => {
    await vscode.window.showTextDocument(vscode.Uri.joinPath(workspace(), 'letter.md'));
    const id = await send([], 'mailroom.sendDocument');
    assert.ok(id, 'the letter was sent');
    return id;
  })();
  const id = await letterSent;
  if (!probe.mailers.get(id)) await track(String(id));
  return id;
}

/** demo's Markdown letter, once the sandbox has printed and completed it. */
export async function aCompletedLetter(probe: MailroomProbe): Promise<number> {
  const id = await aLetter(probe);
  await until(
    'the letter to complete',
    async () => {
      await refresh();
      return groupOf(probe.mailers.get(id)!) === 'completed' ? true : undefined;
    },
    60,
  );
  return id;
}

/** Change User Settings… with these answers: the service took them, as the person is told. */
export async function changeUserSettings(answers: readonly Answer[]): Promise<void> {
  const before = person.notices.length;
  await run(answers, 'mailroom.changeUserSettings');
  assert.match(person.shown(before).join('\n'), /^Mailroom: \w+'s [\w, ]+ changed\.$/);
}

/** Every stored file of the signed-in user deleted, for the tests that expect to find none, whatever the suites before stored. */
export async function noStoredFiles(probe: MailroomProbe): Promise<void> {
  const client = service(probe);
  const listed = await client.datedA.GetUploadedFileDetails({}).catch(() => ({ UploadedFiles: [] }));
  for (const file of listed.UploadedFiles) await client.datedA.DeleteUploadedFile({ MyFileName: file.FileName ?? '' });
  await refreshFiles();
}

/** Signed out of every account the suites before added (Sign Out forgets the active one; another becomes active). */
export async function signOutOfAll(probe: MailroomProbe): Promise<void> {
  while (probe.account) await signOut();
}

/** Track Mailer IDs…, typed as a person would. */
export const track = (ids: string) => run([{ input: ids }], 'mailroom.trackIds');

/** Stop Tracking on a mailer's row in the Mailers view. */
export async function stopTracking(probe: MailroomProbe, id: number): Promise<void> {
  await vscode.commands.executeCommand<void>('mailroom.stopTracking', probe.mailersView.nodeOf(id));
  assert.equal(probe.mailers.get(id), undefined, `mailer ${id} is no longer tracked`);
}

/** Refresh in the Mailers view's title bar: what failed, as the person is told, or undefined when it did not. */
export async function refresh(): Promise<string | undefined> {
  const from = person.notices.length;
  await run([], 'mailroom.refresh');
  return person.shown(from, 'error').find((message) => message.startsWith('Mailroom could not refresh the mailers.'));
}

/** Forget Attempt on each row of a send whose outcome is unknown, in the Mailers view. */
export async function forgetAttempts(probe: MailroomProbe): Promise<void> {
  for (const group of probe.mailersView.getChildren()) {
    for (const row of await probe.mailersView.getChildren(group)) {
      if (probe.mailersView.getTreeItem(row).contextValue === 'attempt') await run([], 'mailroom.forgetAttempt', row);
    }
  }
  assert.deepEqual(probe.mailers.attempts(), [], 'every attempt forgotten');
}

/** Refresh in the Stored Files view's title bar. */
export const refreshFiles = () => run([], 'mailroom.refreshFiles');

/** Sign Out, from the palette: Mailroom signs out of the active account. */
export const signOut = () => run([], 'mailroom.signOut');

const BINDING_PICKS: Readonly<Record<Binding, RegExp>> = {
  soap11: /^SOAP 1\.1/,
  soap12: /^SOAP 1\.2/,
  'http-get': /^HTTP GET/,
  'http-post': /^HTTP POST/,
};

/**
 * Connect to a Mail WS Account…, answered step by step as a person types: the account it signed in to. A connect the
 * extension refused rejects with what the person was told (its Try Again not taken).
 */
export async function connect(
  probe: MailroomProbe,
  endpoint: string,
  binding: Binding,
  username: string,
  secrets: { readonly password: string; readonly apiKey?: string },
): Promise<Account> {
  const from = person.notices.length;
  await run(
    [
      { input: endpoint },
      { pick: BINDING_PICKS[binding] },
      { input: username },
      { input: secrets.password },
      { input: secrets.apiKey ?? '' },
    ],
    'mailroom.connect',
  );
  const refused = person.shown(from, 'error').find((message) => message.startsWith('Mailroom could not connect'));
  if (refused) throw new Error(refused);
  const account = probe.account;
  assert.ok(account?.username === username, `connected as ${username}; the person was told: ${person.shown(from).join(' | ')}`);
  return account;
}

/** The local sandbox listening, as after any command that asks the service (Refresh of Stored Files, here): where it listens. */
export async function sandboxListening(probe: MailroomProbe): Promise<string> {
  await onSandbox(probe);
  await refreshFiles();
  assert.ok(probe.account?.sandbox, 'on the local sandbox');
  return probe.account.endpoint;
}

/**
 * The service itself, as the tests' own client (not the extension's): to set a user up or ask what happened, as another
 * program would. By default as demo at the account the extension is signed in to now (the local sandbox, or a proxy of it).
 */
export function service(
  probe: MailroomProbe,
  credentials: { readonly username: string; readonly password: string; readonly apiKey?: string } = {
    username: 'demo',
    password: 'demo',
    apiKey: 'demo-key',
  },
  endpoint = probe.account?.endpoint,
  binding: Binding = probe.account?.binding ?? 'soap11',
): MailWsClient {
  assert.ok(endpoint, 'signed in somewhere');
  return new MailWsClient({ endpoint, binding, credentials, timeoutMs: 30_000, retry: { attempts: 1, baseDelayMs: 0 } });
}

/** A line of a send log (src/client/send-log.ts), as written. */
export interface SendLogLine {
  readonly kind: string;
  readonly entry: string;
  readonly price?: number;
  readonly workMode?: string;
  readonly [field: string]: unknown;
}

/** The machine's send log, which the extension and the command line write (the runner gives the host an XDG_STATE_HOME of the tests' own). */
export const machineSendLog = (): string => sendLogPath(process.env);

/** A send log's lines, oldest first; none when there is no log yet. */
export const sendLogLines = (path: string): SendLogLine[] =>
  existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as SendLogLine)
    : [];
