/** The Mailroom output channel: every call (operation, binding, time, result code), never a secret. */
import * as vscode from 'vscode';
import type { CallEvent } from '../client';

export class Log implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Mailroom', { log: true });

  info(message: string): void {
    this.channel.info(message);
  }

  error(message: string): void {
    this.channel.error(message);
  }

  call(event: CallEvent): void {
    const outcome = event.error ? `${event.error}${event.code === undefined ? '' : ` ${event.code}`}` : `code ${event.code}`;
    this.channel.info(`${event.operation} (${event.service}) over ${event.binding}: ${outcome}, ${event.ms} ms${event.attempt > 1 ? `, attempt ${event.attempt}` : ''}`);
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
