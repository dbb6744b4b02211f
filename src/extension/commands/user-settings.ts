/**
 * "Mailroom: Change User Settings…" for administrators: the user, then one or more settings from
 * the service's list, each value offered as a pick where the list is closed and checked before
 * sending where it is not. SetUserSettings signs in with the API key; its code is told in words.
 */
import * as vscode from 'vscode';
import { prompts } from '../prompts';
import { OK, describeResultCode, isValidSettingValue, settingCode, userSettings, type SettingRule } from '../../contract';
import type { Clients } from '../connection/clients';
import type { Log } from '../log';
import { ensureApiKey } from './api-key';
import type { SignedIn } from './signed-in';
import { couldNot } from '../model/failure-words';

const title = () => vscode.l10n.t('Change User Settings');

const HINTS: Readonly<Record<SettingRule['kind'], () => string>> = {
  choice: () => '',
  text: () => vscode.l10n.t('free text'),
  pattern: () => '',
  timezone: () => vscode.l10n.t('an IANA time zone, like America/Chicago'),
  email: () => vscode.l10n.t('an e-mail address'),
  url: () => vscode.l10n.t('an http(s) URL'),
};

function ruleHint(rule: SettingRule): string {
  if (rule.kind === 'choice') return rule.values.join(' | ');
  if (rule.kind === 'pattern') return rule.hint;
  if (rule.kind === 'text') return vscode.l10n.t('text, at most {0} characters', rule.maxLength);
  return HINTS[rule.kind]();
}

async function askValue(name: string, rule: SettingRule): Promise<string | undefined> {
  if (rule.kind === 'choice') {
    const picked = await prompts.pick(
      rule.values.map((label) => ({ label })),
      { title: vscode.l10n.t('Change User Settings: {0}', name), ignoreFocusOut: true },
    );
    return picked?.label;
  }
  return prompts.input({
    title: vscode.l10n.t('Change User Settings: {0}', name),
    prompt: ruleHint(rule),
    password: name === 'Security_Password',
    ignoreFocusOut: true,
    validateInput: (value) =>
      isValidSettingValue(rule, value)
        ? undefined
        : vscode.l10n.t('Not a valid value ({0}); the service would answer {1}', ruleHint(rule), String(settingCode(name))),
  });
}

/** Settings picked one after another until the user applies them. */
async function askSettings(): Promise<[string, string][] | undefined> {
  const chosen: [string, string][] = [];
  for (;;) {
    const apply = {
      label: `$(check) ${chosen.length === 1 ? vscode.l10n.t('Apply 1 setting') : vscode.l10n.t('Apply {0} settings', chosen.length)}`,
      name: undefined as string | undefined,
      description: '',
    };
    const items = [
      ...(chosen.length > 0 ? [apply] : []),
      ...userSettings
        .filter((s) => !chosen.some(([n]) => n === s.name))
        .map((s) => ({ label: s.name, name: s.name, description: ruleHint(s.rule) })),
    ];
    const picked = await prompts.pick(items, {
      title: vscode.l10n.t('Change User Settings: {0}', chosen.map(([n]) => n).join(', ') || vscode.l10n.t('choose a setting')),
      matchOnDescription: true,
      ignoreFocusOut: true,
    });
    if (!picked) return undefined;
    if (!picked.name) return chosen;
    const value = await askValue(picked.name, userSettings.find((s) => s.name === picked.name)!.rule);
    if (value === undefined) return undefined;
    chosen.push([picked.name, value]);
  }
}

export function changeUserSettingsCommand(connection: SignedIn & { readonly clients: Clients }, log: Log) {
  const { accounts, clients } = connection;
  return async (): Promise<void> => {
    if (!accounts.account) {
      void prompts.notify('warning', vscode.l10n.t('Mailroom: connect first (the local sandbox or an account).'));
      return;
    }
    if (!(await ensureApiKey(connection, title()))) return;
    const username = await prompts.input({
      title: vscode.l10n.t('Change User Settings: the user'),
      prompt: vscode.l10n.t('Username whose settings change'),
      value: accounts.account.username,
      ignoreFocusOut: true,
    });
    if (!username) return;
    const settings = await askSettings();
    if (!settings?.length) return;
    for (const [name, value] of settings) {
      const setting = userSettings.find((s) => s.name === name);
      if (!setting || !isValidSettingValue(setting.rule, value)) {
        log.showError(
          vscode.l10n.t(
            'Mailroom: {0} cannot be {1} ({2}).',
            name,
            JSON.stringify(name === 'Security_Password' ? '…' : value),
            setting ? ruleHint(setting.rule) : vscode.l10n.t('not a setting the service knows'),
          ),
        );
        return;
      }
    }
    try {
      const code = await (
        await clients.client()
      ).admin.SetUserSettings({ Username: username, Settings: settings.map(([name, value]) => [name, value]) });
      const names = settings.map(([name]) => name).join(', ');
      if (code === OK) void prompts.notify('info', vscode.l10n.t("Mailroom: {0}'s {1} changed.", username, names));
      else log.showError(vscode.l10n.t("Mailroom: {0}'s settings were not changed: {1}: {2}.", username, code, describeResultCode(code)));
    } catch (error) {
      log.showError(couldNot(vscode.l10n.t("Mailroom could not change {0}'s settings.", username), error), error);
    }
  };
}
