/**
 * The Mailroom output channel: every call (operation, binding, time, result code) and every error
 * shown to the user, never a secret. One line per call, at a level that says what it was: a call
 * the service answered with a result code is `info` (whether that code is a failure is for its
 * caller to say), and one of the codes the facts call warnings (-3115 "no data", which a refresh
 * of a mailer the service has nothing on yet meets on every cycle) is named as the warning it is,
 * not as the error the client throws for it; a call with no answer it could read (no answer at
 * all, a fault, an unreadable one) is a `warning`, and so is a connect that failed, whoever asked
 * (connection/sign-in.ts); only what failed for the user (a refresh, a command) is an `error`.
 */
import * as vscode from 'vscode';
import type { CallEvent } from '../client';
import { describeResultCode, isWarningCode } from '../contract';
import { Disposable } from './lifecycle';
import { logLine } from './model/failure-words';
import { prompts } from './prompts';

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

  /**
   * Shows an error to the user, and keeps it in the log, where it can be read again, with the
   * technical account of the error that caused it (the operation, the code) when there is one.
   */
  showError(message: string, cause?: unknown): void {
    this.channel.error(cause === undefined ? message : logLine(message, cause));
    void prompts.notify('error', message);
  }

  call(event: CallEvent): void {
    const { code, error } = event;
    const warning = error !== undefined && isWarningCode(code);
    const meaning = code === undefined ? '' : ` ${code} (${describeResultCode(code)})`;
    const outcome = error === undefined ? `code ${code}` : warning ? meaning.trimStart() : `${error}${meaning}`;
    const why = event.reason ? ` (${event.reason})` : '';
    const line = `${event.operation} (${event.service}) over ${event.binding}${why}: ${outcome}, ${event.ms} ms${event.attempt > 1 ? `, attempt ${event.attempt}` : ''}`;
    if (code !== undefined) this.channel.info(line);
    else this.channel.warn(line);
  }

  show(): void {
    this.channel.show(true);
  }
}
