/**
 * SetUserSettings: an administrator's API key changes the settings of a user of the same account.
 * Each entry is a pair (name, value); every value is checked by its setting's rule before
 * anything changes, and the first bad one answers its own code (-3213 … -3239).
 */
import { OK, isValidSettingValue, settingCode, userSettings, RESULT } from '../../contract';
import { hashPassword } from '../credentials';
import { pushesSince } from '../pushes/due';
import { refuse, type Handler } from './context';

export const setUserSettings: Handler<'admin', 'SetUserSettings'> = async (request, caller, sandbox) => {
  if (!caller.user.admin) refuse(RESULT.AdministratorsOnly);
  const target = request.Username ? sandbox.store.userByName(request.Username) : undefined;
  if (!target || target.accountId !== caller.account.id) refuse(RESULT.NoSuchUser);
  const pairs = request.Settings ?? [];
  if (pairs.length === 0 || pairs.some((pair) => !pair || pair.length !== 2 || pair.some((v) => v === undefined || v === null)))
    refuse(RESULT.InvalidSettingsArray);
  const changes: Record<string, string> = {};
  for (const [name, value] of pairs as [string, string][]) {
    const setting = userSettings.find((s) => s.name === name) ?? refuse(RESULT.InvalidParameters);
    if (!isValidSettingValue(setting.rule, value)) refuse(settingCode(name)!);
    if (name === 'General_Username' && value !== target.username && sandbox.store.userByName(value)) refuse(settingCode(name)!);
    changes[name] = value;
  }
  const user = {
    ...target,
    username: changes.General_Username ?? target.username,
    passwordHash: changes.Security_Password === undefined ? target.passwordHash : hashPassword(changes.Security_Password),
    settings: { ...target.settings, ...changes },
    pushesSince: pushesSince(target.settings, { ...target.settings, ...changes }, target.pushesSince, sandbox.now()),
  };
  delete user.settings.Security_Password; // the password lives in one place only
  await sandbox.store.commit({ t: 'user', user });
  return OK;
};
