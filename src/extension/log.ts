/**
 * The Mailroom output channel: every call (operation, binding, time, result code) and every error
 * shown to the user, never a secret.
 */
import * as vscode from 'vscode';
import type { CallEvent } from '../client';
import { Disposable } from './lifecycle';
import { prompts } from './prompts';

export class Log extends Disposable {
  private readonly channel = this.register(vscode.window.createOutputChannel('Mailroom', { log: true }));

  info(message: string): void {
    this.channel.info(message);
  }

  error(message: string): void {
    this.channel.error(message);
  }

  /** Shows an error to the user, and keeps it in the log, where it can be read again. */
  showError(message: string): void {
    this.channel.error(message);
    void prompts.notify('error', message);
  }

  call(event: CallEvent): void {
    const outcome = event.error ? `${event.error}${event.code === undefined ? '' : ` ${event.code}`}` : `code ${event.code}`;
    const why = event.reason ? ` (${event.reason})` : '';
    this.channel.info(
      `${event.operation} (${event.service}) over ${event.binding}${why}: ${outcome}, ${event.ms} ms${event.attempt > 1 ? `, attempt ${event.attempt}` : ''}`,
    );
  }

  show(): void {
    this.channel.show(true);
  }
}
