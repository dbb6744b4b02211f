/** Stored-file limits and user settings, rule by rule, against a real sandbox. */
import { strict as assert } from 'node:assert';
import { settingCode, userSettings, type SettingRule } from '../../src/contract';
import { httpCaller, soapCaller, startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };

/** A value each kind of rule refuses. */
function invalidValue(rule: SettingRule): string {
  switch (rule.kind) {
    case 'choice':
      return 'NotAChoice';
    case 'text':
      return 'x'.repeat(rule.maxLength + 1);
    case 'pattern':
      return 'has spaces in it';
    case 'timezone':
      return 'Mars/Olympus_Mons';
    case 'email':
      return 'not-an-address';
    case 'url':
      return 'ftp://example.test/hook';
  }
}

describe('sandbox accounts, files and settings', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('stores at most 20 files per account', async () => {
    const call = httpCaller(sandbox.url, 'http-post');
    const upload = (name: string, who = demo) =>
      call('datedA', 'UploadFile', {
        ...who,
        MyFileName: name,
        FileBinaryData: Buffer.from('<p>f</p>'),
        Permissions: 'User',
        Description: '',
        Overwrite: false,
      });
    for (let i = 1; i <= 20; i++) assert.equal(await upload(`file${i}.html`), -3000, `file ${i}`);
    assert.equal(await upload('file21.html'), -3162);
    assert.equal(await upload('file21.html', { Username: 'clerk', Password: 'clerk' }), -3162, "the limit is the account's");
    assert.equal(await upload('theirs.html', { Username: 'other', Password: 'other' }), -3000, 'another account has its own');
    const mine = (await call('datedA', 'GetUploadedFileDetails', { Username: 'clerk', Password: 'clerk' })) as { ResultCode: number };
    assert.equal(mine.ResultCode, -3163, 'User files stay private to their owner');
  });

  it("refuses an invalid value of each of the 27 settings with that setting's own code", async () => {
    const call = soapCaller(sandbox.url, 'soap11');
    const answers: [string, unknown][] = [];
    for (const { name, rule } of userSettings) {
      answers.push([
        name,
        await call('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'clerk', Settings: [[name, invalidValue(rule)]] }),
      ]);
    }
    assert.deepEqual(
      answers,
      userSettings.map(({ name }) => [name, settingCode(name)]),
    );
  });

  it('applies valid values, and checks every pair before changing any', async () => {
    const call = soapCaller(sandbox.url, 'soap12');
    const mixed = await call('admin', 'SetUserSettings', {
      APIKey: 'demo-key',
      Username: 'clerk',
      Settings: [
        ['Letters_PrintColor', 'FullColor'],
        ['Letters_PrintSides', 'Sideways'],
      ],
    });
    assert.equal(mixed, settingCode('Letters_PrintSides'));
    const valid = userSettings.map(({ name, rule }) => [
      name,
      rule.kind === 'choice'
        ? rule.values[0]!
        : rule.kind === 'timezone'
          ? 'Europe/Paris'
          : rule.kind === 'email'
            ? 'a@b.test'
            : rule.kind === 'url'
              ? 'https://hook.test/x'
              : name === 'Security_Password'
                ? 'n3w.Pass'
                : name === 'General_Username'
                  ? 'clerk'
                  : 'ok',
    ]);
    assert.equal(await call('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'clerk', Settings: valid }), -3000);
    const http = httpCaller(sandbox.url, 'http-get');
    assert.equal(
      ((await http('simple', 'GetLetterStatus', { Username: 'clerk', Password: 'n3w.Pass', ID: 1 })) as { ResultCode: number }).ResultCode,
      -3116,
    );
    assert.equal(
      await call('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'clerk', Settings: [['General_Username', 'demo']] }),
      settingCode('General_Username'),
      'a name already taken',
    );
  });
});
