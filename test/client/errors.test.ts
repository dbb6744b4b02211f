/**
 * One error family: every way a call of the client can fail (a result code from the real sandbox,
 * the client's own check, a fault, an answer it cannot read, a network failure, a cancel) ends in
 * a MailWsFailure that names the call's operation, so a caller catches one type. Fakes stand in
 * only for what the sandbox never does (faults, unreadable answers, dropped connections).
 */
import { strict as assert } from 'node:assert';
import {
  MailWsClient,
  MailWsError,
  MailWsFailure,
  MailWsFault,
  MailWsInputError,
  MailWsNetworkError,
  MailWsResponseError,
  mayHaveTakenEffect,
  type ClientOptions,
} from '../../src/client';
import { operationList, type Binding } from '../../src/contract';
import { gzipText } from '../helpers/documents';
import { startFakeServer, type Behaviour } from '../helpers/fake-server';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';

type Kind = abstract new (...args: never[]) => MailWsFailure;

const html = Buffer.from('<p>x</p>');
const letter = { MyDescription: 'family', FileExtension: 'html', FileBinaryData: html, WorkMode: 'Development' } as const;

/** The failure a call ends in; fails the test if it succeeded or threw anything else. */
async function failureOf(call: Promise<unknown>): Promise<MailWsFailure> {
  const error = await call.then(
    (value) => assert.fail(`expected a failure, got ${JSON.stringify(value)}`),
    (e: unknown) => e,
  );
  assert.ok(error instanceof MailWsFailure, `not a MailWsFailure: ${String(error)}`);
  assert.ok(error instanceof Error);
  return error;
}

function expectFailure(error: MailWsFailure, kind: Kind, operation: string, message: RegExp): void {
  assert.ok(error instanceof kind, `expected a ${kind.name}, got ${error.name}: ${error.message}`);
  assert.equal(error.operation, operation, error.message);
  assert.equal(error.name, kind.name, 'the name says which kind of failure');
  assert.match(error.message, message);
  // For people: a sentence of what happened and what to do, without the operation's name.
  assert.match(error.inWords, /^[A-Z].*\.$/s, error.inWords);
  assert.ok(!error.inWords.includes(operation), `the operation's name in "${error.inWords}"`);
  if (error instanceof MailWsError) assert.ok(!error.inWords.includes(String(error.code)), `the code in "${error.inWords}"`);
}

