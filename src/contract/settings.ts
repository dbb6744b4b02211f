/**
 * The user settings that `SetUserSettings` changes, in the order of their result codes:
 * an invalid value for the n-th setting (from 0) answers `-3213 - n`.
 *
 * The facts give the allowed values of some settings. Where they are silent this project decides,
 * and the decision is written beside the setting:
 *   - every `WhenToSend` flag takes `True` or `False`, like `Security_KeepContentOnServer`;
 *   - `Feedback_FeedbackType` takes `None`, `Email`, `Post` or `Soap`, the three feedback channels
 *     the list names, or none;
 *   - e-mail and URL settings must look like an e-mail address or an http(s) URL;
 *   - `General_Username` follows the password's alphabet, 1 to 50 characters;
 *   - authentication strings are free text of at most 100 characters.
 */

export type SettingRule =
  | { readonly kind: 'choice'; readonly values: readonly string[] }
  | { readonly kind: 'text'; readonly maxLength: number }
  | { readonly kind: 'pattern'; readonly pattern: RegExp; readonly hint: string }
  | { readonly kind: 'timezone' | 'email' | 'url' };

const flag: SettingRule = { kind: 'choice', values: ['True', 'False'] };
const email: SettingRule = { kind: 'email' };
const url: SettingRule = { kind: 'url' };
const authentication: SettingRule = { kind: 'text', maxLength: 100 };

export const userSettings: readonly { readonly name: string; readonly rule: SettingRule }[] = [
  {
    name: 'General_Username',
    rule: { kind: 'pattern', pattern: /^[A-Za-z0-9!@&*\-._]{1,50}$/, hint: '1 to 50 of A-Z a-z 0-9 ! @ & * - . _' },
  },
  { name: 'General_Description', rule: { kind: 'text', maxLength: 100 } },
  { name: 'General_Timezone', rule: { kind: 'timezone' } },
  { name: 'General_WorkMode', rule: { kind: 'choice', values: ['Production', 'Development'] } },
  {
    name: 'Security_Password',
    rule: { kind: 'pattern', pattern: /^[A-Za-z0-9!@&*\-._]{4,32}$/, hint: '4 to 32 of A-Z a-z 0-9 ! @ & * - . _' },
  },
  { name: 'Security_AdministrativeEmail', rule: email },
  { name: 'Security_KeepContentOnServer', rule: flag },
  { name: 'Letters_PrintColor', rule: { kind: 'choice', values: ['BlackAndWhite', 'FullColor'] } },
  { name: 'Letters_PrintSides', rule: { kind: 'choice', values: ['Simplex', 'Duplex'] } },
  { name: 'Postcards_DefaultScaling', rule: { kind: 'choice', values: ['FitToPage', 'None'] } },
  { name: 'Feedback_FeedbackType', rule: { kind: 'choice', values: ['None', 'Email', 'Post', 'Soap'] } },
  { name: 'Feedback_Email_WhenToSend_EmailReceived', rule: flag },
  { name: 'Feedback_Email_WhenToSend_Completed', rule: flag },
  { name: 'Feedback_Email_WhenToSend_Error', rule: flag },
  { name: 'Feedback_Email_WhenToSend_BatchErrors', rule: flag },
  { name: 'Feedback_Email_DefaultFeedbackEmail', rule: email },
  { name: 'Feedback_Email_Authentication', rule: authentication },
  { name: 'Feedback_Post_WhenToSend_Completed', rule: flag },
  { name: 'Feedback_Post_WhenToSend_Error', rule: flag },
  { name: 'Feedback_Post_WhenToSend_BatchErrors', rule: flag },
  { name: 'Feedback_Post_FeedbackURL', rule: url },
  { name: 'Feedback_Post_Authentication', rule: authentication },
  { name: 'Feedback_Soap_WhenToSend_Completed', rule: flag },
  { name: 'Feedback_Soap_WhenToSend_Error', rule: flag },
  { name: 'Feedback_Soap_WhenToSend_BatchErrors', rule: flag },
  { name: 'Feedback_Soap_FeedbackURL', rule: url },
  { name: 'Feedback_Soap_Authentication', rule: authentication },
];

/** The result code that an invalid value of this setting answers, or undefined for an unknown name. */
export function settingCode(name: string): number | undefined {
  const index = userSettings.findIndex((s) => s.name === name);
  return index < 0 ? undefined : -3213 - index;
}

export function isValidSettingValue(rule: SettingRule, value: string): boolean {
  switch (rule.kind) {
    case 'choice':
      return rule.values.includes(value);
    case 'text':
      return value.length <= rule.maxLength;
    case 'pattern':
      return rule.pattern.test(value);
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 100;
    case 'url':
      return /^https?:\/\/[^\s]+$/.test(value) && URL.canParse(value);
    case 'timezone':
      return isTimeZone(value);
  }
}

function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
