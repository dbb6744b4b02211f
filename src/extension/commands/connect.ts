/**
 * "Connect to a Mail WS Account": endpoint, binding, username, password, and optionally the API
 * key (Send Letter (Advanced) and user settings need it); the password is checked by a harmless
 * read before anything is kept.
 */
import * as vscode from 'vscode';
import { BINDINGS, type Binding } from '../../contract';
import type { Connection } from '../connection';
import type { Log } from '../log';
import { prompts } from '../prompts';

const BINDING_LABELS: Readonly<Record<Binding, string>> = {
  soap11: 'SOAP 1.1 (recommended)',
  soap12: 'SOAP 1.2',
  // The service offers these two only on the simple and first dated services; the client uses
  // SOAP 1.1 for the rest, which the labels say.
  'http-get': 'HTTP GET (SOAP 1.1 for Send Letter (Advanced) and user settings)',
  'http-post': 'HTTP POST (SOAP 1.1 for Send Letter (Advanced) and user settings)',
};

export function connectCommand(connection: Connection, log: Log) {
  return async (): Promise<void> => {
    const title = 'Connect to a Mail WS account';
    const endpoint = await prompts.input({
      title: `${title} (1/5)`,
      prompt: 'Base URL of the service',
      placeHolder: 'https://mail.example.com',
      value: vscode.workspace.getConfiguration('mailroom').get<string>('endpoint', ''),
      ignoreFocusOut: true,
      validateInput: (v) => (/^https?:\/\/\S+$/.test(v) ? undefined : 'An http(s) URL'),
    });
    if (!endpoint) return;
    const binding = await prompts.pick(
      BINDINGS.map((b) => ({ label: BINDING_LABELS[b], binding: b })),
      { title: `${title} (2/5): binding`, ignoreFocusOut: true },
    );
    if (!binding) return;
    const username = await prompts.input({ title: `${title} (3/5)`, prompt: 'Username', ignoreFocusOut: true });
    if (!username) return;
    const password = await prompts.input({
      title: `${title} (4/5)`,
      prompt: 'Password (kept in the OS keychain)',
      password: true,
      ignoreFocusOut: true,
    });
    if (!password) return;
    const apiKey = await prompts.input({
      title: `${title} (5/5)`,
      prompt: 'API key, if you have one (for Send Letter (Advanced) and user settings); leave empty to skip',
      password: true,
      ignoreFocusOut: true,
    });
    if (apiKey === undefined) return;
    try {
      await connection.connect(endpoint, binding.binding, username, { password, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) });
      void prompts.notify('info', `Mailroom: connected to ${endpoint} as ${username}.`);
    } catch (error) {
      log.showError(`Mailroom: could not connect: ${(error as Error).message}`);
    }
  };
}
