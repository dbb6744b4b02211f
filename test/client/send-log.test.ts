/**
 * The send log's file, as a crash and a bad disk leave it: a line torn by a crash does not take the
 * next send's line with it, and a send whose line could not be written everywhere is not made, the
 * logs that took its line saying so (no "outcome unknown" left behind for a send that never left).
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SendLog, SendLogError, readSendLog } from '../../src/client';

const send = { endpoint: 'http://127.0.0.1:8317', user: 'demo', operation: 'SendLetterV2', sha256: '00', bytes: 0 };

describe('the send log file', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'mailroom-send-log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts a new line after a line torn by a crash, so that the next send still reads', async () => {
    const path = join(dir, 'sent.jsonl');
    await (
      await new SendLog([path]).sending({ ...send, description: 'first' })
    )({ outcome: 'sent', id: 1 });
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"kind":"sending","entry":"torn`);
    await (
      await new SendLog([path]).sending({ ...send, description: 'second' })
    )({ outcome: 'sent', id: 2 });
    assert.deepEqual(
      (await readSendLog(path)).map((r) => [r.description, r.outcome === 'sent' ? r.id : r.outcome]),
      [
        ['first', 1],
        ['second', 2],
      ],
    );
  });

  it('refuses a send whose line cannot be written to every log, and the logs that took it say it was not sent', async () => {
    const own = join(dir, 'own', 'sent.jsonl');
    // A folder that cannot be made (a file is in its way), as a read-only or full disk would refuse it.
    const team = join(dir, 'team');
    writeFileSync(team, 'not a folder');
    await assert.rejects(new SendLog([own, join(team, '.mailroom', 'sent.jsonl')]).sending(send), (error: Error) => {
      assert.ok(error instanceof SendLogError);
      assert.match(error.message, /^Nothing was sent: the send log could not be written/);
      return true;
    });
    const [record] = await readSendLog(own);
    assert.equal(record?.outcome, 'refused');
  });
});
