/**
 * `mailroom status` against a server that sends its answer a byte a second and never finishes:
 * the built command line, run as a child, gives up within its timeout (`--timeout`, or
 * MAILROOM_TIMEOUT) after one attempt, not one per retry, and says which endpoint never completed
 * its answer, without the password HTTP GET carries in its query string. What is checked is what
 * the server saw and what the command printed, not how long it took.
 */
import { strict as assert } from 'node:assert';
import { serviceByKey, serviceUrl } from '../../src/contract';
import { mailroom } from '../helpers/cli';
import { startTricklingServer, type TricklingServer } from '../helpers/trickling-server';
import secrets from '../secrets.json';

const PASSWORD = secrets.secrets[0]!;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The start of the error the command prints when a call's answer never completed. */
const neverCompleted = (endpoint: string, seconds: number) =>
  new RegExp(`^mailroom: GetStatus at ${escaped(endpoint)}: the answer never completed within the call's ${seconds} s timeout;`);

describe('mailroom status against an answer that never completes', function () {
  // Before a call's timeout was its whole budget this took three timeouts and their backoff.
  this.timeout(60_000);
  let server: TricklingServer;
  beforeEach(async () => (server = await startTricklingServer()));
  afterEach(() => server.close());

  const cases = [
    { binding: 'soap11', how: ['--timeout', '2'], env: {}, path: '' },
    { binding: 'http-get', how: [], env: { MAILROOM_TIMEOUT: '2' }, path: '/GetStatus' },
  ] as const;
  for (const { binding, how, env, path } of cases) {
    const where = how.length > 0 ? '--timeout' : 'MAILROOM_TIMEOUT';
    it(`gives up at the timeout (${where}) after one attempt, naming the endpoint (${binding})`, async () => {
      const result = await mailroom(['status', '1021984', '--binding', binding, ...how], {
        env: { MAILROOM_ENDPOINT: server.url, MAILROOM_USER: 'cli-user', MAILROOM_PASSWORD: PASSWORD, ...env },
      });
      assert.equal(result.code, 1, result.stderr);
      assert.equal(result.stdout, '');
      const endpoint = `${serviceUrl(server.url, serviceByKey('datedA'))}${path}`;
      assert.match(result.stderr, neverCompleted(endpoint, 2));
      // A read has no outcome to be unsure of (issue 25, part 17): it changed nothing.
      assert.match(result.stderr, /; the request may have reached the service, but a read changes nothing: try it again\.?\n$/);
      assert.doesNotMatch(result.stderr, /outcome is unknown/);
      assert.deepEqual(server.trickled, ['GetStatus'], 'one attempt: no retry after the deadline');
      assert.ok(!result.stderr.includes(PASSWORD) && !result.stderr.includes('?'), 'neither the password nor the query');
    });
  }

  it('refuses a timeout that is not a number of seconds, sending nothing', async () => {
    for (const value of ['soon', '0', '-5', '']) {
      const env = { MAILROOM_ENDPOINT: server.url, MAILROOM_PASSWORD: PASSWORD };
      const result = await mailroom(['status', '1021984', `--timeout=${value}`], { env });
      assert.equal(result.code, 2, `${value}: ${result.stderr}`);
      assert.match(result.stderr, /--timeout takes a number of seconds above 0/);
    }
    assert.equal(server.connections(), 0);
  });
});
