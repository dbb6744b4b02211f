/**
 * One merge's preflight, in a process of its own so that its peak memory is its own: prints the
 * resident set once printing is loaded and the CSV read (`baseMb`), and the process's peak
 * (`peakMb`, its maxRSS) after the preflight. Run by merge-preflight.ts.
 */
import { readFileSync } from 'node:fs';

type Printing = typeof import('../../src/printing');

async function main(): Promise<void> {
  const [printingFile, templatePath, csvPath] = process.argv.slice(2) as [string, string, string];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const printing = require(printingFile) as Printing;
  const template = readFileSync(templatePath);
  const csv = readFileSync(csvPath, 'utf8');
  const baseMb = process.memoryUsage().rss / 1e6;
  const report = await printing.preflightMerge({ type: 'html', template, csv }, { workMode: 'Production' }, { letters: false });
  const peakMb = process.resourceUsage().maxRSS / 1e3;
  console.log(JSON.stringify({ rows: report.rows, baseMb, peakMb }));
}

void main();
