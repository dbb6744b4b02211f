import { strict as assert } from 'node:assert';
import { MAX_REMEMBERED, rememberTemplate, sameNameTemplates, templateType } from '../../src/extension/model/merge-templates';

describe("a merge CSV's template", () => {
  it('is first looked for beside the CSV, by its name: .docx, .html, .htm', () => {
    assert.deepEqual(sameNameTemplates('/w/people.CSV'), ['/w/people.docx', '/w/people.html', '/w/people.htm']);
    assert.deepEqual(sameNameTemplates('/w/people.txt'), []);
    assert.equal(templateType('/w/a.DOCX'), 'docx');
    assert.equal(templateType('/w/a.htm'), 'html');
    assert.equal(templateType('/w/a.md'), undefined);
  });

  it('is remembered per CSV, the newest last, at most MAX_REMEMBERED', () => {
    let remembered: Record<string, string> = {};
    for (let i = 0; i < MAX_REMEMBERED + 5; i++) remembered = rememberTemplate(remembered, `file:///${i}.csv`, `file:///${i}.html`);
    remembered = rememberTemplate(remembered, 'file:///10.csv', 'file:///other.docx');
    const keys = Object.keys(remembered);
    assert.equal(keys.length, MAX_REMEMBERED);
    assert.equal(keys.at(-1), 'file:///10.csv');
    assert.equal(remembered['file:///10.csv'], 'file:///other.docx');
    assert.equal(remembered['file:///0.csv'], undefined, 'the oldest went');
  });
});
