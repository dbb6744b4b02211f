/**
 * `mailroom login` against a real Secret Service: Debian's gnome-keyring in a D-Bus session of
 * the test's own. The password goes in once and later commands need no MAILROOM_PASSWORD; logout
 * forgets it. Without a Secret Service, login fails with an error that says what to do.
 * What the keychain holds is looked at directly too: the Secret Service's own SearchItems over
 * D-Bus (gdbus), for the items of the service `mailroom`.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath, suiteEnv, mailroom } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import secrets from '../secrets.json';

const PASSWORD = secrets.secrets[4]!;

/** A shell function printing the Secret Service's items of the service `mailroom`: `(unlocked, locked)`. */
const ITEMS = `items() { echo "items: $(gdbus call --session --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets \\
  --method org.freedesktop.Secret.Service.SearchItems "{'service': 'mailroom'}")"; }`;
const NO_ITEMS = /^items: \(@ao \[\], @ao \[\]\)$/m;
const ONE_ITEM = /^items: \(\[objectpath '[^']+'\], @ao \[\]\)$/m;

/**
 * Waits (5 s at most) for the daemon's default collection, which it makes after it answers: on a
 * busy machine a login asked at once found none ("Secret Service: no result found").
 */
const DEFAULT_COLLECTION = `for i in $(seq 50); do gdbus call --session --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets \\
  --method org.freedesktop.Secret.Service.ReadAlias default 2>/dev/null | grep -q collection/ && break; sleep 0.1; done`;

/** Runs shell lines in a D-Bus session of their own with gnome-keyring unlocked and `items` defined. */
async function inKeyring(lines: readonly string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  const script = [
    'eval "$(printf unlock-pw | gnome-keyring-daemon --unlock --components=secrets)"',
    DEFAULT_COLLECTION,
    ITEMS,
    ...lines,
  ].join('\n');
  // Asynchronously: the sandbox answering the child runs in this process.
  const child = spawn('dbus-run-session', ['--', 'sh', '-c', script], { env: { PATH: process.env.PATH, ...suiteEnv(), ...env } });
  const result = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (result.stdout += d));
  child.stderr.on('data', (d) => (result.stderr += d));
  await new Promise((resolve) => child.on('close', resolve));
  return result;
}

