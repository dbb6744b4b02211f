/**
 * Isolation between accounts and users: for every operation that names a mailer, a user of
 * another account gets -3001 (-3115 from a list left empty) and learns nothing more (the answers for two different mailers are
 * the same but for their IDs); stored files with `User` permissions stay their owner's, `Account`
 * ones are the account's, and neither is seen from another account.
 */
import { strict as assert } from 'node:assert';
import { operationList, type Operation } from '../../src/contract';
import { gzipText } from '../helpers/documents';
import { httpCaller, soapCaller, startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };
const clerk = { Username: 'clerk', Password: 'clerk' };
const other = { Username: 'other', Password: 'other' };

/** The operations that name mailers, with a request naming `id`. */
function namingRequests(id: number): [Operation, Record<string, unknown>][] {
  const out: [Operation, Record<string, unknown>][] = [];
  for (const op of operationList) {
    const names = op.params.map((p) => p.name);
    if (!names.includes('ID') && !names.includes('MinID')) continue;
    const idParam = op.params.find((p) => p.name === 'ID');
    const request: Record<string, unknown> = { ...other };
    if (idParam) request.ID = idParam.type.kind === 'primitive' && idParam.type.name === 'string' ? String(id) : id;
    if (names.includes('MinID')) Object.assign(request, { MinID: id, MaxID: id });
    if (names.includes('ItemID')) request.ItemID = '';
    out.push([op, request]);
  }
  return out;
}

