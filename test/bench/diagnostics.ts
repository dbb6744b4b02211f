/**
 * 9. Preflight fast enough to run as a person types (issue 15, part 4), with printing as it ships
 * (bundled): the live diagnostics of a 10,000-row merge CSV (≤ 200 ms) and of a Markdown letter's
 * front matter (≤ 5 ms), and the proof of a 5-page letter through preflightLetter (≤ 300 ms), as a
 * PDF (its pages as they are) and as HTML (laid out as text). Each
 * is also compared with reading the same file from disk in the same run, the floor any check of
 * it starts from.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { samplePdf } from '../helpers/documents';
import { absolute, alternate, compared, type Row } from './support/measure';
import { bundle } from './support/built';
import type { Size, Sizes } from './support/size';

type Printing = typeof import('../../src/printing');

/** The CSV's rows, the letters' pages, and the rounds of each check against its floor (the front matter's are the many). */
const RUNS: Sizes<{ readonly csvRows: number; readonly pages: number; readonly rounds: number; readonly frontMatterRounds: number }> = {
  full: { csvRows: 10_000, pages: 5, rounds: 15, frontMatterRounds: 200 },
  small: { csvRows: 500, pages: 2, rounds: 2, frontMatterRounds: 5 },
};

/** Real cities, states and ZIP codes, which the address check takes (a ZIP code's city, or another name of its area). */
const PLACES = [
  ['Springfield', 'IL', '62701'],
  ['Springfield', 'IL', '62704'],
  ['Chicago', 'IL', '60614'],
  ['Peoria', 'IL', '61602'],
  ['Naperville', 'IL', '60540'],
  ['Saint Louis', 'MO', '63101'],
  ['St. Louis', 'MO', '63130'],
  ['New York', 'NY', '10001'],
  ['Flushing', 'NY', '11375'],
  ['Los Angeles', 'CA', '90012'],
  ['Beverly Hills', 'CA', '90210'],
  ['Austin', 'TX', '78701'],
] as const;

/**
 * A merge's data as people keep it: names, streets, real cities and ZIP codes, a few quoted cells,
 * a few rows with findings (no street; a ZIP code not of the form; a city its ZIP code does not serve).
 */
function mergeCsv(rows: number): string {
  const lines = ['AttentionLine1,Company,Address1,City,State,PostalCode,FirstName,Amount'];
  for (let i = 1; i <= rows; i++) {
    const street = i % 97 === 0 ? '' : `${i} Main St`;
    const [place, state, code] = PLACES[i % PLACES.length]!;
    const city = i % 89 === 0 ? 'Shelbyville' : place;
    const zip = i % 101 === 0 ? '6270' : code;
    lines.push(`Person ${i},"Acme, Inc. ${i % 50}",${street},${city},${state},${zip},Person,${i}.00`);
  }
  return `${lines.join('\n')}\n`;
}

const LETTER = `---\ntitle: Your order\nto: Jane Doe, Acme Corp, 1 Main St, Suite 200, Springfield, IL 62701\n---\n# Dear Jane\n\nThank you for your order.\n`;

export async function diagnostics(size: Size = 'full'): Promise<Row[]> {
  const { csvRows, pages, rounds, frontMatterRounds } = RUNS[size];
  const warmUp = (full: number) => Math.min(full, rounds);
  const csvCase = `${csvRows.toLocaleString('en-US')}-row CSV · live diagnostics`;
  const printing = bundle<Printing>('src/printing/index.ts', 'printing');
  const dir = mkdtempSync(join(tmpdir(), 'mailroom-bench-diagnostics-'));
  const rows: Row[] = [];
  try {
    const csvPath = join(dir, 'people.csv');
    writeFileSync(csvPath, mergeCsv(csvRows));
    const template = { fields: ['FirstName', 'Amount'] };
    const [csvMs, csvRead] = await alternate(
      rounds,
      async () => printing.csvDiagnostics(await readFile(csvPath, 'utf8'), template),
      () => readFile(csvPath, 'utf8'),
      warmUp(5),
    );
    rows.push(
      absolute('preflight', csvCase, 'ms', csvMs, 200),
      compared('preflight', csvCase, 'ms', csvMs, { name: 'reading the file', value: csvRead }),
    );

    const letterPath = join(dir, 'letter.md');
    writeFileSync(letterPath, LETTER);
    const [letterMs, letterRead] = await alternate(
      frontMatterRounds,
      async () => printing.frontMatterDiagnostics(await readFile(letterPath, 'utf8')),
      () => readFile(letterPath, 'utf8'),
    );
    rows.push(
      absolute('preflight', 'front matter · live diagnostics', 'ms', letterMs, 5),
      compared('preflight', 'front matter · live diagnostics', 'ms', letterMs, { name: 'reading the file', value: letterRead }),
    );

    const pdfPath = join(dir, 'letter.pdf');
    writeFileSync(pdfPath, await samplePdf(pages));
    const address = { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701' };
    const [proofMs, pdfRead] = await alternate(
      rounds,
      async () => printing.preflightLetter({ type: 'pdf', data: await readFile(pdfPath), address }, { workMode: 'Development' }),
      () => readFile(pdfPath),
      warmUp(3),
    );
    const pdfCase = `${pages}-page PDF letter · proof (preflightLetter)`;
    rows.push(
      absolute('preflight', pdfCase, 'ms', proofMs, 300),
      compared('preflight', pdfCase, 'ms', proofMs, { name: 'reading the file', value: pdfRead }),
    );

    // The same as text the printer lays out: an HTML letter of as many paragraphs as make as many pages.
    const htmlPath = join(dir, 'letter.html');
    const paragraph = '<p>Thank you for your order. It shipped today and should reach you within the week; the invoice follows.</p>';
    let count = 10;
    const html = () => new TextEncoder().encode(`<html><body>${paragraph.repeat(count)}</body></html>`);
    while ((await printing.preflightLetter({ type: 'html', data: html(), address }, { workMode: 'Development' })).pages < pages)
      count += 10;
    writeFileSync(htmlPath, html());
    const [htmlMs, htmlRead] = await alternate(
      rounds,
      async () => printing.preflightLetter({ type: 'html', data: await readFile(htmlPath), address }, { workMode: 'Development' }),
      () => readFile(htmlPath),
      warmUp(3),
    );
    const htmlCase = `${pages}-page HTML letter · proof (preflightLetter)`;
    rows.push(
      absolute('preflight', htmlCase, 'ms', htmlMs, 300),
      compared('preflight', htmlCase, 'ms', htmlMs, { name: 'reading the file', value: htmlRead }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
