/** The same letter drawn twice is the same PDF, byte for byte: a repeat send is known by its bytes (issue 30, part 2). */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { closeEngines, drawDocument } from '../../src/printing';
import { steadyPdf } from '../../src/printing/engines/steady-pdf';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const latin1 = (data: Uint8Array) => Buffer.from(data).toString('latin1');

describe('a drawn letter is the same bytes each time', () => {
  after(() => closeEngines());

  it('overwrites the dates, the IDs and the checksum in place, the same length, the same for the same document', () => {
    const made = (date: string, id: string) =>
      new Uint8Array(
        Buffer.from(
          `%PDF-1.4\n1 0 obj <</CreationDate(D:${date}+01'00')/ModDate (D:${date}Z)>> endobj\n` +
            `trailer <</Size 2/ID [ <${id}> <${id}> ] /DocChecksum /${id}>>\n%%EOF`,
          'latin1',
        ),
      );
    const one = made('20261129041910', 'A1B2C3D4E5F60718293A4B5C6D7E8F90');
    const two = made('20261129050000', '0F1E2D3C4B5A69788796A5B4C3D2E1F0');
    assert.equal(steadyPdf(one).length, one.length, 'every offset stays true');
    assert.equal(latin1(steadyPdf(one)), latin1(steadyPdf(two)));
    assert.match(latin1(steadyPdf(one)), /\/CreationDate\(D:19700101000000\+01'00'\)\/ModDate \(D:19700101000000Z\)/);
    assert.doesNotMatch(latin1(steadyPdf(one)), /A1B2C3D4/);
    const other = made('20261129041910', 'A1B2C3D4E5F60718293A4B5C6D7E8F90').map((b, i) => (i === 1 ? 0x51 : b));
    assert.notEqual(latin1(steadyPdf(other)), latin1(steadyPdf(one)), 'another document, other IDs');
  });

  it('draws an untitled HTML letter twice, apart in time, as the same PDF', async () => {
    const html = { type: 'html', data: Buffer.from('<!DOCTYPE html><p>Dear Jane, <b>thank you</b>.</p>') };
    const first = await drawDocument(html);
    await new Promise((done) => setTimeout(done, 1100));
    const second = await drawDocument(html);
    assert.ok(first?.pdf && second?.pdf, `drawn by ${first?.by.engine}`);
    assert.equal(sha256(second.pdf), sha256(first.pdf));
  });
});
