/**
 * The command line when the network fails under a call that carries secrets: the password in an
 * HTTP GET's URL, in an HTTP POST's body, the API key in a SOAP body. It says what happened and
 * exits 1, and nothing it prints (with --verbose too) holds the password or the API key, in any
 * of their wire forms.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailroom } from '../helpers/cli';
import { htmlWithAddress } from '../helpers/documents';
import { startFakeServer, type Behaviour, type FakeServer } from '../helpers/fake-server';
import { closedPort } from '../helpers/ports';
import { SECRETS, secretIn } from '../helpers/secrets';

const PASSWORD = SECRETS[6]!;
const API_KEY = SECRETS[7]!;

const failures: [string, Behaviour | 'refused', RegExp][] = [
  ['refused', 'refused', /refused the connection/],
  ['cut before the answer', { kind: 'cut' }, /the connection was cut/],
  [
    'cut in the middle of the answer',
    { kind: 'cut-midway', body: '<?xml version="1.0" encoding="utf-8"?>\r\n<GetLetterStatusResult xmlns="Mailing">' },
    /closed before the answer was complete|the connection was cut/,
  ],
];

describe('mailroom when the network fails: no secret in what it prints', function () {
  this.timeout(60_000);
  let dir: string;
  let server: FakeServer | undefined;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'mailroom-netfail-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  for (const [name, behaviour, reason] of failures) {
    it(`${name}: a GET read, a POST send and an API-key call say so, exit 1, and print no secret`, async () => {
      let endpoint: string;
      if (behaviour === 'refused') endpoint = `http://127.0.0.1:${await closedPort()}`;
      else {
        server = await startFakeServer([behaviour]);
        endpoint = server.url;
      }
      const letter = join(dir, 'letter.html');
      // Its address in the recipient box: a letter with none there is refused before it is sent (-1045).
      writeFileSync(letter, htmlWithAddress('<p>Hello</p>'));
      const env = { MAILROOM_ENDPOINT: endpoint, MAILROOM_USER: 'net-user', MAILROOM_PASSWORD: PASSWORD, MAILROOM_API_KEY: API_KEY };
      const commands: [string, string[], RegExp][] = [
        ['GET read', ['status', '7', '--binding', 'http-get', '--verbose'], /GetStatus/],
        ['POST send', ['send', letter, '--binding', 'http-post', '--mode', 'Development', '--verbose'], /SendLetterV2/],
        [
          'API key over SOAP',
          ['call', 'SetUserSettings', '--param', 'Username=clerk', '--param', 'Settings=[["Letters_PrintSides","Duplex"]]'],
          /SetUserSettings/,
        ],
      ];
      for (const [what, args, operation] of commands) {
        const before = server?.requests.length ?? 0;
        const run = await mailroom(args, { env });
        const printed = `${run.stdout}\n${run.stderr}`;
        assert.equal(secretIn(printed), undefined, `${what}: printed a secret`);
        assert.equal(run.code, 1, `${what}: exit code`);
        // The endpoint named by scheme, host and path: never the query, where HTTP GET puts the password.
        const at = ' at http://127\\.0\\.0\\.1:\\d+/[^?\\s]*';
        assert.match(
          run.stderr,
          new RegExp(`^mailroom: ${operation.source}${at}: .*(${reason.source})`, 'm'),
          `${what}: says what happened`,
        );
        if (server)
          assert.ok(
            secretIn(
              server.requests
                .slice(before)
                .map((r) => `${r.url}\n${r.body}`)
                .join('\n'),
            ),
            `${what}: the request carried its secret`,
          );
      }
    });
  }
});
