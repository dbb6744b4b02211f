/**
 * A merge's preflight at any size (issue 24, part 1), shown rather than timed (its speed and memory
 * are test/bench/merge-preflight.ts's): it prints no PDF unless a proof is asked for, and then only
 * the rows asked for; its findings keep the row and the CSV line the streaming reader met them on
 * (a byte order mark, CRLF, quoted line breaks, rows far apart in the data, a split row either side
 * of where it measures a chunk of rows); it tells its progress and stops when asked; a template's
 * HTML read once gives each row the blocks reading the row's HTML whole gives; and the command line
 * shows its progress on a terminal only.
 */
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { escapeText, parseCsvLines } from '../../src/contract';
import { closeEngines, preflightMerge } from '../../src/printing';
import { PLACEHOLDER, fillFields } from '../../src/printing/blocks';
import { htmlFiller, htmlToBlocks } from '../../src/printing/html-text';
import { jsonPieces } from '../../src/cli/commands/preflight';
import { cliPath, mailroom, suiteEnv } from '../helpers/cli';
import { pdfPages } from '../helpers/tools';

const TEMPLATE = new TextEncoder().encode('<h1>Dear {{AttentionLine1}}</h1><p>{{Note}}</p><p>Thank you for your custom.</p>');
const settings = { workMode: 'Production' } as const;
const HEADER = ['AttentionLine1', 'Address1', 'City', 'State', 'PostalCode', 'Note'];

interface Written {
  readonly csv: string;
  /** Each data row's first line, 1-based, as counted while writing it. */
  readonly lines: readonly number[];
}

/**
 * `rows` rows as a spreadsheet writes them: a byte order mark, CRLF, a quoted line break in the
 * Note of every seventh row; row 5 has no street (-1045), row 300 a ZIP code of four digits
 * (-1018), and rows 256 and 257 are one row split by a line break in an unquoted cell (-3144),
 * either side of the 256 rows the preflight measures at once.
 */
function spreadsheet(rows: number): Written {
  let csv = `\uFEFF${HEADER.join(',')}\r\n`;
  let line = 2;
  const lines: number[] = [];
  for (let r = 1; r <= rows; r++) {
    lines.push(line);
    const street = r === 5 ? '' : `${r} Main St`;
    const zip = r === 300 ? '6270' : '62701';
    if (r === 256) {
      // A line break inside the City cell, unquoted: two short rows, which together have the header's cells.
      csv += `Person ${r},${street},Spring\r\n`;
      line++;
      continue;
    }
    if (r === 257) {
      csv += `field,IL,${zip},A note\r\n`;
      line++;
      continue;
    }
    const note = r % 7 === 0 ? `"A note\r\nover two lines"` : 'A note';
    csv += `Person ${r},${street},Springfield,IL,${zip},${note}\r\n`;
    line += r % 7 === 0 ? 2 : 1;
  }
  return { csv, lines };
}

