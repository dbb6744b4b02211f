/** The scan that npm test runs over all test output: it must find a secret where there is one. */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import secrets from '../secrets.json';
import { projectRoot } from '../helpers/tools';

describe('the secret scan of test output', () => {
  it('fails on a test secret, as written or encoded in a URL or form, naming it by index only, and passes clean output', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailroom-scan-'));
    try {
      const leaky = join(dir, 'leaky.log');
      const leakyUrl = join(dir, 'leaky-url.log');
      const leakyForm = join(dir, 'leaky-form.log');
      const clean = join(dir, 'clean.log');
      writeFileSync(leaky, `some log\nAuthorization: ${secrets.secrets[2]}\n`);
      writeFileSync(clean, 'some log\nnothing to see\n');
      // Secret #6 has characters a URL and a form encode differently (a space, '!', '&').
      writeFileSync(
        leakyUrl,
        `GET http://127.0.0.1/MailWS.asmx/GetLetterStatus?Password=${encodeURIComponent(secrets.secrets[6]!)}&ID=1\n`,
      );
      writeFileSync(leakyForm, `Username=demo&Password=${new URLSearchParams({ p: secrets.secrets[6]! }).toString().slice(2)}\n`);
      const scan = (file: string) =>
        spawnSync(process.execPath, [join(projectRoot, 'scripts', 'scan-secrets.mjs'), file], { encoding: 'utf8' });
      const hit = scan(leaky);
      assert.equal(hit.status, 1);
      assert.match(hit.stderr, /contains test secret #2/);
      assert.ok(!hit.stderr.includes(secrets.secrets[2]!));
      assert.equal(scan(clean).status, 0);
      for (const file of [leakyUrl, leakyForm]) {
        const encoded = scan(file);
        assert.equal(encoded.status, 1, file);
        assert.match(encoded.stderr, /contains test secret #6/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
