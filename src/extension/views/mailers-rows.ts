/**
 * How each row of the Mailers view looks (mailers-nodes.ts): its label, icon, tooltip, what a
 * screen reader says of it, its menus (context-keys.ts) and what clicking it does.
 */
import * as vscode from 'vscode';
import { describeStatus, formatDateTime, isCancellableStatus } from '../../contract';
import { accountName } from '../account-name';
import type { MailroomCommand } from '../commands/ids';
import { keyOfAccount } from '../connection/accounts';
import type { ViewItem } from '../context-keys';
import { itemLabel, ITEMS_PER_PAGE } from '../model/batch-items';
import { GROUP_TITLES, groupOf, mailerSummary, needsUser, priceOf, type MailerGroup, type TrackedMailer } from '../model/mailers';
import { spokenAttempt, spokenAttempts, spokenBatchItem, spokenGroup, spokenMailer } from '../model/spoken-labels';
import type { MailersNode } from './mailers-nodes';

const GROUP_ICONS: Readonly<Record<MailerGroup, vscode.ThemeIcon>> = {
  inProcess: new vscode.ThemeIcon('sync', new vscode.ThemeColor('charts.blue')),
  completed: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed')),
};

/**
 * What clicking a row (or Enter on it) does: a mailer and a batch item open the details (the
 * item's batch's, which list its items); a send of unknown outcome is looked up, which only reads;
 * the groups and notes do nothing.
 */
function showDetailsOf(node: MailersNode, title: string): vscode.Command {
  return { command: 'mailroom.showDetails' satisfies MailroomCommand, title, arguments: [node] };
}

/** A mailer row's contextValue: what its menus offer (context-keys.ts). */
function rowOf(mailer: TrackedMailer): ViewItem {
  if (mailer.status !== undefined && isCancellableStatus(mailer.status)) return 'mailer.cancellable';
  return groupOf(mailer) === 'inProcess' ? 'mailer.inProcess' : 'mailer.final';
}

