/** The same letter drawn twice is the same PDF, byte for byte, so that a repeat send of the PDF of its proof is known by its bytes (issue 30, part 2). */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { closeEngines, drawDocument } from '../../src/printing';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('a drawn letter is the same bytes each time', () => {
  after(() => closeEngines());

  it('draws an untitled HTML letter twice, apart in time, as the same PDF', async () => {
    const html = { type: 'html', data: Buffer.from('<!DOCTYPE html><p>Dear Jane, <b>thank you</b>.</p>') };
    const first = await drawDocument(html);
    await new Promise((done) => setTimeout(done, 1100));
    const second = await drawDocument(html);
    assert.ok(first?.pdf && second?.pdf, `drawn by ${first?.by.engine}`);
    assert.equal(sha256(second.pdf), sha256(first.pdf));
  });
});
