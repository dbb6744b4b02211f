// Types of code-server.mjs, for the TypeScript that drives it (test/e2e).
import type { ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';

export function isInstalled(): boolean;
export function freePort(preferred?: number): Promise<number>;
export function installExtension(state: string, vsix: string): void;
export function startCodeServer(options: {
  state: string;
  port: number;
  testDriver?: boolean;
  stdio?: 'pipe' | 'inherit';
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
}): Promise<{ url: string; server: ChildProcess; log(): string; stop(): void }>;
export function launchChromium(): Promise<Browser>;
