/** The scan that npm test runs over all test output: it must find a secret where there is one. */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import secrets from '../secrets.json';
import { projectRoot } from '../helpers/tools';

describe('the secret scan of test output', () => {
  it('fails on a test secret, naming it by index only, and passes clean output', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailroom-scan-'));
    try {
      const leaky = join(dir, 'leaky.log');
      const clean = join(dir, 'clean.log');
      writeFileSync(leaky, `some log\nAuthorization: ${secrets.secrets[2]}\n`);
      writeFileSync(clean, 'some log\nnothing to see\n');
      const scan = (file: string) => spawnSync(process.execPath, [join(projectRoot, 'scripts', 'scan-secrets.mjs'), file], { encoding: 'utf8' });
      const hit = scan(leaky);
      assert.equal(hit.status, 1);
      assert.match(hit.stderr, /contains test secret #2/);
      assert.ok(!hit.stderr.includes(secrets.secrets[2]!));
      assert.equal(scan(clean).status, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
