/** A merge's items and who each goes to, without VS Code: the recipients kept at send, the labels, the search, the ItemIDs asked. */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCsv } from '../../src/contract';
import { keepRecipients, keptRecipients } from '../../src/extension/batch-recipients';
import { itemIdsOf, itemLabel, itemsHolding, recipientsOfRows } from '../../src/extension/model/batch-items';

describe("a merge's items and their recipients", () => {
  it('reads each data row’s recipient as the merge does: the name, else the company, and the city; line breaks as spaces', () => {
    const [header, ...rows] = parseCsv(
      ' AttentionLine1 ,Company,Address1,City\nJane Doe,,1 Main St,Springfield\n,Acme Inc,2 Side St,"Shelby\nville"\n,,3 Far Rd,\n',
    );
    assert.deepEqual(recipientsOfRows(header!, rows), ['Jane Doe, Springfield', 'Acme Inc, Shelby ville', '']);
    // A column named twice is read by its last, as the merge reads it.
    assert.deepEqual(recipientsOfRows(['City', 'AttentionLine1', 'City'], [['Ogdenville', 'Pat Poe', 'Springfield']]), [
      'Pat Poe, Springfield',
    ]);
  });

  it('labels an item by its status first (a narrow view still shows it), its number and recipient, and without the recipient when not known', () => {
    assert.equal(itemLabel(3, 'Received', 'Jane Doe, Springfield'), 'Received · Item 3 · Jane Doe, Springfield');
    assert.equal(itemLabel(3, 'Received', undefined), 'Received · Item 3');
    assert.equal(itemLabel(3, 'Received', ''), 'Received · Item 3');
  });

  it('finds the items whose recipient holds the text, in any case', () => {
    const recipients = ['Jane Doe, Springfield', 'Sam Roe, Shelbyville', '', 'jane roe, Ogdenville'];
    assert.deepEqual(itemsHolding(recipients, 'JANE'), [1, 4]);
    assert.deepEqual(itemsHolding(recipients, ' roe '), [2, 4]);
    assert.deepEqual(itemsHolding(recipients, 'Capital City'), []);
    assert.deepEqual(itemsHolding(recipients, '  '), []);
  });

  it('finds "Dupré" from "Dupre" and "MÜLLER" from "muller": accents and case are not told apart', () => {
    const recipients = ['Anne Dupré, Shelbyville', 'José Müller, Springfield', 'Sam Roe, Shelbyville'];
    assert.deepEqual(itemsHolding(recipients, 'Dupre'), [1]);
    assert.deepEqual(itemsHolding(recipients, 'MÜLLER'), [2]);
    assert.deepEqual(itemsHolding(recipients, 'muller'), [2]);
    assert.deepEqual(itemsHolding(recipients, 'josé'), [2]);
  });

  it('asks for a run of items as a range and for others as a list', () => {
    assert.equal(itemIdsOf([101, 102, 103]), '101-103');
    assert.equal(itemIdsOf([3, 17, 99]), '3,17,99');
    assert.equal(itemIdsOf([7]), '7');
  });

  it('keeps the recipients beside the send log, and gives them back only for the same batch', async () => {
    const state = mkdtempSync(join(tmpdir(), 'mailroom-batch-recipients-'));
    const before = process.env.XDG_STATE_HOME;
    process.env.XDG_STATE_HOME = state;
    try {
      const recipients = Array.from({ length: 100_000 }, (_, i) => `Person ${i + 1}, Springfield`);
      recipients[2] = 'Jane\nDoe, Springfield';
      await keepRecipients('sandbox|demo', 1021984, 'invite.html × people.csv', recipients);
      const kept = await keptRecipients('sandbox|demo', 1021984, 'invite.html × people.csv');
      assert.equal(kept?.length, 100_000);
      assert.equal(kept[2], 'Jane Doe, Springfield', 'one line per item');
      assert.equal(kept[99_999], 'Person 100000, Springfield');
      // Another batch of the same ID (another sandbox's), another account's, or none kept: nothing.
      assert.equal(await keptRecipients('sandbox|demo', 1021984, 'letters.docx × other.csv'), undefined);
      assert.equal(await keptRecipients('https://mail.example|jane', 1021984, 'invite.html × people.csv'), undefined);
      assert.equal(await keptRecipients('sandbox|demo', 1021985, undefined), undefined);
      // Sent again under the same ID (a sandbox started afresh): replaced whole.
      await keepRecipients('sandbox|demo', 1021984, 'again', ['Pat Poe, Ogdenville']);
      assert.deepEqual(await keptRecipients('sandbox|demo', 1021984, 'again'), ['Pat Poe, Ogdenville']);
      // A damaged file is named, never taken for none kept: a header that does not read, a file cut short.
      const path = join(state, 'mailroom', 'batch-recipients', readdirSync(join(state, 'mailroom', 'batch-recipients'))[0]!, '1021984.txt');
      const whole = readFileSync(path, 'utf8');
      writeFileSync(path, whole.replace('{"batch"', '{"batch'));
      await assert.rejects(keptRecipients('sandbox|demo', 1021984, 'again'), (error: Error) => {
        assert.equal(error.name, 'RecipientsFileDamaged');
        assert.match(
          error.message,
          /1021984\.txt: its first line \(\d+ bytes\) is not the header it was written with; the items are shown by number/,
        );
        return true;
      });
      await keepRecipients('sandbox|demo', 1021984, 'again', ['Pat Poe, Ogdenville', 'Kim Lee, Salem']);
      writeFileSync(path, readFileSync(path, 'utf8').slice(0, -10));
      await assert.rejects(
        keptRecipients('sandbox|demo', 1021984, 'again'),
        /holds 1 whole item lines where its header says 2 \(cut short or changed\)/,
      );
      await keepRecipients('sandbox|demo', 1021984, 'again', ['Pat Poe, Ogdenville']);
      // Beside the send log, in a folder of the account's own.
      const [account] = readdirSync(join(state, 'mailroom', 'batch-recipients'));
      assert.match(readFileSync(join(state, 'mailroom', 'batch-recipients', account!, '1021984.txt'), 'utf8'), /^\{"batch":1021984,/);
    } finally {
      if (before === undefined) delete process.env.XDG_STATE_HOME;
      else process.env.XDG_STATE_HOME = before;
      rmSync(state, { recursive: true, force: true });
    }
  });
});
