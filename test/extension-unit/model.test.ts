/** The extension's plain parts, without VS Code: grouping, front matter, documents as letters. */
import { strict as assert } from 'node:assert';
import { groupMailers, mailerSummary } from '../../src/extension/model/mailers';
import { readFrontMatter } from '../../src/extension/model/front-matter';
import { letterDocument } from '../../src/extension/model/letter-document';

describe('extension model', () => {
  it('groups mailers in process, completed, and failed or cancelled, newest first', () => {
    const groups = groupMailers([
      { id: 1, status: -1000 },
      { id: 2, status: -900 },
      { id: 3 },
      { id: 4, status: -1005 },
      { id: 5, status: -1002 },
      { id: 6, status: -1065 },
      { id: 7, status: -990 },
    ]);
    assert.deepEqual(groups.map(([g, ms]) => [g, ms.map((m) => m.id)]), [
      ['inProcess', [7, 3, 2]],
      ['completed', [5, 1]],
      ['failed', [6, 4]],
    ]);
    assert.deepEqual(groupMailers([{ id: 1, status: -1000 }]).map(([g]) => g), ['completed']);
  });

  it('sums a mailer up as ID, status and price', () => {
    assert.equal(mailerSummary({ id: 7, status: -995, price: 0.7 }), '7 · Waiting For Delivery · $0.70');
    assert.equal(mailerSummary({ id: 7, status: -1002, statusText: 'Completed: successfully processed in Development work mode' }), '7 · Completed');
    assert.equal(mailerSummary({ id: 7 }), '7 · not yet known');
  });

  it('reads the recipient of a Markdown letter from its front matter, on one line or by field', () => {
    assert.deepEqual(readFrontMatter('---\nto: "Jane Doe, 1 Main St, Springfield, IL 62701"\n---\n# Hi\n'), {
      to: { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' },
      body: '# Hi\n',
    });
    assert.deepEqual(readFrontMatter('---\ntitle: x\nto:\n  AttentionLine1: Jane Doe\n  company: Acme\n  Address1: 1 Main St\n  City: Springfield\n  zip: "62701"\nlayout: y\n---\nBody'), {
      to: { AttentionLine1: 'Jane Doe', Company: 'Acme', Address1: '1 Main St', City: 'Springfield', PostalCode: '62701' },
      body: 'Body',
    });
    assert.deepEqual(readFrontMatter('No front matter'), { body: 'No front matter' });
    assert.deepEqual(readFrontMatter('---\ntitle: x\n---\nBody'), { body: 'Body' });
  });

  it('turns documents into letters: Markdown rendered, text wrapped, PDF as it is', () => {
    const md = letterDocument('letter.md', Buffer.from('---\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n---\n# Dear Jane\n\nThanks <script>x</script> & more.'));
    assert.equal(md.type, 'html');
    assert.match(md.data.toString(), /<h1>Dear Jane<\/h1>/);
    assert.ok(!md.data.toString().includes('<script>'));
    assert.equal(md.to?.City, 'Springfield');
    const txt = letterDocument('notes.txt', Buffer.from('a < b'));
    assert.match(txt.data.toString(), /<pre>a &lt; b<\/pre>/);
    const pdf = letterDocument('Invoice.PDF', Buffer.from('%PDF-1.7'));
    assert.deepEqual([pdf.type, pdf.data.toString()], ['pdf', '%PDF-1.7']);
  });
});