describe('client errors: one family that names the operation', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  const clients: MailWsClient[] = [];
  const client = (binding: Binding, extra: Partial<ClientOptions> = {}) => {
    const made = new MailWsClient({
      endpoint: sandbox.url,
      binding,
      credentials: { username: 'demo', password: 'demo', apiKey: 'demo-key' },
      ...extra,
    });
    clients.push(made);
    return made;
  };
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(async () => {
    for (const made of clients) made.close();
    await sandbox.close();
  });

  for (const binding of ['soap11', 'soap12', 'http-get', 'http-post'] as const) {
    it(`a result code from the sandbox is a MailWsFailure with its operation (${binding})`, async () => {
      const c = client(binding);
      expectFailure(
        await failureOf(c.simple.GetLetterStatus({ ID: 999_999 })),
        MailWsError,
        'GetLetterStatus',
        /^GetLetterStatus answered -3116/,
      );
      expectFailure(
        await failureOf(c.datedA.CancelDelivery({ ID: 999_999 })),
        MailWsError,
        'CancelDelivery',
        /^CancelDelivery answered -31/,
      );
      const wrong = new MailWsClient({ endpoint: sandbox.url, binding, credentials: { username: 'demo', password: 'Zq9-not-the-one' } });
      clients.push(wrong);
      expectFailure(await failureOf(wrong.simple.SendLetterV2(letter)), MailWsError, 'SendLetterV2', /^SendLetterV2 answered -3003/);
    });
  }

  it('a send answering its ResultCode with a code, not an ID, is a MailWsError (the contract says a send answers an ID)', async () => {
    const merge = client('soap11').datedA.SendWordMailMerge_Compressed({
      MyDescription: 'm',
      FileExtension: 'html',
      FileBinaryData: Buffer.from('<p>Hi {{Name}}</p>'),
      MergeData: gzipText('Nobody\nAda\n'),
      WorkMode: 'Development',
    });
    const error = await failureOf(merge);
    expectFailure(error, MailWsError, 'SendWordMailMerge_Compressed', /^SendWordMailMerge_Compressed answered -31\d\d/);
    assert.ok((error as MailWsError).code < 0);
    const batch = await client('soap11').datedA.SendWordMailMerge_Compressed({
      MyDescription: 'm',
      FileExtension: 'html',
      FileBinaryData: Buffer.from('<p>Hi {{Name}}</p>'),
      MergeData: gzipText('Name\nAda\n'),
      WorkMode: 'Development',
    });
    assert.ok(batch.ResultCode > 0, 'a positive ResultCode is the new batch, a success');
  });

  it("the client's own check before sending throws the same family", async () => {
    const c = client('soap11');
    expectFailure(
      await failureOf(c.simple.SendLetterV2({ ...letter, MyDescription: '' })),
      MailWsError,
      'SendLetterV2',
      /^SendLetterV2 was not sent/,
    );
    // An address field too long is said as the person typed it: the name, not AttentionLine1 (issue 25, part 10).
    const long = await failureOf(
      c.simple.SendLetterAndAddressV2({
        ...letter,
        AttentionLine1: 'N'.repeat(61),
        Address1: '1 Main St',
        City: 'Springfield',
        State: 'IL',
        PostalCode: '62701',
      }),
    );
    expectFailure(long, MailWsError, 'SendLetterAndAddressV2', /was not sent -3120: AttentionLine1 longer than 45/);
    assert.equal(long.inWords, 'Nothing was sent: the name is longer than the 45 characters the service takes.');
    const badMode = { ...letter, WorkMode: 'Sometimes' } as unknown as typeof letter;
    expectFailure(await failureOf(c.simple.SendLetterV2(badMode)), MailWsInputError, 'SendLetterV2', /WorkMode must be one of/);
    const noKey = new MailWsClient({ endpoint: sandbox.url, credentials: { username: 'demo', password: 'demo' } });
    expectFailure(
      await failureOf(noKey.datedB.SendLetterAdvanced({ MyDescription: 'x' })),
      MailWsError,
      'SendLetterAdvanced',
      /was not sent/,
    );
  });

  it('a call cancelled while it waits for its pacing slot is a MailWsNetworkError that never reached the service', async () => {
    const paced = client('soap11', { minIntervalMs: 10_000, timeoutMs: 20_000 });
    await failureOf(paced.simple.GetLetterStatus({ ID: 999_999 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failureOf(paced.simple.GetLetterStatus({ ID: 999_999 }, { signal: controller.signal }));
    expectFailure(error, MailWsNetworkError, 'GetLetterStatus', /cancelled before it was sent; the request did not reach the service/);
    assert.equal((error as MailWsNetworkError).mayHaveReached, false);
  });

  it('refused connections, dropped answers, faults and unreadable answers are the same family', async () => {
    const refused = new MailWsClient({
      endpoint: 'http://127.0.0.1:9',
      credentials: { username: 'demo', password: 'demo' },
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    expectFailure(await failureOf(refused.datedA.GetStatus({ ID: '7' })), MailWsNetworkError, 'GetStatus', /did not reach the service/);
    refused.close();
    const soapFault =
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>Server was unable to process request.</faultstring><detail /></soap:Fault></soap:Body></soap:Envelope>';
    const cases: [Behaviour, Binding, Kind, string, RegExp][] = [
      [{ kind: 'cut' }, 'soap11', MailWsNetworkError, 'SendLetterV2', /outcome is unknown: look the mailer up before sending again$/],
      [{ kind: 'cut' }, 'http-post', MailWsNetworkError, 'CancelDelivery', /outcome is unknown$/],
      [{ kind: 'answer', status: 500, body: soapFault }, 'soap11', MailWsFault, 'UploadFile', /failed with soap:Server/],
      [
        { kind: 'answer', status: 500, contentType: 'text/plain', body: 'Missing parameter: ID.' },
        'http-get',
        MailWsFault,
        'GetLetterStatus',
        /failed with HTTP 500/,
      ],
      [
        { kind: 'answer', contentType: 'text/html', body: '<html>Sign in</html>' },
        'http-post',
        MailWsResponseError,
        'GetLetterStatus',
        /could not be read/,
      ],
      [{ kind: 'answer', body: '<html>Sign in</html>' }, 'soap12', MailWsResponseError, 'GetStatus', /could not be read/],
    ];
    for (const [behaviour, binding, kind, operation, message] of cases) {
      const server = await startFakeServer([behaviour]);
      const c = new MailWsClient({
        endpoint: server.url,
        binding,
        credentials: { username: 'demo', password: 'demo' },
        retry: { attempts: 1, baseDelayMs: 1 },
        timeoutMs: 5000,
      });
      const op = operationList.find((o) => o.name === operation && o.service.bindings.includes(binding))!;
      const request: Record<string, Record<string, unknown>> = {
        SendLetterV2: letter,
        CancelDelivery: { ID: 7 },
        UploadFile: { MyFileName: 'a.pdf', FileBinaryData: html, Permissions: 'User', Overwrite: false },
        GetLetterStatus: { ID: 7 },
        GetStatus: { ID: '7' },
      };
      const error = await failureOf(c.call(op, request[operation]!));
      c.close();
      await server.close();
      expectFailure(error, kind, operation, message);
    }
  });
});

describe('client errors: which failed calls may still have done their work', () => {
  it('a result code, a value refused before sending, a request that never left, a fault blaming the request: surely not', () => {
    assert.equal(mayHaveTakenEffect(new MailWsError('SendLetterV2', -3010)), false);
    assert.equal(mayHaveTakenEffect(new MailWsInputError('SendLetterV2', 'WorkMode', 'must be one of …')), false);
    assert.equal(mayHaveTakenEffect(new MailWsNetworkError('SendLetterV2', false, 'the service refused the connection')), false);
    assert.equal(mayHaveTakenEffect(new MailWsFault('SendLetterV2', 'soap:Client', 'bad request', 500)), false);
    assert.equal(mayHaveTakenEffect(new MailWsFault('SendLetterV2', 'soap:Sender', 'bad request', 400)), false);
    assert.equal(mayHaveTakenEffect(new MailWsFault('SendLetterV2', 'HTTP 400', 'Bad Request', 400)), false);
    assert.equal(mayHaveTakenEffect(new Error('not connected')), false);
  });

  it("a cut after the request left, an unreadable answer, a server's fault, a gateway's 502–504: maybe", () => {
    assert.equal(mayHaveTakenEffect(new MailWsNetworkError('SendLetterV2', true, 'the connection was cut')), true);
    assert.equal(mayHaveTakenEffect(new MailWsResponseError('SendLetterV2', 'not XML')), true);
    assert.equal(mayHaveTakenEffect(new MailWsFault('SendLetterV2', 'soap:Server', 'Server was unable to process request.', 500)), true);
    for (const status of [502, 503, 504]) {
      assert.equal(mayHaveTakenEffect(new MailWsFault('SendLetterV2', `HTTP ${status}`, 'Gateway', status)), true, String(status));
    }
  });
});
