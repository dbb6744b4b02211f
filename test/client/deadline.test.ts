/**
 * One deadline per call: a call's timeout is its whole budget, retries, backoff and the wait for
 * its pacing slot included. A server that trickles its answer and never finishes is given up on
 * at the timeout after one attempt, with an error that names where the call went (never its query
 * or credentials); a retry that could not begin in time is not made, and one that began in time ends
 * at the call's deadline; a send is never retried.
 * What each test counts is the attempts the servers saw, not the time taken.
 */
import { strict as assert } from 'node:assert';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { MailWsClient, MailWsError, MailWsNetworkError } from '../../src/client';
import { serviceByKey, serviceUrl, type Binding } from '../../src/contract';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { startTricklingServer, type TricklingServer } from '../helpers/trickling-server';
import secrets from '../secrets.json';

/** One of the test secrets, which npm test looks for in everything the run prints. */
const SECRET = secrets.secrets[2]!;
const okStatus = [
  '<?xml version="1.0" encoding="utf-8"?>',
  '<GetLetterStatusResult xmlns="Mailing">',
  '  <ResultCode>-3000</ResultCode>',
  '  <Status>-900</Status>',
  '  <LastUpdateTime>2014-11-03T10:15:42</LastUpdateTime>',
  '</GetLetterStatusResult>',
].join('\r\n');
const send = { MyDescription: 'once', FileExtension: 'html', FileBinaryData: Buffer.from('<p>x</p>'), WorkMode: 'Production' } as const;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NEVER_COMPLETED = "the answer never completed within the call's";

