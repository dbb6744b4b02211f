/**
 * The client when the network or the server fails: a send is never resent when the connection
 * drops after the request was written, and says the outcome is unknown; reads are retried; slow
 * or endless answers end at the timeout; a call can be cancelled; bad answers are clear errors.
 */
import { strict as assert } from 'node:assert';
import { inspect } from 'node:util';
import { MailWsClient, MailWsFault, MailWsNetworkError, MailWsResponseError } from '../../src/client';
import { startFakeServer, type Behaviour, type FakeServer } from '../helpers/fake-server';

const SECRET = 'pw-4F7x-never-printed';
const okStatus =
  '<?xml version="1.0" encoding="utf-8"?>\r\n<GetLetterStatusResult xmlns="Mailing">\r\n  <ResultCode>-3000</ResultCode>\r\n  <Status>-900</Status>\r\n  <LastUpdateTime>2014-11-03T10:15:42</LastUpdateTime>\r\n</GetLetterStatusResult>';
const rateLimited =
  '<?xml version="1.0" encoding="utf-8"?>\r\n<GetLetterStatusResult xmlns="Mailing">\r\n  <ResultCode>-3500</ResultCode>\r\n  <Status>0</Status>\r\n  <LastUpdateTime>0001-01-01T00:00:00</LastUpdateTime>\r\n</GetLetterStatusResult>';
const send = { MyDescription: 'once', FileExtension: 'html', FileBinaryData: Buffer.from('<p>x</p>'), WorkMode: 'Production' } as const;

