/**
 * The client over HTTP GET and POST never sends what ASP.NET refuses there, against the real
 * sandbox over real HTTP (which refuses it as ASP.NET does): a GET whose query would pass 2,048
 * characters goes as POST, a stored file's send (no bytes) over SOAP 1.1, and the CallEvent (which
 * --verbose and the output log print; test/cli/commands.test.ts) says which binding was used and
 * why. An HTML error page becomes one line, on every binding.
 */
import { strict as assert } from 'node:assert';
import { MailWsClient, MailWsFault, type CallEvent } from '../../src/client';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { HttpStatusError, httpCaller, startTestSandbox, type TestSandbox } from '../helpers/sandbox';

/** A letter of 100 bytes, two UTF-8 bytes a character: 19 query characters a byte over GET. */
const letter = Buffer.from(`<p>${'é'.repeat(46)}!</p>`);
/** The longest description the service takes. */
const description = 'd'.repeat(100);
const credentials = { username: 'demo', password: 'demo' };

describe('client over HTTP GET and POST: what ASP.NET would refuse goes another way', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  let fake: FakeServer | undefined;
  const events: CallEvent[] = [];
  const clientOver = (binding: 'http-get' | 'http-post', endpoint = sandbox.url) =>
    new MailWsClient({ endpoint, binding, credentials, onCall: (event) => events.push(event) });

  beforeEach(async () => {
    events.length = 0;
    sandbox = await startTestSandbox();
  });
  afterEach(async () => {
    await sandbox.close();
    await fake?.close();
    fake = undefined;
  });

  it('sends a 100-byte letter over GET as POST, and says so; the same GET as asked gets HTTP 400', async () => {
    assert.equal(letter.length, 100);
    const request = { MyDescription: description, FileExtension: 'html', FileBinaryData: letter, WorkMode: 'Development' } as const;
    const refused = await httpCaller(sandbox.url, 'http-get', { faithful: false })('simple', 'SendLetterV2', {
      ...request,
      Username: 'demo',
      Password: 'demo',
    }).catch((error: unknown) => error);
    assert.ok(refused instanceof HttpStatusError, String(refused));
    assert.equal(refused.status, 400);
    assert.match(
      refused.body,
      /<title>The length of the query string for this request exceeds the configured maxQueryStringLength value\.<\/title>/,
    );

    const client = clientOver('http-get');
    const id = await client.simple.SendLetterV2(request);
    assert.ok(id > 0, `an ID, not ${id}`);
    const status = await client.simple.GetLetterStatusV2({ ID: id });
    assert.equal(status.ResultCode, -3000);
    client.close();
    const [send, read] = events;
    assert.equal(send?.binding, 'http-post');
    assert.match(send?.reason ?? '', /^the query string would be 2\d{3} characters, past ASP\.NET's 2048$/);
    assert.deepEqual([read?.binding, read?.reason], ['http-get', undefined], 'a short GET stays a GET');
  });

  for (const binding of ['http-get', 'http-post'] as const) {
    it(`sends a stored file's letter (no bytes) over SOAP 1.1 from ${binding}; as asked, it gets ASP.NET's HTTP 500`, async () => {
      const client = clientOver(binding);
      assert.equal(
        await client.datedA.UploadFile({
          MyFileName: 'kept.html',
          FileBinaryData: Buffer.from('<p>kept</p>'),
          Permissions: 'User',
          Description: 'k',
          Overwrite: true,
        }),
        -3000,
      );
      const request = { MyDescription: 'stored', FileExtension: 'MyFile:kept.html', WorkMode: 'Development' } as const;
      const refused = await httpCaller(sandbox.url, binding, { faithful: false })('simple', 'SendLetterV2', {
        ...request,
        Username: 'demo',
        Password: 'demo',
      }).catch((error: unknown) => error);
      assert.ok(refused instanceof HttpStatusError, String(refused));
      assert.deepEqual([refused.status, refused.body], [500, 'Object reference not set to an instance of an object.']);

      const id = await client.simple.SendLetterV2(request);
      assert.ok(id > 0, `an ID, not ${id}`);
      client.close();
      const send = events.at(-1);
      assert.deepEqual([send?.operation, send?.binding, send?.code], ['SendLetterV2', 'soap11', id]);
      assert.equal(send?.reason, 'an empty FileBinaryData cannot travel over HTTP GET or POST (ASP.NET fails on it)');
      assert.equal(events[0]?.reason, undefined, 'the upload, with bytes, went as chosen');
    });
  }

  it('shows an HTML error page, on every binding, as its title and description in one line, never the HTML', async () => {
    // The page ASP.NET renders (the sandbox's, over real HTTP), served by a front that answers it to any call.
    const page = await fetch(`${sandbox.url}/MailWS.asmx/GetLetterStatus?pad=${'x'.repeat(2048)}`);
    assert.equal(page.status, 400);
    const html = await page.text();
    fake = await startFakeServer([{ kind: 'answer', status: 400, contentType: page.headers.get('content-type') ?? '', body: html }]);
    for (const binding of ['http-get', 'http-post', 'soap11', 'soap12'] as const) {
      // Typed here for TypeScript 6 (the linter's), which finds a cycle through the loop's narrowing.
      const client: MailWsClient = new MailWsClient({ endpoint: fake.url, binding, credentials });
      const error: unknown = await client.simple.GetLetterStatus({ ID: 5 }).catch((e: unknown) => e);
      client.close();
      assert.ok(error instanceof MailWsFault, `${binding}: ${String(error)}`);
      assert.equal(error.httpStatus, 400);
      assert.equal(
        error.message,
        'GetLetterStatus failed with HTTP 400: The length of the query string for this request exceeds the configured maxQueryStringLength value. ' +
          'An unhandled exception occurred during the execution of the current web request. ' +
          'Please review the stack trace for more information about the error and where it originated in the code.',
      );
      assert.doesNotMatch(error.message, /[<>\n]/);
    }
  });
});
