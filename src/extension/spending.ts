/**
 * The extension's spending guard (model/spending.ts has its rules and words): its limits are the
 * user settings `mailroom.spending.confirmAbove` and `mailroom.spending.dailyBudget` (application
 * scope: no workspace can loosen them), and today's spending is read from the extension's own send
 * log (send-log.ts, its first path), for the active account (its endpoint and user, as the log has them).
 */
import { stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { SendLogRecord } from '../client';
import { accountName } from './account-name';
import { clientModule } from './client-module';
import type { Accounts } from './connection/accounts';
import { aboveThreshold, mayCharge, overBudget, spentToday, type SpendingLimits } from './model/spending';
import { prompts } from './prompts';
import { sendLogPaths } from './send-log';
import type { TrackedMailers } from './tracked-mailers';
import { statusGroupOf, type EnumValue } from '../contract';

const amount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);

export class SpendingGuard {
  private read: { readonly path: string; readonly stamp: string; readonly records: Promise<readonly SendLogRecord[]> } | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly accounts: Pick<Accounts, 'account'>,
    /** The active account's tracked mailers: a cancelled one's amount is given back, so not counted. */
    private readonly mailers: Pick<TrackedMailers, 'list'>,
  ) {}

  limits(): SpendingLimits {
    const settings = vscode.workspace.getConfiguration('mailroom.spending');
    const [confirmAbove, dailyBudget] = [amount(settings.get('confirmAbove')), amount(settings.get('dailyBudget'))];
    return { ...(confirmAbove === undefined ? {} : { confirmAbove }), ...(dailyBudget === undefined ? {} : { dailyBudget }) };
  }

  /** The active account's spending today in Production (and Default), from the send log; 0 when signed out. */
  async spentToday(): Promise<number> {
    const account = this.accounts.account;
    if (!account) return 0;
    const [own] = sendLogPaths(this.context);
    const cancelled = new Set(this.mailers.list().flatMap((m) => (statusGroupOf(m.status) === 'cancelled' ? [m.id] : [])));
    return spentToday(await this.records(own!), { endpoint: account.endpoint, user: account.username }, new Date(), cancelled);
  }

  /**
   * The send log's records, read again only when the file changed: the status bar asks at every
   * change of the tracked mailers (each refresh, each push), and the log changes only with a send.
   */
  private async records(path: string): Promise<readonly SendLogRecord[]> {
    const stamp = await stat(path).then(
      (s) => `${s.size}:${s.mtimeMs}`,
      () => 'none',
    );
    if (this.read?.path !== path || this.read.stamp !== stamp) {
      const { readSendLog } = await clientModule();
      const records = readSendLog(path);
      this.read = { path, stamp, records };
      // A failed read is not kept: the next asks again.
      records.catch(() => this.read?.records === records && (this.read = undefined));
    }
    return this.read.records;
  }

  /** Before anything is asked: whether the daily budget leaves room for the send (refused in words when it does not). */
  async withinBudget(workMode: EnumValue<'WorkMode'>, price: number | undefined): Promise<boolean> {
    const limits = this.limits();
    const account = this.accounts.account;
    if (!mayCharge(workMode) || limits.dailyBudget === undefined || !account) return true;
    const refused = overBudget(limits, await this.spentToday(), price, accountName(account));
    if (refused) void prompts.notify('error', refused);
    return refused === undefined;
  }

  /** After the Production question: a send above the threshold is asked about again, with its amount. */
  async confirmed(workMode: EnumValue<'WorkMode'>, price: number | undefined, what: string): Promise<boolean> {
    const ask = mayCharge(workMode) ? aboveThreshold(this.limits(), price, what) : undefined;
    return !ask || (await prompts.confirm(ask.question, ask.button));
  }
}