describe('sandbox isolation between accounts and users', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  it('tells another account nothing about a mailer but -3001, for every operation that names one', async () => {
    const call = httpCaller(sandbox.url, 'http-post');
    const letter = (description: string, html: string, workMode: string) =>
      call('simple', 'SendLetterV2', {
        ...demo,
        MyDescription: description,
        FileExtension: 'html',
        FileBinaryData: Buffer.from(html),
        WorkMode: workMode,
      }) as Promise<number>;
    const merge = async (rows: number) =>
      (
        (await call('datedA', 'SendWordMailMerge_Compressed', {
          ...demo,
          MyDescription: `batch of ${rows}`,
          FileExtension: 'html',
          FileBinaryData: Buffer.from('<p>{{AttentionLine1}}</p>'),
          MergeData: gzipText(`AttentionLine1,Address1,City\n${'Jane,1 Main St,Springfield\n'.repeat(rows)}`),
          WorkMode: 'Development',
        })) as { ResultCode: number }
      ).ResultCode;
    // Pairs that differ in everything but their owner: what another account hears must not differ.
    const pairs: [number, number][] = [
      [
        await letter('private', '<p>secret</p>', 'Development'),
        await letter('other words', `<p>${'long '.repeat(3000)}</p>`, 'Production'),
      ],
      [await merge(1), await merge(3)],
    ];
    sandbox.advance(10_000); // printed: PDFs exist, to be refused
    const mask = (value: unknown, id: number) => JSON.stringify(value).replaceAll(String(id), '#');
    let checked = 0;
    for (const [first, second] of pairs) {
      const a = namingRequests(first);
      const b = namingRequests(second);
      for (const [i, [op, request]] of a.entries()) {
        const answer = await call(op.service.key, op.name, request);
        assert.equal(
          mask(answer, first),
          mask(await call(op.service.key, op.name, b[i]![1]), second),
          `${op.service.key} ${op.name}: two mailers of another account answer alike`,
        );
        // -3001 for the item; lists with nothing the caller may see answer -3115 (service facts, Identifiers).
        assert.match(JSON.stringify(answer), /-3001|"ResultCode":-3115/, `${op.service.key} ${op.name} answers -3001 or -3115`);
        checked++;
      }
    }
    assert.equal(checked, 2 * 16, 'the 16 operations that name mailers, on letters and batches');
    // The mailers above are printed, past cancelling by anyone: a fresh one shows a cancel from outside fails.
    const fresh = await letter('cancellable', '<p>c</p>', 'Development');
    assert.equal(await call('datedA', 'CancelDelivery', { ...other, ID: fresh }), -3001);
    assert.equal(
      ((await call('simple', 'GetLetterStatusV2', { ...demo, ID: fresh })) as { Status: number }).Status,
      -900,
      'not cancelled from outside',
    );
    assert.equal(await call('datedA', 'CancelDelivery', { ...demo, ID: fresh }), -3000, 'its owner still may');
  });

  it('keeps User stored files to their owner and Account ones to the account', async () => {
    const call = httpCaller(sandbox.url, 'http-post');
    const upload = (who: Record<string, string>, name: string, permissions: 'User' | 'Account') =>
      call('datedA', 'UploadFile', {
        ...who,
        MyFileName: name,
        FileBinaryData: Buffer.from('<p>f</p>'),
        Permissions: permissions,
        Description: name,
        Overwrite: false,
      });
    assert.equal(await upload(demo, 'mine.html', 'User'), -3000);
    assert.equal(await upload(demo, 'ours.html', 'Account'), -3000);
    const names = async (who: Record<string, string>) =>
      ((await call('datedA', 'GetUploadedFileDetails', who)) as { UploadedFiles: { FileName: string }[] }).UploadedFiles.map(
        (f) => f.FileName,
      ).sort();
    assert.deepEqual(await names(demo), ['mine.html', 'ours.html']);
    assert.deepEqual(await names(clerk), ['ours.html'], "a User file is its owner's alone");
    assert.deepEqual(await names(other), [], 'nothing of another account');
    const sendStored = (who: Record<string, string>, name: string) =>
      call('simple', 'SendLetterAndAddressV2', {
        ...who,
        MyDescription: 'x',
        FileExtension: `MyFile:${name}`,
        WorkMode: 'Development',
        AttentionLine1: 'Jane Doe',
        Address1: '1 Main St',
        City: 'Springfield',
      });
    const missing = await sendStored(other, 'no-such.html');
    assert.ok(typeof missing === 'number' && missing < 0);
    assert.equal(await sendStored(other, 'mine.html'), missing, "another account's file is as good as missing");
    assert.equal(await sendStored(clerk, 'mine.html'), missing, "another user's User file is as good as missing");
    assert.ok(((await sendStored(clerk, 'ours.html')) as number) > 0, "an Account file is the account's");
    assert.equal(
      await call('datedA', 'DeleteUploadedFile', { ...other, MyFileName: 'mine.html' }),
      await call('datedA', 'DeleteUploadedFile', { ...other, MyFileName: 'no-such.html' }),
    );
    assert.deepEqual(await names(demo), ['mine.html', 'ours.html'], 'nothing deleted from outside');
  });

  it('lets no colleague, administrator or not, replace or delete a User stored file, and only an administrator an Account one', async () => {
    const call = httpCaller(sandbox.url, 'http-post');
    const upload = (who: Record<string, string>, name: string, permissions: 'User' | 'Account', description: string, Overwrite = false) =>
      call('datedA', 'UploadFile', {
        ...who,
        MyFileName: name,
        FileBinaryData: Buffer.from(`<p>${description}</p>`),
        Permissions: permissions,
        Description: description,
        Overwrite,
      });
    const files = async (who: Record<string, string>) =>
      (
        (await call('datedA', 'GetUploadedFileDetails', who)) as {
          UploadedFiles: { FileName: string; Permissions: string; Description: string }[];
        }
      ).UploadedFiles.filter((f) => f.FileName.startsWith('kept-')).map((f) => [f.FileName, f.Permissions, f.Description]);
    assert.equal(await upload(clerk, 'kept-clerk.html', 'User', 'by clerk'), -3000);
    assert.equal(await upload(demo, 'kept-demo.html', 'User', 'by demo'), -3000);
    assert.equal(await upload(demo, 'kept-shared.html', 'Account', 'by the administrator'), -3000);

    // The owner may replace a User file; the names are the account's, so a colleague meets them.
    assert.equal(await upload(clerk, 'kept-clerk.html', 'User', 'by clerk', true), -3000, 'the owner replaces it');
    assert.equal(
      await upload(demo, 'kept-clerk.html', 'User', 'by the administrator', true),
      -3161,
      "an administrator may not replace another user's User file",
    );
    assert.equal(await upload(demo, 'KEPT-CLERK.html', 'Account', 'by the administrator', true), -3161, 'nor make it an Account file');
    assert.equal(await upload(clerk, 'kept-demo.html', 'User', 'by clerk', true), -3161, 'a colleague may not replace it');
    assert.equal(
      await upload(clerk, 'kept-shared.html', 'User', 'by clerk', true),
      -3161,
      'only an administrator replaces an Account file',
    );
    assert.equal(
      await call('datedA', 'DeleteUploadedFile', { ...demo, MyFileName: 'kept-clerk.html' }),
      -3160,
      "another user's User file is as good as missing",
    );
    assert.equal(await call('datedA', 'DeleteUploadedFile', { ...clerk, MyFileName: 'kept-demo.html' }), -3160);
    assert.equal(await call('datedA', 'DeleteUploadedFile', { ...clerk, MyFileName: 'kept-shared.html' }), -3161);
    assert.equal(await upload(other, 'kept-clerk.html', 'User', 'by other', true), -3000, 'another account has names of its own');

    assert.deepEqual(
      await files(clerk),
      [
        ['kept-clerk.html', 'User', 'by clerk'],
        ['kept-shared.html', 'Account', 'by the administrator'],
      ],
      "clerk's file is still clerk's",
    );
    assert.deepEqual(await files(demo), [
      ['kept-demo.html', 'User', 'by demo'],
      ['kept-shared.html', 'Account', 'by the administrator'],
    ]);
    assert.deepEqual(await files(other), [['kept-clerk.html', 'User', 'by other']]);
    assert.equal(await upload(demo, 'kept-shared.html', 'Account', 'replaced', true), -3000, 'an administrator replaces an Account file');
  });

  it('lets an administrator change only the users of the own account', async () => {
    const soap = soapCaller(sandbox.url, 'soap11');
    const settings = [['Letters_PrintSides', 'Duplex']];
    const outside = await soap('admin', 'SetUserSettings', { APIKey: 'other-key', Username: 'demo', Settings: settings });
    assert.equal(
      outside,
      await soap('admin', 'SetUserSettings', { APIKey: 'other-key', Username: 'nobody-at-all', Settings: settings }),
      'a user of another account answers as one that does not exist',
    );
    assert.notEqual(outside, -3000);
    assert.equal(await soap('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'clerk', Settings: settings }), -3000);
  });
});
