/**
 * "Connect to a Mail WS Account": endpoint, binding, username, password, and optionally the API
 * key (Send Letter (Advanced) and user settings need it), in steps with Back; the password is
 * checked by a harmless read before anything is kept. A failed connect is told in words and
 * offers Try Again with the URL, binding and username filled in (never the password: it is not
 * kept anywhere but the keychain).
 */
import * as vscode from 'vscode';
import { BINDINGS, type Binding } from '../../contract';
import { readEndpoint } from '../../rulebook';
import type { SignIn } from '../connection/sign-in';
import type { Log } from '../log';
import { couldNot, logLine } from '../model/failure-words';
import { BACK, prompts } from '../prompts';
import { askSteps, pickStep, type Step } from './steps';

const BINDING_LABELS: Readonly<Record<Binding, () => string>> = {
  soap11: () => vscode.l10n.t('SOAP 1.1 (recommended)'),
  soap12: () => vscode.l10n.t('SOAP 1.2'),
  // The service offers these two only on the simple and first dated services; the client uses
  // SOAP 1.1 for the rest, which the labels say.
  'http-get': () => vscode.l10n.t('HTTP GET (SOAP 1.1 for Send Letter (Advanced) and user settings)'),
  'http-post': () => vscode.l10n.t('HTTP POST (SOAP 1.1 for Send Letter (Advanced) and user settings)'),
};

const title = () => vscode.l10n.t('Connect to a Mail WS account');

interface ConnectAnswers {
  readonly endpoint: string;
  readonly binding?: Binding;
  readonly username: string;
  readonly password: string;
  readonly apiKey: string;
}

type TextField = 'endpoint' | 'username' | 'password' | 'apiKey';

function inputStep(field: TextField, options: vscode.InputBoxOptions, required = true): Step<ConnectAnswers> {
  return {
    ask: async (answers, place) => {
      const value = await prompts.input({
        title: title(),
        ignoreFocusOut: true,
        ...options,
        ...place,
        value: answers[field],
        validateInput: (text) =>
          options.validateInput?.(text) ??
          (required && !text.trim() ? vscode.l10n.t('{0} is needed', options.prompt ?? vscode.l10n.t('A value')) : undefined),
      });
      if (value === undefined || value === BACK) return value;
      // A password or API key is taken as typed: a space may be part of it.
      return { ...answers, [field]: field === 'endpoint' || field === 'username' ? value.trim() : value };
    },
  };
}

/**
 * The steps, in the display language (made when Connect… runs, not when the module loads). Where
 * the local sandbox runs, its address is offered (it changes at each start, and is needed to add
 * another of its users).
 */
const steps = (sandbox: string | undefined): readonly Step<ConnectAnswers>[] => [
  inputStep('endpoint', {
    prompt: sandbox
      ? vscode.l10n.t('Base URL of the service (the local sandbox runs at {0}: Enter to add another of its users)', sandbox)
      : vscode.l10n.t('Base URL of the service'),
    placeHolder: 'https://mail.example.com',
    validateInput: (v) => {
      // The URL is shown and logged: no user, password or query in it (the password has its own step).
      const read = readEndpoint(v);
      if ('endpoint' in read) return undefined;
      return read.problem === 'not an http URL'
        ? vscode.l10n.t('An http(s) URL')
        : vscode.l10n.t('The URL without a user, a password or a query');
    },
  }),
  pickStep<ConnectAnswers, vscode.QuickPickItem & { binding: Binding }>(
    vscode.l10n.t('Connect to a Mail WS account: binding'),
    () => BINDINGS.map((b) => ({ label: BINDING_LABELS[b](), binding: b })),
    (answers, item) => ({ ...answers, binding: item.binding }),
    (answers, item) => item.binding === answers.binding,
  ),
  inputStep('username', { prompt: vscode.l10n.t('Username') }),
  inputStep('password', { prompt: vscode.l10n.t('Password (kept in the OS keychain)'), password: true }),
  inputStep(
    'apiKey',
    {
      prompt: vscode.l10n.t('API key, if you have one (for Send Letter (Advanced) and user settings); leave empty to skip'),
      password: true,
    },
    false,
  ),
];

export function connectCommand(signIn: SignIn, log: Log) {
  return async (): Promise<void> => {
    const sandbox = await signIn.sandboxAddress();
    // The endpoint setting first; else the running sandbox's address, which typing replaces.
    const endpoint = vscode.workspace.getConfiguration('mailroom').get<string>('endpoint', '') || sandbox || '';
    let start: ConnectAnswers = { endpoint, username: '', password: '', apiKey: '' };
    for (;;) {
      const answers = await askSteps(steps(sandbox), start);
      if (!answers?.binding) return;
      const { username, password, apiKey, binding } = answers;
      try {
        const account = await signIn.connect(answers.endpoint, binding, username, { password, ...(apiKey.trim() ? { apiKey } : {}) });
        void prompts.notify('info', vscode.l10n.t('Mailroom: connected to {0} as {1}.', account.endpoint, username));
        return;
      } catch (error) {
        const message = couldNot(vscode.l10n.t('Mailroom could not connect to {0} as {1}.', answers.endpoint, username), error);
        log.error(logLine(message, error));
        const tryAgain = vscode.l10n.t('Try Again');
        if ((await prompts.notify('error', message, tryAgain)) !== tryAgain) return;
        // The URL, binding and username again; the password and API key typed anew.
        start = { ...answers, password: '', apiKey: '' };
      }
    }
  };
}