describe("a merge's preflight at any size", function () {
  after(() => closeEngines());
  this.timeout(120_000);

  it('keeps each finding on its row and the CSV line the row starts on: BOM, CRLF, quoted line breaks, a split row across a chunk', async () => {
    const { csv, lines } = spreadsheet(600);
    // The whole-text reader agrees with the lines counted while writing (its rows 256 and 257 are the split row's halves).
    assert.deepEqual(parseCsvLines(csv.slice(1)).lines.slice(1), lines);
    const report = await preflightMerge({ type: 'html', template: TEMPLATE, csv }, settings);
    assert.equal(report.rows, 600);
    const at = (row: number) => ({ row, line: lines[row - 1] });
    const said = report.findings.map((f) => ({ code: f.code, row: f.row, line: f.line }));
    assert.deepEqual(said, [
      { code: -1045, ...at(5) },
      { code: -3144, ...at(256) },
      { code: -3144, ...at(257) },
      { code: -1018, ...at(300) },
    ]);
    const split = report.findings.filter((f) => f.code === -3144).map((f) => f.message);
    assert.ok(
      split.every((m) => m.includes('Rows 256 and 257 are one row split by a line break')),
      `each half names the split, from either side of the chunk: ${split.join(' | ')}`,
    );
    // The letters, in data order, each on its own line; the totals are theirs.
    assert.deepEqual(
      report.letters.map((l) => [l.row, l.line]),
      lines.map((line, i) => [i + 1, line]),
    );
    assert.equal(
      report.pages,
      report.letters.reduce((sum, l) => sum + l.pages, 0),
    );
  });

  it('prints no PDF unless a proof is asked for, and then only the rows asked for', async () => {
    const { csv } = spreadsheet(40);
    const merge = { type: 'html', template: TEMPLATE, csv };
    const checked = await preflightMerge(merge, settings);
    assert.equal(checked.pdf, undefined, 'checking a merge prints nothing');

    const rows = [3, 21];
    const proof = await preflightMerge(merge, settings, { proof: rows });
    assert.ok(proof.pdf, 'the proof of the rows asked for');
    const pages = pdfPages(proof.pdf);
    const expected = rows.reduce((sum, row) => sum + checked.letters[row - 1]!.pages, 0);
    assert.equal(pages.length, expected, "the pages of rows 3 and 21's letters, and no other's");
    const text = pages.map((p) => p.text).join('\n');
    assert.ok(text.includes('Dear Person 3') && text.includes('Dear Person 21'), text);
    assert.ok(!/Dear Person (?!3\b|21\b)\d+/.test(text), `no other row's letter: ${text}`);
    // Asking for a proof changes nothing else.
    const { pdf: _, ...rest } = proof;
    assert.deepEqual(rest, checked);

    const all = await preflightMerge(merge, settings, { proof: 'all' });
    assert.equal(pdfPages(all.pdf!).length, checked.pages, "the whole merge's proof: every letter's pages");
  });

  it("keeps only the totals when each letter's figures are not wanted", async () => {
    const { csv } = spreadsheet(30);
    const merge = { type: 'html', template: TEMPLATE, csv };
    const [each, totals] = [await preflightMerge(merge, settings), await preflightMerge(merge, settings, { letters: false })];
    assert.deepEqual(totals.letters, []);
    const { letters: _, ...rest } = each;
    assert.deepEqual({ ...totals, letters: undefined }, { ...rest, letters: undefined });
    assert.equal(totals.rows, 30);
  });

  it('tells the rows checked of the rows there are, ending with all of them, and stops when asked', async () => {
    const { csv } = spreadsheet(600);
    const merge = { type: 'html', template: TEMPLATE, csv };
    const told: [number, number][] = [];
    await preflightMerge(merge, settings, { progress: (done, rows) => told.push([done, rows]) });
    assert.ok(told.length >= 2, `told a chunk at a time: ${JSON.stringify(told)}`);
    assert.deepEqual(told.at(-1), [600, 600]);
    assert.ok(
      told.every(([done, rows], i) => rows === 600 && done > (told[i - 1]?.[0] ?? 0)),
      JSON.stringify(told),
    );

    const stop = new AbortController();
    const seen: number[] = [];
    await assert.rejects(
      preflightMerge(merge, settings, {
        signal: stop.signal,
        progress: (done) => {
          seen.push(done);
          stop.abort(new Error('stopped'));
        },
      }),
      /stopped/,
    );
    assert.deepEqual(seen, [256], 'stopped after the first chunk: no other was measured');
  });

  it("gives each row the blocks that reading the row's HTML whole gives, the template read once", () => {
    const templates = [
      '<h1>Dear {{Name}}</h1><p>  {{ Name }}  owes {{Amount}}<br>  next</p><pre>  {{Name}}\n  x </pre><ul><li>{{Name}}</li></ul>' +
        '<p style="page-break-before: always">«Amount»</p><p>{{Missing}} and {{Name}}{{Amount}}</p><p>Fixed &amp; the same</p>',
      '<p>{{Amount}}</p><div style="break-after: page">{{Name}}</div><p>after</p>',
    ];
    const values = [
      'Jane',
      '',
      '  ',
      'a\nb',
      'x&amp;y',
      '<b>bold</b>',
      'p;x',
      '\u2028z',
      'a\r\nb',
      '{{Amount}}',
      ' lead',
      'trail ',
      '&#65;',
    ];
    for (const template of templates) {
      const fill = htmlFiller(template, PLACEHOLDER, fillFields);
      assert.ok(fill, `read once: ${template}`);
      for (const name of values)
        for (const amount of values) {
          const row = new Map([
            ['Name', name],
            ['Amount', amount],
          ]);
          const whole = htmlToBlocks(fillFields(template, new Map([...row].map(([k, v]) => [k, escapeText(v)]))));
          assert.deepEqual(fill(row), whole, `${template} with ${JSON.stringify([name, amount])}`);
        }
    }
    // Where a placeholder is not in text the reader keeps (an attribute, a comment), or just after an `&`, each row's HTML is read whole.
    for (const template of ['<p title="{{Name}}">x</p>', '<!-- {{Name}} --><p>{{Name}}</p>', '<p>&am{{Name}}</p>'])
      assert.equal(htmlFiller(template, PLACEHOLDER, fillFields), undefined, template);
  });

  describe('the command line', () => {
    let dir: string;
    before(() => (dir = mkdtempSync(join(tmpdir(), 'mailroom-merge-preflight-'))));
    after(() => rmSync(dir, { recursive: true, force: true }));

    it("writes --json's letters a piece at a time, the pieces together exactly JSON.stringify's text", () => {
      const letter = (row: number) => ({ row, line: row + 1, pages: 2, sheets: 2, price: 0.79 });
      for (const count of [0, 1, 2, 999, 1000, 1001, 2500]) {
        const report = {
          ok: false,
          findings: [{ code: -1045, message: 'a "quoted"\nline', row: 3 }],
          print: { printSides: { value: 'Simplex', from: 'new account' } },
          letters: Array.from({ length: count }, (_, i) => letter(i + 1)),
          encoding: 'UTF-8',
        };
        const pieces = [...jsonPieces(report, 'letters')];
        assert.equal(pieces.join(''), JSON.stringify(report, null, 2), `${count} letters`);
        assert.ok(pieces.length >= Math.ceil(count / 1000), 'a piece for each thousand letters');
      }
      const letter1 = { ok: true, findings: [] };
      assert.equal([...jsonPieces(letter1, 'letters')].join(''), JSON.stringify(letter1, null, 2), 'a letter: no letters');
    });

    it('shows the rows checked of the rows there are on a terminal, and nothing of it in a pipe', async () => {
      const template = join(dir, 'invite.html');
      const data = join(dir, 'people.csv');
      writeFileSync(template, TEMPLATE);
      writeFileSync(data, spreadsheet(600).csv);
      const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...suiteEnv(), MAILROOM_ENDPOINT: 'http://127.0.0.1:9' };
      const piped = await mailroom(['preflight', template, '--data', data], { env });
      assert.equal(piped.code, 1, piped.stderr);
      assert.ok(piped.stdout.includes('600 letters'), piped.stdout);
      assert.ok(!/Checking rows/.test(piped.stderr + piped.stdout), `nothing of progress in a pipe: ${piped.stderr}`);

      // A terminal of its own (util-linux's script): what a person running it sees.
      const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
      const command = [process.execPath, cliPath, 'preflight', template, '--data', data].map(quote).join(' ');
      const seen = await new Promise<string>((resolve, reject) =>
        execFile('script', ['-qec', command, '/dev/null'], { env, encoding: 'utf8' }, (error, stdout) =>
          // Exit 1: something would fail (rows 5, 256, 257 and 300).
          error && error.code !== 1 ? reject(new Error(`script: ${error.message}`)) : resolve(stdout),
        ),
      );
      assert.match(seen, /Checking rows: 600 of 600\r?\n/, seen);
      assert.ok(seen.includes('600 letters'), seen);
    });
  });
});
