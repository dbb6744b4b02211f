/**
 * What a repeat send is: the same letter (its bytes) to the same recipient as a send of the user's
 * the log holds as made and not cancelled, failed or run in Development, within the window; a merge's
 * rows alike. In Development it goes, noted; otherwise it goes only when the person says so.
 */
import { strict as assert } from 'node:assert';
import { describeSend, type SendLogRecord } from '../../src/client';
import { operationList } from '../../src/contract';
import { mailersToAsk, mergeRowKeys, RepeatedSend, repeatOf, sendAdmission, type MailerReport } from '../../src/rulebook';
import { record } from './charges.test';

const ann = { endpoint: 'https://mail.example.com', user: 'ann' };
const letter = { sha256: 'a'.repeat(64), bytes: 100, recipient: 'Jane Doe, 1 Main St, Springfield, IL, 62701' };

describe('the rulebook: a repeat send', () => {
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  const earlier = (fields: Record<string, unknown> = {}) => record({ ...letter, id: 7, ...fields });
  const verdict = (records: readonly SendLogRecord[], send = {}, reports: ReadonlyMap<number, MailerReport> = new Map(), windowDays = 30) =>
    repeatOf({ ...letter, ...send }, records, ann, reports, now, windowDays);

  it('finds the same bytes to the same recipient, without regard to case and spacing, and names the earlier mailer', () => {
    const found = verdict([earlier({ recipient: 'jane doe,  1 Main St, Springfield, IL, 62701', time: daysAgo(29) })]);
    assert.equal(found.kind, 'repeat');
    assert.deepEqual(found.kind === 'repeat' && found.earlier.map((e) => e.id), [7]);
    assert.equal(verdict([earlier({ outcome: 'unknown', reason: 'cut' })]).kind, 'repeat', 'a send of unknown outcome may have been made');
  });

  it('lets another recipient, other bytes, another user or service, and anything older than the window go', () => {
    assert.equal(verdict([earlier({ recipient: 'John Roe, 1 Main St, Springfield, IL, 62701' })]).kind, 'new');
    assert.equal(verdict([earlier({ sha256: 'b'.repeat(64) })]).kind, 'new');
    assert.equal(verdict([earlier({ user: 'bob' })]).kind, 'new');
    assert.equal(verdict([earlier({ endpoint: 'https://other.example.com' })]).kind, 'new');
    assert.equal(verdict([earlier({ time: daysAgo(31) })]).kind, 'new');
    assert.equal(verdict([earlier()], {}, new Map(), 0).kind, 'new', 'a window of 0 days: never');
    assert.equal(verdict([earlier({ bytes: 0 })], { bytes: 0 }).kind, 'new', 'a stored file carries no bytes to compare');
  });

  it('takes the same file sent drawn to PDF and then as it is for one letter, as it takes the same bytes', () => {
    const drawn = earlier({ sha256: 'd'.repeat(64), written: 'w'.repeat(64), time: daysAgo(1) });
    assert.equal(verdict([drawn], { sha256: 'a'.repeat(64), written: 'w'.repeat(64) }).kind, 'repeat', 'the file as it is, after its PDF');
    assert.equal(
      verdict([drawn], { sha256: 'd'.repeat(64), written: 'x'.repeat(64) }).kind,
      'repeat',
      'another file that drew the same PDF',
    );
    assert.equal(verdict([drawn], { sha256: 'e'.repeat(64), written: 'x'.repeat(64) }).kind, 'new', 'another file, another PDF');
    assert.equal(verdict([earlier({ time: daysAgo(1) })], { written: 'w'.repeat(64) }).kind, 'repeat', 'a line without it: by its bytes');
  });

  it('counts a send exactly the window old as within it, and one a millisecond older as outside', () => {
    const exactly = new Date(now.getTime() - 30 * 86_400_000).toISOString();
    const older = new Date(now.getTime() - 30 * 86_400_000 - 1).toISOString();
    assert.equal(verdict([earlier({ time: exactly })]).kind, 'repeat', 'the window’s edge is inside it');
    assert.equal(verdict([earlier({ time: older })]).kind, 'new');
    // The service is asked about the same sends, the edge included: what it says of them decides the repeat.
    assert.deepEqual(mailersToAsk([earlier({ time: exactly, id: 1 }), earlier({ time: older, id: 2 })], ann, now, 30), [1]);
  });

  it("tells a postcard's sides apart: the same bytes end to end, split elsewhere between its sides, is another postcard (a line written before sides' lengths were kept still matches by its hash)", () => {
    const op = operationList.find((o) => o.name === 'SendPostcardAndAddress')!;
    const postcard = (image: string, address: string) =>
      describeSend(
        op,
        {
          ImageSideFileType: 'PDF',
          ImageSideBinaryData: new TextEncoder().encode(image),
          AddressSideFileType: 'PDF',
          AddressSideBinaryData: new TextEncoder().encode(address),
          ...{ Name: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' },
        },
        ann,
        {},
      );
    const sent = postcard('front side, end', 'back side');
    const moved = postcard('front side, ', 'endback side');
    assert.equal(moved.sha256, sent.sha256, 'end to end, the two are the same bytes');
    assert.deepEqual(
      [sent.partBytes, moved.partBytes],
      [
        [15, 9],
        [12, 12],
      ],
    );
    const before = [record({ ...sent, id: 7 })];
    assert.equal(repeatOf(moved, before, ann, new Map(), now, 30).kind, 'new', 'its sides are other bytes');
    assert.equal(repeatOf(postcard('front side, end', 'back side'), before, ann, new Map(), now, 30).kind, 'repeat');
    const { partBytes: _, ...older } = sent;
    const fromBefore = [record({ ...older, id: 7 })];
    assert.equal(repeatOf(sent, fromBefore, ann, new Map(), now, 30).kind, 'repeat', 'an older line, by its hash');
    assert.equal(repeatOf(moved, fromBefore, ann, new Map(), now, 30).kind, 'repeat', 'which cannot tell where its sides met');
  });

  it('lets a letter go again whose earlier send was cancelled, failed, refused or run in Development', () => {
    assert.equal(verdict([earlier()], {}, new Map([[7, { workMode: 'Production', status: -1005, price: 1 }]])).kind, 'new');
    assert.equal(verdict([earlier()], {}, new Map([[7, { workMode: 'Production', status: -1018, price: 1 }]])).kind, 'new');
    assert.equal(verdict([earlier()], {}, new Map([[7, { workMode: 'Development', status: -1002, price: 1 }]])).kind, 'new');
    assert.equal(verdict([earlier({ workMode: 'Development' })]).kind, 'new');
    assert.equal(verdict([earlier({ outcome: 'refused', reason: 'no' })]).kind, 'new');
    assert.equal(verdict([earlier()], {}, new Map([[7, { workMode: 'Production', status: -1000, price: 1 }]])).kind, 'repeat');
  });

  it("names a merge's rows whose letters went before, whatever the column order; all of them for the same merge", () => {
    const template = new TextEncoder().encode('<p>Dear {{Name}}</p>');
    const header = ['Name', 'Address1', 'City'];
    const rows = [
      ['Ann', '1 Main St', 'Salem'],
      ['Bob', '2 Oak Ave', 'Salem'],
      ['Cy', '3 Elm Rd', 'Salem'],
    ];
    const first = mergeRowKeys(template, header, rows.slice(0, 2));
    const reordered = mergeRowKeys(
      template,
      ['City', 'Name', 'Address1'],
      rows.map(([n, a, c]) => [c!, n!, a!]),
    );
    assert.deepEqual(reordered.slice(0, 2), first, 'a row is its values by column');
    const before = [record({ sha256: 'c'.repeat(64), bytes: 50, rows: first, id: 9 })];
    const some = repeatOf({ sha256: 'd'.repeat(64), bytes: 60, rows: reordered }, before, ann, new Map(), now, 30);
    assert.deepEqual(some.kind === 'repeat' && [some.rows, some.of], [[1, 2], 3]);
    const same = repeatOf({ sha256: 'c'.repeat(64), bytes: 50, rows: first }, before, ann, new Map(), now, 30);
    assert.deepEqual(same.kind === 'repeat' && same.rows, [1, 2]);
    const other = mergeRowKeys(new TextEncoder().encode('<p>Hello {{Name}}</p>'), header, rows);
    assert.equal(
      repeatOf({ sha256: 'e'.repeat(64), bytes: 60, rows: other }, before, ann, new Map(), now, 30).kind,
      'new',
      'another letter',
    );
  });

  it('refuses a repeat in Production unless sent again, and notes it; in Development it goes, noted', () => {
    const rules = { account: ann, limits: {}, price: 1, windowDays: 30, reports: new Map<number, MailerReport>() };
    const send = record({ ...letter });
    assert.throws(
      () => sendAdmission({ ...rules, mode: 'Production' })([earlier()], send),
      (error: unknown) => error instanceof RepeatedSend && error.verdict.earlier[0]?.id === 7,
    );
    assert.deepEqual(sendAdmission({ ...rules, mode: 'Default', again: true })([earlier()], send), { repeats: [7], again: true });
    assert.deepEqual(sendAdmission({ ...rules, mode: 'Development' })([earlier()], send), { repeats: [7] });
    assert.equal(sendAdmission({ ...rules, mode: 'Production' })([], send), undefined);
  });
});