/** How a row of the view looks, what it says to a screen reader, and what clicking it does. */
export function treeItemOf(node: MailersNode): vscode.TreeItem {
  switch (node.kind) {
    case 'account': {
      const state = node.active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
      const item = new vscode.TreeItem(accountName(node.account), state);
      item.id = `account:${keyOfAccount(node.account)}`;
      item.description = node.active ? vscode.l10n.t('active') : undefined;
      item.iconPath = new vscode.ThemeIcon(node.active ? 'account' : 'circle-outline');
      item.tooltip = node.active
        ? vscode.l10n.t('The active account: its mailers are refreshed, and new letters are sent from it.')
        : vscode.l10n.t('Switch to this account to refresh its mailers and act on them; they show as last refreshed.');
      if (!node.active) {
        item.contextValue = 'account' satisfies ViewItem;
        item.command = {
          command: 'mailroom.switchAccount' satisfies MailroomCommand,
          title: vscode.l10n.t('Switch Account'),
          arguments: [node],
        };
      }
      return item;
    }
    case 'group': {
      const item = new vscode.TreeItem(GROUP_TITLES[node.group](), vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.account === undefined ? `group:${node.group}` : `group:${node.account}:${node.group}`;
      item.description = String(node.count);
      item.iconPath = GROUP_ICONS[node.group];
      item.accessibilityInformation = { label: spokenGroup(node.group, node.count) };
      return item;
    }
    case 'attempts': {
      const item = new vscode.TreeItem(vscode.l10n.t('Outcome unknown'), vscode.TreeItemCollapsibleState.Expanded);
      item.id = node.account === undefined ? 'group:attempts' : `group:${node.account}:attempts`;
      item.description = String(node.count);
      item.iconPath = new vscode.ThemeIcon('question', new vscode.ThemeColor('list.warningForeground'));
      item.tooltip = vscode.l10n.t('Sends that left but got no answer: the mailer may exist. Look each up before sending again.');
      item.accessibilityInformation = { label: spokenAttempts(node.count) };
      return item;
    }
    case 'attempt': {
      const { attempt } = node;
      const item = new vscode.TreeItem(attempt.description, vscode.TreeItemCollapsibleState.None);
      item.id = `attempt:${attempt.key}`;
      const sentAt = new Date(attempt.sentAt).toLocaleTimeString();
      item.description = vscode.l10n.t('outcome unknown · {0} · {1}', attempt.workMode, sentAt);
      item.accessibilityInformation = { label: spokenAttempt(attempt.description, attempt.workMode, sentAt) };
      item.tooltip = vscode.l10n.t(
        'The request left, but no answer came back. Look it up to find the mailer it made, if any, before sending again.',
      );
      item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
      item.contextValue = 'attempt' satisfies ViewItem;
      item.command = { command: 'mailroom.lookUpAttempt' satisfies MailroomCommand, title: vscode.l10n.t('Look Up'), arguments: [node] };
      return item;
    }
    case 'item': {
      const { item: batchItem, batch } = node;
      const status = batchItem.Description || describeStatus(batchItem.Status);
      const item = new vscode.TreeItem(itemLabel(batchItem.ItemID, status, node.recipient), vscode.TreeItemCollapsibleState.None);
      item.id = `item:${batch.id}:${batchItem.ItemID}`;
      // CancelDelivery takes a mailer's ID only: one letter of a batch cannot be cancelled, and the item says so.
      const cancellable = rowOf(batch) === 'mailer.cancellable';
      item.tooltip = [
        vscode.l10n.t(
          'Batch {0}, item {1}\nStatus: {2} ({3})\nLast update: {4}',
          batch.id,
          batchItem.ItemID,
          status,
          batchItem.Status,
          formatDateTime(batchItem.LastUpdateTime),
        ),
        node.recipient ? vscode.l10n.t('To: {0}', node.recipient) : '',
        cancellable
          ? vscode.l10n.t(
              'The service cannot cancel one letter of a batch, only the whole batch (Cancel Whole Batch…, on this item or the batch).',
            )
          : '',
      ]
        .filter(Boolean)
        .join('\n');
      item.iconPath = new vscode.ThemeIcon('mail');
      item.accessibilityInformation = {
        label: [spokenBatchItem(batch.id, batchItem.ItemID, status), node.recipient].filter(Boolean).join(', '),
      };
      item.contextValue = (cancellable ? 'batchItem.cancellable' : 'batchItem') satisfies ViewItem;
      // An item has no details of its own to show: its batch's details list every item.
      item.command = showDetailsOf(node, vscode.l10n.t("Show the batch's details"));
      return item;
    }
    case 'more': {
      const item = new vscode.TreeItem(vscode.l10n.t('Show More'), vscode.TreeItemCollapsibleState.None);
      item.id = `more:${node.batch.id}:${node.shown}`;
      item.description = vscode.l10n.t('{0} items shown; the next {1}', node.shown, ITEMS_PER_PAGE);
      item.iconPath = new vscode.ThemeIcon('more');
      item.command = {
        command: 'mailroom.showMoreItems' satisfies MailroomCommand,
        title: vscode.l10n.t('Show More'),
        arguments: [node],
      };
      return item;
    }
    case 'note': {
      const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
      item.iconPath = new vscode.ThemeIcon('warning');
      return item;
    }
    case 'mailer':
      return mailerItem(node);
  }
}

function mailerItem(node: Extract<MailersNode, { kind: 'mailer' }>): vscode.TreeItem {
  const { mailer } = node;
  const item = new vscode.TreeItem(
    mailer.description || vscode.l10n.t('Mailer {0}', mailer.id),
    mailer.isBatch ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
  );
  item.id = node.otherAccount ? `mailer:${node.otherAccount}:${mailer.id}` : `mailer:${mailer.id}`;
  item.description = mailerSummary(mailer);
  item.accessibilityInformation = { label: spokenMailer(mailer) };
  // Waiting for funds (-990) waits for the user: it stands out among the mailers in process.
  item.iconPath = needsUser(mailer)
    ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'))
    : new vscode.ThemeIcon(mailer.isBatch ? 'files' : 'mail');
  // Another account's mailer has no actions: they would go to the active account's service.
  if (node.otherAccount) item.collapsibleState = vscode.TreeItemCollapsibleState.None;
  else {
    item.contextValue = rowOf(mailer);
    // A click (or Enter) opens the details; a batch still expands by its twistie.
    item.command = showDetailsOf(node, vscode.l10n.t('Show Details'));
  }
  const price = priceOf(mailer);
  item.tooltip = new vscode.MarkdownString(
    [
      `**${mailer.description ?? vscode.l10n.t('Mailer {0}', mailer.id)}**`,
      mailer.isBatch ? vscode.l10n.t('ID: {0} (a batch)', mailer.id) : vscode.l10n.t('ID: {0}', mailer.id),
      mailer.status === undefined
        ? vscode.l10n.t('Status: {0}', mailer.statusText ?? vscode.l10n.t('not yet known'))
        : vscode.l10n.t('Status: {0} ({1})', mailer.statusText ?? vscode.l10n.t('not yet known'), mailer.status),
      price === undefined ? '' : vscode.l10n.t('Price: {0}', price),
      mailer.lastUpdate ? vscode.l10n.t('Last update: {0}', mailer.lastUpdate) : '',
    ]
      .filter(Boolean)
      .join('  \n'),
  );
  item.tooltip.supportThemeIcons = false;
  return item;
}
