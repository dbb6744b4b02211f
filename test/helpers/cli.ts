/** Runs the built `mailroom` command line as a child process, as a user or a script would. */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from './sandbox';
import { projectRoot } from './tools';

export const cliPath = join(projectRoot, 'dist', 'cli.js');

/** The suite's own state folder: the command line's send log never goes to the user's own. */
const stateHome = mkdtempSync(join(tmpdir(), 'mailroom-test-state-'));

/**
 * The variables every child of the suite shares, for children started with an environment of
 * their own: this process's clock and time zone (faketime's and TZ: the whole suite must see one
 * clock and one day, however far ahead it is moved and wherever it runs), and a state folder of the suite's own (XDG_STATE_HOME, where the send log goes).
 */
export function suiteEnv(): NodeJS.ProcessEnv {
  return {
    XDG_STATE_HOME: stateHome,
    // A command line started for a test draws with the text layout unless the test is about the
    // engines (ENGINES_ON): a browser started by each of hundreds of short processes is most of
    // their time, and what those tests check is not the page.
    MAILROOM_BROWSER: 'none',
    MAILROOM_OFFICE: 'none',
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name === 'LD_PRELOAD' || name === 'TZ' || name.startsWith('FAKETIME')),
    ),
  };
}

/** The engines found on the machine, for a child whose test is about the page drawn. */
export const ENGINES_ON = { MAILROOM_BROWSER: '', MAILROOM_OFFICE: '' } as const;

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function mailroom(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; command?: readonly string[] } = {},
): Promise<CliRun> {
  const [command, ...prefix] = options.command ?? [process.execPath];
  const child = spawn(command!, [...prefix, cliPath, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...suiteEnv(), ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A person at the command line, signed in by the environment as pat at a sandbox of the suite's own. */
export interface CliPerson {
  readonly sandbox: TestSandbox;
  /** This test's own folder; the person's config and state (the send log) are in it. */
  readonly dir: string;
  /** The environment of a `mailroom` run: the suite's, the person's folders and sign-in, then `more`. */
  env(more?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** How many mailers the sandbox holds for pat, as `mailroom history --json` lists them. */
  mailersListed(): Promise<number>;
}

/**
 * Inside a `describe`: a sandbox with one account (`name`, $100) whose user pat signs in with
 * `password`, started once for the suite, and a fresh folder for each test (prefix `prefix`).
 */
export function personAtSandbox(name: string, password: string, prefix: string): CliPerson {
  let sandbox: TestSandbox | undefined;
  let dir: string | undefined;
  before(async () => {
    sandbox = await startTestSandbox({
      accounts: { accounts: [{ name, balance: 100, users: [{ username: 'pat', password, admin: true }] }] },
    });
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(dir!, { recursive: true, force: true }));
  after(() => sandbox?.close());
  const person: CliPerson = {
    get sandbox() {
      return sandbox!;
    },
    get dir() {
      return dir!;
    },
    env: (more = {}) => ({
      ...suiteEnv(),
      XDG_CONFIG_HOME: join(dir!, 'config'),
      XDG_STATE_HOME: join(dir!, 'state'),
      MAILROOM_ENDPOINT: sandbox!.url,
      MAILROOM_USER: 'pat',
      MAILROOM_PASSWORD: password,
      ...more,
    }),
    async mailersListed() {
      const listed = await mailroom(['history', '--json'], { env: person.env() });
      assert.equal(listed.code, 0, listed.stderr);
      return (JSON.parse(listed.stdout) as unknown[]).length;
    },
  };
  return person;
}