describe('one deadline per call', function () {
  this.timeout(60_000);
  let trickling: TricklingServer | undefined;
  let fake: FakeServer | undefined;
  const clients: MailWsClient[] = [];
  const clientOf = (endpoint: string, binding: Binding, extra: Partial<ConstructorParameters<typeof MailWsClient>[0]> = {}) => {
    const client = new MailWsClient({ endpoint, binding, credentials: { username: 'demo', password: SECRET, apiKey: SECRET }, ...extra });
    clients.push(client);
    return client;
  };
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await trickling?.close();
    await fake?.close();
    trickling = fake = undefined;
  });

  for (const binding of ['http-get', 'http-post', 'soap11', 'soap12'] as const) {
    it(`gives up on an answer that never completes at the timeout, after one attempt, naming the endpoint (${binding})`, async () => {
      trickling = await startTricklingServer();
      // Three attempts with backoff are allowed; the first one spends the whole budget.
      const client = clientOf(trickling.url, binding, { timeoutMs: 1500, retry: { attempts: 3, baseDelayMs: 10 } });
      const error = await client.datedA.GetStatus({ ID: '1021984' }).catch((e: unknown) => e);
      assert.ok(error instanceof MailWsNetworkError, String(error));
      assert.deepEqual(trickling.trickled, ['GetStatus'], 'one attempt, not one per retry');
      const endpoint = `${serviceUrl(trickling.url, serviceByKey('datedA'))}${binding.startsWith('http') ? '/GetStatus' : ''}`;
      assert.equal(error.endpoint, endpoint);
      assert.match(error.message, new RegExp(`^GetStatus at ${escaped(endpoint)}: ${NEVER_COMPLETED} 1\\.5 s timeout;`));
      assert.equal(error.mayHaveReached, true);
      // HTTP GET carries the password in the query string: the endpoint is named without it.
      assert.ok(!inspect(error, { depth: 5 }).includes(SECRET), 'no password in the error');
      assert.ok(!error.message.includes('?'), 'no query in the error');
    });
  }

  it('names the endpoint without the user name and password a URL may hold', async () => {
    trickling = await startTricklingServer();
    const withCredentials = trickling.url.replace('http://', `http://someone:${SECRET}@`);
    const client = clientOf(withCredentials, 'http-get', { timeoutMs: 500 });
    const error = await client.simple.GetLetterStatus({ ID: 7 }).catch((e: unknown) => e);
    assert.ok(error instanceof MailWsNetworkError, String(error));
    assert.equal(error.endpoint, `${serviceUrl(trickling.url, serviceByKey('simple'))}/GetLetterStatus`);
    assert.ok(!inspect(error, { depth: 5 }).includes(SECRET) && !error.message.includes('someone'), error.message);
  });

  it('never retries a send: one attempt, ended at the timeout, its outcome unknown', async () => {
    trickling = await startTricklingServer();
    const client = clientOf(trickling.url, 'http-post', { timeoutMs: 1000 });
    const error = await client.simple.SendLetterV2(send).catch((e: unknown) => e);
    assert.ok(error instanceof MailWsNetworkError, String(error));
    assert.deepEqual(trickling.trickled, ['SendLetterV2']);
    assert.equal(error.mayHaveReached, true);
    const endpoint = `${serviceUrl(trickling.url, serviceByKey('simple'))}/SendLetterV2`;
    const outcomeUnknown = 'the request may have reached the service, so its outcome is unknown: look the mailer up before sending again';
    assert.equal(error.message, `SendLetterV2 at ${endpoint}: ${NEVER_COMPLETED} 1 s timeout; ${outcomeUnknown}`);
  });

  it('lets a call under way keep its budget when its client is let go of for a new one (closeWhenIdle)', async () => {
    trickling = await startTricklingServer();
    const client = clientOf(trickling.url, 'http-post', { timeoutMs: 1000 });
    const call = client.simple.GetLetterStatus({ ID: 7 }).catch((e: unknown) => e);
    // Under way: the server has begun its answer (a close before the call had a connection would cut nothing).
    while (trickling.trickled.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    client.closeWhenIdle();
    const error = await call;
    // Closed at once, its connection would have been cut (and the read tried again); it ran to its own deadline instead.
    assert.ok(error instanceof MailWsNetworkError && error.message.includes(`${NEVER_COMPLETED} 1 s timeout`), String(error));
    assert.deepEqual(trickling.trickled, ['GetLetterStatus'], 'one connection, never cut');
  });

  it('leaves no connection open after a call on a client already let go of (closeWhenIdle)', async () => {
    let open = 0;
    const server = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(okStatus));
    server.on('connection', (socket) => (open++, socket.on('close', () => open--)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = clientOf(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'http-post');
      client.closeWhenIdle();
      // A caller that still held it calls again: answered, then its kept-alive connection goes too.
      assert.equal((await client.simple.GetLetterStatus({ ID: 7 })).Status, -900);
      for (let i = 0; i < 100 && open > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(open, 0, 'the connection was closed once the call ended');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('makes no retry that could not begin before the deadline', async () => {
    fake = await startFakeServer([{ kind: 'cut' }]);
    // Backoff of 1 s, then 2 s: the second attempt begins at about 1 s, the third could not before 3 s.
    const client = clientOf(fake.url, 'http-post', { timeoutMs: 3000, retry: { attempts: 5, baseDelayMs: 1000 } });
    const error = await client.simple.GetLetterStatus({ ID: 7 }).catch((e: unknown) => e);
    assert.ok(error instanceof MailWsNetworkError && /the connection was cut/.test(error.message), String(error));
    assert.equal(fake.requests.length, 2, 'two attempts of the five allowed');
  });

  it("ends a retry that began within the budget at the call's deadline, not at a timeout of its own", async () => {
    // Cut at once; the retry begins after 1 s of backoff, within the 2 s budget. Its answer comes
    // 1.3 s after it arrived: at least 2.3 s after the call began, past the call's deadline, and
    // before a 2 s timeout the retry had of its own would end (which the same process's timers
    // keep in that order however late they fire).
    fake = await startFakeServer([{ kind: 'cut' }, { kind: 'answer', body: okStatus, delayMs: 1300 }]);
    const client = clientOf(fake.url, 'http-post', { timeoutMs: 2000, retry: { attempts: 3, baseDelayMs: 1000 } });
    const outcome = await client.simple.GetLetterStatus({ ID: 7 }).catch((e: unknown) => e);
    assert.equal(fake.requests.length, 2, 'the retry began: the budget had room for it');
    assert.ok(
      outcome instanceof MailWsNetworkError && outcome.message.includes(`${NEVER_COMPLETED} 2 s timeout`),
      `the retry was given up on at the call's deadline, not answered after it: ${inspect(outcome, { depth: 0 })}`,
    );
  });

  it('counts the wait for a pacing slot in the budget: a call whose slot is past its timeout is not sent', async () => {
    fake = await startFakeServer([{ kind: 'answer', body: okStatus }]);
    const client = clientOf(fake.url, 'http-post', { timeoutMs: 1000, minIntervalMs: 5000 });
    assert.equal((await client.simple.GetLetterStatus({ ID: 7 })).Status, -900);
    const error = await client.simple.GetLetterStatus({ ID: 7 }).catch((e: unknown) => e);
    assert.ok(error instanceof MailWsError, String(error));
    assert.equal(error.code, -3500);
    assert.equal(error.local, true);
    const refusal =
      /^GetLetterStatus was not sent -3500: the next GetLetterStatus the service allows is [\d.]+ s away, past this call's 1 s timeout/;
    assert.match(error.message, refusal);
    assert.equal(fake.requests.length, 1, 'the second call was never sent');
    // The refused call booked no slot: one with room for the wait still goes.
    assert.equal((await client.simple.GetLetterStatus({ ID: 7 }, { timeoutMs: 8000 })).Status, -900);
    assert.equal(fake.requests.length, 2);
  });
});
