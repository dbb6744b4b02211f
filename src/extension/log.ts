/**
 * The Mailroom output channel: every call (operation, binding, time, result code) and every error
 * shown to the user, never a secret. One line per call, at a level that says what it was: a call
 * answered with success, or with a warning its caller expects (-3115 "no data", asked on every
 * refresh of a mailer the service has nothing on yet), is `info`, and names the warning rather
 * than the error the client throws for it; only a call that failed is a `warning`, and only what
 * failed for the user (a refresh, a command) is an `error`.
 */
import * as vscode from 'vscode';
import type { CallEvent } from '../client';
import { describeResultCode, isWarningCode } from '../contract';
import { Disposable } from './lifecycle';

export class Log extends Disposable {
  private readonly channel = this.register(vscode.window.createOutputChannel('Mailroom', { log: true }));

  info(message: string): void {
    this.channel.info(message);
  }

  warn(message: string): void {
    this.channel.warn(message);
  }

  error(message: string): void {
    this.channel.error(message);
  }

  /** Shows an error to the user, and keeps it in the log, where it can be read again. */
  showError(message: string): void {
    this.channel.error(message);
    void vscode.window.showErrorMessage(message);
  }

  call(event: CallEvent): void {
    const { code, error } = event;
    const warning = error !== undefined && isWarningCode(code);
    const meaning = code === undefined ? '' : ` ${code} (${describeResultCode(code)})`;
    const outcome = error === undefined ? `code ${code}` : warning ? meaning.trimStart() : `${error}${meaning}`;
    const why = event.reason ? ` (${event.reason})` : '';
    const line = `${event.operation} (${event.service}) over ${event.binding}${why}: ${outcome}, ${event.ms} ms${event.attempt > 1 ? `, attempt ${event.attempt}` : ''}`;
    if (error === undefined || warning) this.channel.info(line);
    else this.channel.warn(line);
  }

  show(): void {
    this.channel.show(true);
  }
}
