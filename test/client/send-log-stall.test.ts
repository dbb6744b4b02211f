/**
 * The send log's lock is held until the send's `sending` line is on disk: a second send started
 * while the first one's write is stalled waits for the lock, then reads that line, and so cannot
 * pass a budget that only one of them fits in. The stall is real: a read lease on the log
 * (test/helpers/leased-file.ts) holds the first send's open for writing until the test lets it go.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { readSendLog, SendLog, type SendAdmission } from '../../src/client';
import { OverBudget, sendAdmission } from '../../src/rulebook';
import { leaseFile } from '../helpers/leased-file';

const send = { endpoint: 'http://127.0.0.1:8317', user: 'demo', operation: 'SendLetterV2', sha256: '00', bytes: 0 };
const account = { endpoint: send.endpoint, user: send.user };

/** Resolves once `ready` holds, asked every 25 ms; false when it has not after `ms`. */
async function until(ready: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; !ready(); await new Promise((resolve) => setTimeout(resolve, 25))) {
    if (Date.now() > end) return false;
  }
  return true;
}

describe('the send log under a stalled write', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mailroom-send-log-stall-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps its lock until the first send's line is on disk: a second send waits, reads it, and is refused past the budget", async function () {
    const path = join(dir, 'sent.jsonl');
    writeFileSync(path, '');
    const lease = await leaseFile(path);
    if (!lease) return this.skip();
    // A budget of one letter: the two sends fit only one after the other.
    const rules = sendAdmission({ account, limits: { dailyBudget: 1 }, mode: 'Production', price: 1, windowDays: 0, reports: new Map() });
    const seen: number[] = [];
    const admit: SendAdmission = (records, sending) => {
      seen.push(records.length);
      return rules(records, sending);
    };
    const letter = (description: string) => ({ ...send, workMode: 'Production', price: 1, description });
    const first = new SendLog([path]).sending(letter('first'), admit);
    let second: Promise<unknown> | undefined;
    try {
      await lease.writerWaits;
      assert.deepEqual(seen, [0], "the first send was admitted, and its line's write waits");
      second = new SendLog([path]).sending(letter('second'), admit);
      second.catch(() => undefined);
      // The second send waits on the lock (its claim, a `.lock.<pid>.<id>` file, stays) or, with the lock let go, is admitted.
      const claims = () => readdirSync(dirname(path)).filter((name) => name.startsWith(`${basename(path)}.lock.`)).length;
      let waited = 0;
      await until(() => seen.length > 1 || (claims() > 0 && ++waited >= 8), 10_000);
      assert.deepEqual(seen, [0], "the second send is not admitted while the first one's line is not on disk");
    } finally {
      await lease.release();
    }
    await first;
    await assert.rejects(second, (error: unknown) => error instanceof OverBudget && error.verdict.spent === 1);
    assert.deepEqual(seen, [0, 1], "the second send read the first one's line");
    assert.deepEqual(
      (await readSendLog(path)).map((r) => r.description),
      ['first'],
    );
  });
});
