/**
 * writeAll against what the OS may do to a write: take only part of it (a nearly full disk), or
 * none of it. The file here stands in for the OS, whose short writes cannot be had on demand; the
 * journal's compaction on a really full disk (a file size limit) is in compaction.test.ts.
 */
import { strict as assert } from 'node:assert';
import { writeAll, type WritableFile } from '../../src/sandbox/store/durable-files';

/** A file that takes at most `limits[i]` bytes at its i-th write (the last limit thereafter). */
function fileTaking(...limits: number[]): WritableFile & { bytes: number[]; writes: number } {
  const file = {
    bytes: [] as number[],
    writes: 0,
    async write(buffer: Uint8Array, offset: number, length: number) {
      const taken = Math.min(length, limits[Math.min(file.writes, limits.length - 1)]!);
      file.writes++;
      file.bytes.push(...buffer.subarray(offset, offset + taken));
      return { bytesWritten: taken };
    },
  };
  return file;
}

describe('writeAll', () => {
  const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

  it('goes on after short writes until every byte is written, in order', async () => {
    const file = fileTaking(1, 300, 7);
    await writeAll(file, data);
    assert.deepEqual(Buffer.from(file.bytes), data);
    assert.equal(file.writes, 2 + Math.ceil((1000 - 301) / 7));
  });

  it('rejects when a write takes nothing, rather than looping or returning as if written', async () => {
    const file = fileTaking(600, 0);
    await assert.rejects(writeAll(file, data), (error: NodeJS.ErrnoException) => {
      assert.equal(error.code, 'ENOSPC');
      assert.match(error.message, /none of the last 400 of 1000 bytes/);
      return true;
    });
    assert.equal(file.writes, 2);
  });

  it('writes nothing for no bytes', async () => {
    const file = fileTaking(0);
    await writeAll(file, Buffer.alloc(0));
    assert.equal(file.writes, 0);
  });
});