describe('client failures', function () {
  this.timeout(30_000);
  let server: FakeServer | undefined;
  const clientFor = (script: Behaviour[], binding: 'http-post' | 'soap11' | 'soap12' = 'http-post', extra = {}) =>
    startFakeServer(script).then((s) => {
      server = s;
      return new MailWsClient({
        endpoint: s.url,
        binding,
        credentials: { username: 'demo', password: SECRET },
        retry: { attempts: 3, baseDelayMs: 10, rateLimitDelayMs: 10 },
        timeoutMs: 2000,
        ...extra,
      });
    });
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  for (const binding of ['http-post', 'soap11', 'soap12'] as const) {
    it(`never resends a send whose connection dropped after the request was written (${binding})`, async () => {
      const client = await clientFor([{ kind: 'cut' }, { kind: 'answer', body: '' }], binding);
      const error = await client.simple.SendLetterV2(send).catch((e: unknown) => e);
      client.close();
      assert.ok(error instanceof MailWsNetworkError, String(error));
      assert.equal(error.mayHaveReached, true);
      assert.match(error.message, /may have reached the service, so its outcome is unknown: look the mailer up before sending again/);
      assert.equal(server!.requests.length, 1, 'sent once, never again');
      assert.ok(!inspect(error, { depth: 5 }).includes(SECRET));
    });
  }

  it('says a request that was refused never reached the service', async () => {
    const client = new MailWsClient({
      endpoint: 'http://127.0.0.1:9',
      binding: 'http-post',
      credentials: { username: 'demo', password: SECRET },
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    const error = await client.simple.SendLetterV2(send).catch((e: unknown) => e);
    client.close();
    assert.ok(error instanceof MailWsNetworkError);
    assert.equal(error.mayHaveReached, false);
    assert.match(error.message, /refused the connection.*did not reach the service/);
  });

  it('retries a read after a dropped connection and after -3500', async () => {
    const client = await clientFor([{ kind: 'cut' }, { kind: 'answer', body: rateLimited }, { kind: 'answer', body: okStatus }]);
    const status = await client.simple.GetLetterStatus({ ID: 7 });
    client.close();
    assert.equal(status.Status, -900);
    assert.equal(server!.requests.length, 3);
  });

  it('gives up on a read after the configured attempts', async () => {
    const client = await clientFor([{ kind: 'cut' }]);
    await assert.rejects(client.simple.GetLetterStatus({ ID: 7 }), MailWsNetworkError);
    client.close();
    assert.equal(server!.requests.length, 3);
  });

  it('ends a call that gets no answer at its timeout, and one cut midway', async () => {
    const client = await clientFor([{ kind: 'hang' }], 'http-post', { timeoutMs: 300, retry: { attempts: 1, baseDelayMs: 1 } });
    const error = await client.simple.GetLetterStatus({ ID: 7 }).catch((e: unknown) => e);
    assert.ok(
      error instanceof MailWsNetworkError && /the answer never completed within the call.s 0.3 s timeout/.test(error.message),
      String(error),
    );
    assert.equal(error.mayHaveReached, true, 'the request had left');
    assert.equal(server!.requests.length, 1, 'one attempt, ended by the timeout (how soon: test/bench/deadlines.ts)');
    client.close();
    await server!.close();
    const midway = await clientFor([{ kind: 'cut-midway', body: okStatus.slice(0, 60) }], 'soap11', {
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    await assert.rejects(midway.simple.GetLetterStatus({ ID: 7 }), MailWsNetworkError);
    midway.close();
  });

  it('can be cancelled with an AbortSignal', async () => {
    const client = await clientFor([{ kind: 'hang' }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await client.simple.GetLetterStatus({ ID: 7 }, { signal: controller.signal }).catch((e: unknown) => e);
    client.close();
    assert.ok(error instanceof MailWsNetworkError && /cancelled/.test(error.message), String(error));
    assert.equal(server!.requests.length, 1, 'a cancelled read is not retried');
  });

  it('reads faults: SOAP 1.1, SOAP 1.2 and plain text', async () => {
    const soap11Fault =
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Server did not recognize the value of HTTP Header SOAPAction: Mailing/X.</faultstring><detail /></soap:Fault></soap:Body></soap:Envelope>';
    const soap12Fault =
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">Server was unable to process request.</soap:Text></soap:Reason><soap:Detail /></soap:Fault></soap:Body></soap:Envelope>';
    const cases: [Behaviour, 'http-post' | 'soap11' | 'soap12', string, RegExp][] = [
      [{ kind: 'answer', status: 500, body: soap11Fault }, 'soap11', 'soap:Client', /did not recognize/],
      [
        { kind: 'answer', status: 500, contentType: 'application/soap+xml; charset=utf-8', body: soap12Fault },
        'soap12',
        'soap:Receiver',
        /unable to process/,
      ],
      [
        { kind: 'answer', status: 500, contentType: 'text/plain', body: 'Missing parameter: ID.' },
        'http-post',
        'HTTP 500',
        /Missing parameter: ID\./,
      ],
    ];
    for (const [behaviour, binding, code, reason] of cases) {
      const client = await clientFor([behaviour], binding);
      const error = await client.datedA.CancelDelivery({ ID: 7 }).catch((e: unknown) => e);
      client.close();
      await server!.close();
      assert.ok(error instanceof MailWsFault, String(error));
      assert.equal(error.faultCode, code);
      assert.match(error.reason, reason);
    }
  });

  it('calls an answer it cannot read a MailWsResponseError: malformed, entity-laden, wrong type or element', async () => {
    const answers: Behaviour[] = [
      { kind: 'answer', body: '<GetLetterStatusResult xmlns="Mailing"><ResultCode>' },
      {
        kind: 'answer',
        body: '<!DOCTYPE x [<!ENTITY a "a">]><GetLetterStatusResult xmlns="Mailing"><ResultCode>&a;</ResultCode></GetLetterStatusResult>',
      },
      { kind: 'answer', contentType: 'text/html', body: '<html>Sign in</html>' },
      { kind: 'answer', body: '<int xmlns="Mailing">5</int>' },
      { kind: 'answer', body: '<GetLetterStatusResult xmlns="Mailing"><ResultCode>many</ResultCode></GetLetterStatusResult>' },
    ];
    for (const answer of answers) {
      const client = await clientFor([answer], 'http-post', { retry: { attempts: 1, baseDelayMs: 1 } });
      const error = await client.simple.GetLetterStatus({ ID: 7 }).catch((e: unknown) => e);
      client.close();
      await server!.close();
      assert.ok(error instanceof MailWsResponseError, `${JSON.stringify(answer)}: ${String(error)}`);
    }
  });

  it('stops reading an answer larger than the client is set to read', async () => {
    const client = await clientFor([{ kind: 'answer', body: Buffer.alloc(3 * 1024 * 1024, 0x20) }], 'http-post', {
      maxResponseBytes: 256 * 1024,
      retry: { attempts: 3, baseDelayMs: 1 },
    });
    const error = await client.simple.GetLetterStatus({ ID: 7 }).catch((e: unknown) => e);
    client.close();
    assert.ok(error instanceof MailWsResponseError, String(error));
    assert.match(
      error.message,
      /a GetLetterStatus answer is at most 256 KB, but it went on past that.*this client is set to read no more \(maxResponseBytes\)/,
    );
    assert.equal(server!.requests.length, 1, 'not asked for again');
  });
});
