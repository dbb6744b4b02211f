/**
 * No secret in a failed call: over HTTP GET the password is in the request's URL, over HTTP POST
 * and SOAP in its body, and the API key in a SOAP body. When the network fails (the connection
 * refused, cut before the answer, cut in the middle of it, no answer before the timeout), the
 * error the client throws says what happened, and neither its message, its stack, its cause nor
 * anything reachable from it holds the password or the API key, in any of their wire forms.
 */
import { strict as assert } from 'node:assert';
import { inspect } from 'node:util';
import { MailWsClient, MailWsNetworkError } from '../../src/client';
import { startFakeServer, type Behaviour, type FakeServer } from '../helpers/fake-server';
import { closedPort } from '../helpers/ports';
import { SECRETS, secretIn, wireForms } from '../helpers/secrets';

const PASSWORD = SECRETS[6]!;
const API_KEY = SECRETS[7]!;
const okStatus =
  '<?xml version="1.0" encoding="utf-8"?>\r\n<GetLetterStatusResult xmlns="Mailing">\r\n  <ResultCode>-3000</ResultCode>\r\n  <Status>-900</Status>\r\n</GetLetterStatusResult>';

/** Everything an error shows when printed or logged: message, stack, cause chain, own properties. */
function everythingOf(error: unknown): string {
  const parts = [String(error), inspect(error, { depth: Infinity, showHidden: true }), JSON.stringify(error) ?? ''];
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    parts.push(e.message, e.stack ?? '', typeof e.cause === 'string' ? e.cause : inspect(e.cause));
  return parts.join('\n');
}

type Failure = 'refused' | 'unusable address' | 'cut' | 'cut-midway' | 'timeout';
const behaviours: Record<Exclude<Failure, 'refused' | 'unusable address'>, Behaviour> = {
  cut: { kind: 'cut' },
  'cut-midway': { kind: 'cut-midway', body: okStatus.slice(0, 80) },
  timeout: { kind: 'hang' },
};
const reasons: Record<Failure, RegExp> = {
  refused: /refused the connection/,
  // Node refuses the URL before connecting, and its own error keeps the whole URL.
  'unusable address': /that address cannot be called/,
  cut: /the connection was cut/,
  'cut-midway': /closed before the answer was complete|the connection was cut/,
  timeout: /no complete answer|never completed/,
};

const calls: [string, (client: MailWsClient) => Promise<unknown>][] = [
  ['GetLetterStatus', (c) => c.simple.GetLetterStatus({ ID: 7 })],
  [
    'SendLetterV2',
    (c) =>
      c.simple.SendLetterV2({
        MyDescription: 'x',
        FileExtension: 'html',
        FileBinaryData: Buffer.from('<p>x</p>'),
        WorkMode: 'Development',
      }),
  ],
  ['SetUserSettings', (c) => c.admin.SetUserSettings({ Username: 'clerk', Settings: [['Letters_PrintSides', 'Duplex']] })],
];

describe('client: no secret in a call that failed on the network', function () {
  this.timeout(30_000);
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('the secrets are checked in every form they take on the wire', () => {
    assert.deepEqual(wireForms(PASSWORD), ['Net-fail pw!7q&', 'Net-fail%20pw!7q%26', 'Net-fail+pw%217q%26']);
    assert.equal(secretIn(`http://h/MailWS.asmx/GetLetterStatus?${new URLSearchParams({ Password: PASSWORD })}`), 'test secret #6');
    assert.equal(secretIn(`<APIKey>${API_KEY}</APIKey>`), 'test secret #7');
  });

  for (const binding of ['http-get', 'http-post', 'soap11'] as const) {
    for (const failure of ['refused', 'unusable address', 'cut', 'cut-midway', 'timeout'] as const) {
      it(`${binding}, ${failure}: the error says what happened and holds neither password nor API key`, async () => {
        let endpoint: string;
        if (failure === 'refused') endpoint = `http://127.0.0.1:${await closedPort()}`;
        else if (failure === 'unusable address') endpoint = 'http://127.0.0.1:99999';
        else {
          server = await startFakeServer([behaviours[failure]]);
          endpoint = server.url;
        }
        const client = new MailWsClient({
          endpoint,
          binding,
          credentials: { username: 'demo', password: PASSWORD, apiKey: API_KEY },
          retry: { attempts: 2, baseDelayMs: 1 },
          // Short only where the timeout is the failure: elsewhere a busy machine must not let it win the race.
          timeoutMs: failure === 'timeout' ? 300 : 10_000,
        });
        try {
          for (const [name, call] of calls) {
            const before = server?.requests.length ?? 0;
            const error = await call(client).catch((e: unknown) => e);
            assert.ok(error instanceof MailWsNetworkError, `${name}: ${String(error)}`);
            assert.match(error.message, reasons[failure], `${name}: ${error.message}`);
            assert.equal(secretIn(everythingOf(error)), undefined, `${name}: the error holds a secret`);
            if (server) {
              // The secret did travel (so there was one to leak), in the form this binding sends it.
              const sent = server.requests
                .slice(before)
                .map((r) => `${r.url}\n${r.body}`)
                .join('\n');
              assert.ok(sent.length > 0 && secretIn(sent), `${name}: the request carried its secret`);
            }
          }
        } finally {
          client.close();
        }
      });
    }
  }
});
