/** What a command has of the process it runs in: its streams, environment, keychain and prompts. */
import type { Writable } from 'node:stream';
import type { Keychain } from './keychain';

export interface Io {
  readonly out: Writable;
  readonly err: Writable;
  readonly env: NodeJS.ProcessEnv;
  /** Whether standard error is a terminal, for progress and prompts. */
  readonly interactive: boolean;
  readonly keychain: Keychain;
  /** Reads one line, without echo on a terminal. */
  readSecret(prompt: string): Promise<string>;
  /** Asks a yes/no question on a terminal; false elsewhere. */
  confirm(question: string): Promise<boolean>;
}
