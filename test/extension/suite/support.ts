/** What the in-host suites share: the extension's test API, and waiting for what the host does in its own time. */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomApi } from '../../../src/extension/extension';
import { ScriptedPrompts } from './prompts';

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
