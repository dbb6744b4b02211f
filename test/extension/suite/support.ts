/** What the in-host suites share: the extension's test API, and waiting for what the host does in its own time. */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { MailroomApi } from '../../../src/extension/extension';

export const EXTENSION_ID = 'mailroom.mailroom';

/** The extension's parts, which it hands out only in ExtensionMode.Test, as here. */
export async function mailroomApi(): Promise<MailroomApi> {
  const extension = vscode.extensions.getExtension<MailroomApi | undefined>(EXTENSION_ID);
  assert.ok(extension, 'the extension is installed in development mode');
  const api = await extension.activate();
  assert.ok(api, 'activate() answers the test API in ExtensionMode.Test');
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
