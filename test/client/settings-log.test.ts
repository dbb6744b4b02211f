/**
 * The print settings log (src/client/settings-log.ts) over a real sandbox: a SetUserSettings the
 * service took that sets Letters_PrintSides or Letters_PrintColor is written down for the user it
 * named, at the endpoint, and nothing else is: not a refused one, not another setting, never a
 * password; a torn last line is skipped.
 */
import { strict as assert } from 'node:assert';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailWsClient, MailWsError, SettingsLog, printSettingsSet, readSettingsLog } from '../../src/client';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';

describe('client: the print settings log', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  let dir: string;
  let path: string;
  let client: MailWsClient;

  before(async () => {
    sandbox = await startTestSandbox();
    dir = mkdtempSync(join(tmpdir(), 'mailroom-settings-log-'));
    path = join(dir, 'state', 'print-settings.jsonl');
    client = new MailWsClient({
      endpoint: sandbox.url,
      credentials: { username: 'demo', password: 'demo', apiKey: 'demo-key' },
      settingsLog: new SettingsLog(path, 'command line'),
    });
  });
  after(async () => {
    client.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes down the print settings a SetUserSettings the service took set, for the user it named, and nothing else', async () => {
    await client.admin.SetUserSettings({
      Username: 'clerk',
      Settings: [
        ['Security_Password', 'n3w-Secret'],
        ['Letters_PrintSides', 'Duplex'],
        ['General_Timezone', 'America/Chicago'],
      ],
    });
    await client.admin.SetUserSettings({ Username: 'demo', Settings: [['General_Timezone', 'America/Chicago']] });
    await assert.rejects(
      client.admin.SetUserSettings({ Username: 'demo', Settings: [['Letters_PrintColor', 'Rainbow']] }),
      (error: unknown) => error instanceof MailWsError,
    );
    await assert.rejects(client.admin.SetUserSettings({ Username: 'nobody', Settings: [['Letters_PrintSides', 'Duplex']] }));
    const text = readFileSync(path, 'utf8');
    assert.doesNotMatch(text, /n3w-Secret|demo-key|Password|Timezone/, 'never a secret, never another setting');
    const records = await readSettingsLog(path);
    assert.equal(records.length, 1, text);
    assert.equal(records[0]!.user, 'clerk');
    assert.equal(records[0]!.endpoint, sandbox.url);
    assert.equal(records[0]!.via, 'command line');
    assert.deepEqual(records[0]!.settings, { Letters_PrintSides: 'Duplex' });
  });

  it('keeps the last value of a setting named twice, under the name the same request gave the user', () => {
    const record = printSettingsSet(
      'http://127.0.0.1:1',
      {
        Username: 'clerk',
        Settings: [
          ['Letters_PrintColor', 'FullColor'],
          ['General_Username', 'clerk2'],
          ['Letters_PrintColor', 'BlackAndWhite'],
        ],
      },
      new Date(0),
    );
    assert.deepEqual(record, {
      time: '1970-01-01T00:00:00.000Z',
      endpoint: 'http://127.0.0.1:1',
      user: 'clerk2',
      settings: { Letters_PrintColor: 'BlackAndWhite' },
    });
    assert.equal(printSettingsSet('x', { Username: 'clerk', Settings: [['General_Timezone', 'UTC']] }, new Date()), undefined);
    assert.equal(printSettingsSet('x', { Settings: [['Letters_PrintSides', 'Duplex']] }, new Date()), undefined, 'no user named');
  });

  it('skips a line a crash tore, and reads on', async () => {
    appendFileSync(path, '{"time":"2026-11-20T10:00:00.000Z","endpoint":"http://127.0.0.1:1","user":"demo","sett');
    await client.admin.SetUserSettings({ Username: 'demo', Settings: [['Letters_PrintColor', 'FullColor']] });
    const records = await readSettingsLog(path);
    assert.deepEqual(
      records.map((r) => [r.user, r.settings]),
      [
        ['clerk', { Letters_PrintSides: 'Duplex' }],
        ['demo', { Letters_PrintColor: 'FullColor' }],
      ],
    );
    assert.deepEqual(await readSettingsLog(join(dir, 'none.jsonl')), [], 'no file: nothing set');
  });
});