describe('mailroom login and the OS keychain', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let home: string;
  before(async () => {
    sandbox = await startTestSandbox({
      accounts: { accounts: [{ name: 'K', users: [{ username: 'kim', password: PASSWORD, admin: true }] }] },
    });
    home = mkdtempSync(join(tmpdir(), 'mailroom-keyring-'));
  });
  after(async () => {
    await sandbox.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('keeps the password in gnome-keyring, uses it, and forgets it', async () => {
    const node = process.execPath;
    const result = await inKeyring(
      [
        `printf '%s\\n' "$SECRET" | "${node}" "${cliPath}" login; echo "exit:$?"; items; echo ---`,
        `"${node}" "${cliPath}" call GetLetterStatus --param ID=1; echo "exit:$?"; echo ---`,
        `"${node}" "${cliPath}" logout; echo "exit:$?"; items; echo ---`,
        `"${node}" "${cliPath}" call GetLetterStatus --param ID=1; echo "exit:$?"`,
      ],
      { HOME: home, XDG_DATA_HOME: join(home, 'data'), MAILROOM_ENDPOINT: sandbox.url, MAILROOM_USER: 'kim', SECRET: PASSWORD },
    );
    const output = `${result.stdout}${result.stderr}`;
    const [login, used, logout, after] = result.stdout.split('---\n');
    assert.match(login!, /Kept the password of kim for http:\/\/127\.0\.0\.1:\d+ in the OS keychain\.\nexit:0/, output);
    assert.match(login!, ONE_ITEM, 'the keychain holds one item of mailroom');
    assert.match(used!, /exit:1/, output);
    assert.match(result.stderr, /GetLetterStatus answered -3116/, 'authenticated from the keychain: the mailer is just missing');
    assert.match(logout!, /Forgot the secrets of kim/, output);
    assert.match(logout!, NO_ITEMS, 'the keychain holds nothing of mailroom after logout');
    assert.match(after!, /exit:2/, output);
    assert.match(result.stderr, /No password for kim/, output);
    assert.ok(!output.includes(PASSWORD), 'the password is never printed');
  });

  it('refuses a wrong password at login, keeping nothing', async () => {
    const node = process.execPath;
    const result = await inKeyring(
      [
        `printf 'not-it\\n' | "${node}" "${cliPath}" login; echo "exit:$?"; items; echo ---`,
        `"${node}" "${cliPath}" call GetLetterStatus --param ID=1; echo "exit:$?"; echo ---`,
        // The same look finds what a login that succeeds keeps.
        `printf '%s\\n' "$SECRET" | "${node}" "${cliPath}" login; echo "exit:$?"; items`,
      ],
      { HOME: home, XDG_DATA_HOME: join(home, 'data-refused'), MAILROOM_ENDPOINT: sandbox.url, MAILROOM_USER: 'kim', SECRET: PASSWORD },
    );
    const output = `${result.stdout}${result.stderr}`;
    const [refused, unused, kept] = result.stdout.split('---\n');
    assert.match(refused!, /exit:1/, output);
    assert.match(result.stderr, /^mailroom: .*-3003/m, output);
    assert.match(refused!, NO_ITEMS, 'nothing kept in the keychain');
    assert.match(unused!, /exit:2/, output);
    assert.match(result.stderr, /No password for kim/, output);
    assert.match(kept!, /exit:0/, output);
    assert.match(kept!, ONE_ITEM, output);
    assert.ok(!output.includes(PASSWORD), 'the password is never printed');
  });

  it('refuses a profile name it cannot keep before asking for the secret, keeping nothing', async () => {
    const node = process.execPath;
    const result = await inKeyring([`printf '%s\\n' "$SECRET" | "${node}" "${cliPath}" login --profile a/b; echo "exit:$?"; items`], {
      HOME: home,
      XDG_DATA_HOME: join(home, 'data-bad-profile'),
      MAILROOM_ENDPOINT: sandbox.url,
      MAILROOM_USER: 'kim',
      SECRET: PASSWORD,
    });
    const output = `${result.stdout}${result.stderr}`;
    assert.match(result.stdout, /exit:2/, output);
    assert.match(result.stderr, /A profile's name is letters, digits/, output);
    assert.match(result.stdout, NO_ITEMS, 'nothing kept in the keychain');
  });

  it('keeps a named profile without its secret, and --profile stands for its endpoint and user', async () => {
    const node = process.execPath;
    const config = join(home, 'config-profile');
    const result = await inKeyring(
      [
        `printf '%s\\n' "$SECRET" | "${node}" "${cliPath}" login --profile work --endpoint ${sandbox.url} --user kim; echo "exit:$?"; echo ---`,
        `"${node}" "${cliPath}" call GetLetterStatus --param ID=1 --profile work; echo "exit:$?"; echo ---`,
        `"${node}" "${cliPath}" logout --profile work; echo "exit:$?"; items`,
      ],
      { HOME: home, XDG_DATA_HOME: join(home, 'data-profile'), XDG_CONFIG_HOME: config, SECRET: PASSWORD },
    );
    const output = `${result.stdout}${result.stderr}`;
    const [login, used, logout] = result.stdout.split('---\n');
    assert.match(login!, /Kept the profile work \(kim at http:\/\/127\.0\.0\.1:\d+\) in .*config\.json\.\nexit:0/, output);
    const kept = readFileSync(join(config, 'mailroom', 'config.json'), 'utf8');
    assert.deepEqual(JSON.parse(kept), { profiles: { work: { endpoint: sandbox.url, user: 'kim', binding: 'soap11' } } });
    assert.match(used!, /exit:1/, output);
    assert.match(result.stderr, /GetLetterStatus answered -3116/, 'signed in as the profile, from the keychain');
    assert.match(logout!, /Forgot the secrets of kim/, output);
    assert.match(logout!, NO_ITEMS, output);
  });

  it('says clearly what to do when no Secret Service runs', async () => {
    const result = await mailroom(['login'], {
      env: { MAILROOM_ENDPOINT: sandbox.url, MAILROOM_USER: 'kim', HOME: home },
      input: `${PASSWORD}\n`,
    });
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /was checked, but it was not kept: no OS keychain is available \(.+\)\. The commands take it from MAILROOM_PASSWORD instead/,
    );
    assert.ok(!result.stderr.includes(PASSWORD));
  });
});
