/**
 * A mail merge's preflight at any size (issue 24, parts 1 and 6): `preflightMerge` of a 1,000-,
 * 10,000- and 100,000-row CSV, in rows a second against reading the same CSV's records (the
 * contract's parseCsvLines: the floor every check of it starts from), measured in turn in the same
 * run; the ratio must not grow with the size (linear time). The 100,000 rows within 10 s. And, in
 * a process of its own for each, the preflight's CPU time (on a shared machine the clock also
 * counts the others' work) and its peak memory, against the CSV file's size: bounded (≤ 300 MB at
 * 100,000 rows), not growing with the rows as a PDF of every letter would.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { absolute, alternate, compared, type Row } from './support/measure';
import { builtContract, bundle, bundleFile } from './support/built';
import type { Size, Sizes } from './support/size';

type Printing = typeof import('../../src/printing');

/** The CSVs' rows, and the rounds of each (a 100,000-row preflight is one round: it takes seconds). */
const RUNS: Sizes<readonly { readonly rows: number; readonly rounds: number }[]> = {
  full: [
    { rows: 1_000, rounds: 5 },
    { rows: 10_000, rounds: 3 },
    { rows: 100_000, rounds: 1 },
  ],
  small: [
    { rows: 50, rounds: 1 },
    { rows: 200, rounds: 1 },
  ],
};

/** Real cities, states and ZIP codes, which the address check takes. */
const PLACES = [
  ['Springfield', 'IL', '62701'],
  ['Chicago', 'IL', '60614'],
  ['Saint Louis', 'MO', '63101'],
  ['New York', 'NY', '10001'],
  ['Los Angeles', 'CA', '90012'],
  ['Austin', 'TX', '78701'],
] as const;

/** A merge's data as people keep it: a few quoted cells, a few rows with findings (no street; a ZIP code not of the form). */
export function peopleCsv(rows: number): string {
  const lines = ['AttentionLine1,Company,Address1,City,State,PostalCode,FirstName,Amount'];
  for (let i = 1; i <= rows; i++) {
    const [city, state, code] = PLACES[i % PLACES.length]!;
    const street = i % 97 === 0 ? '' : `${i} Main St`;
    const zip = i % 101 === 0 ? '6270' : code;
    lines.push(`Person ${i},"Acme, Inc. ${i % 50}",${street},${city},${state},${zip},Person ${i},${i}.00`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A two-page letter: fields in its greeting and first paragraph, the rest the same in every row. */
export const INVITE =
  '<h1>Dear {{FirstName}}</h1>' +
  `<p>Your balance is {{Amount}}. ${'Thank you for your custom over the years; we write to tell you about our new rates. '.repeat(8)}</p>` +
  `<p>${'Our offices are open from nine to five on weekdays, and our staff will gladly answer any question you have. '.repeat(30)}</p>` +
  '<p>Yours sincerely,<br>The Acme team</p>';

const root = resolve(__dirname, '..', '..');

export async function mergePreflight(size: Size = 'full'): Promise<Row[]> {
  const printingFile = bundleFile('src/printing/index.ts', 'printing');
  const contractFile = bundleFile('src/contract/index.ts', 'contract');
  const printing = bundle<Printing>('src/printing/index.ts', 'printing');
  const dir = mkdtempSync(join(tmpdir(), 'mailroom-bench-merge-preflight-'));
  const rows: Row[] = [];
  const template = new TextEncoder().encode(INVITE);
  const templatePath = join(dir, 'invite.html');
  writeFileSync(templatePath, template);
  try {
    for (const { rows: count, rounds } of RUNS[size]) {
      const csvPath = join(dir, `people-${count}.csv`);
      writeFileSync(csvPath, peopleCsv(count));
      const kase = `${count.toLocaleString('en-US')} rows`;
      let checked = 0;
      const [preflightMs, parseMs] = await alternate(
        rounds,
        async () => {
          const report = await printing.preflightMerge(
            { type: 'html', template, csv: await readFile(csvPath, 'utf8') },
            { workMode: 'Production' },
            { letters: false },
          );
          checked = report.rows;
        },
        async () => builtContract.parseCsvLines(await readFile(csvPath, 'utf8')),
        count >= 100_000 ? 0 : 1,
      );
      if (checked !== count) throw new Error(`the preflight checked ${checked} rows of ${count}`);
      const perSecond = (ms: number) => (count / ms) * 1000;
      rows.push(
        absolute('merge-preflight', `${kase} · preflight`, 'rows/s', perSecond(preflightMs)),
        // Time a row against the floor's: a ratio that does not grow with the rows is linear time.
        compared('merge-preflight', `${kase} · time a row`, 'ms', preflightMs / count, { name: 'reading the CSV', value: parseMs / count }),
      );
      if (count >= 100_000) rows.push(absolute('merge-preflight', `${kase} · the whole preflight`, 'ms', preflightMs, 10_000));

      // In a fresh process, so that the peak is this preflight's own.
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', join(__dirname, 'merge-preflight-child.ts'), printingFile, contractFile, templatePath, csvPath],
        { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      const { peakMb, baseMb, cpuMs, parseCpuMs } = JSON.parse(out.trim().split('\n').pop()!) as {
        peakMb: number;
        baseMb: number;
        cpuMs: number;
        parseCpuMs: number;
      };
      const fileMb = statSync(csvPath).size / 1e6;
      rows.push(
        // CPU time as well as the time it took: on a machine others share, the clock's time is theirs too.
        absolute('merge-preflight', `${kase} · CPU time`, 'ms', cpuMs, count >= 100_000 ? 10_000 : undefined),
        compared('merge-preflight', `${kase} · CPU time a row`, 'ms', cpuMs / count, {
          name: 'reading the CSV',
          value: parseCpuMs / count,
        }),
        absolute('merge-preflight', `${kase} · peak memory`, 'MB', peakMb, count >= 100_000 ? 300 : undefined),
        compared('merge-preflight', `${kase} · memory growth`, 'MB', peakMb - baseMb, { name: "the CSV file's size", value: fileMb }),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
