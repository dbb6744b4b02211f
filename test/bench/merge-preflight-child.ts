/**
 * One merge's preflight, in a process of its own so that its peak memory is its own: prints the
 * resident set once printing is loaded and the CSV read (`baseMb`), and the process's peak
 * (`peakMb`, its maxRSS) after the preflight, and the preflight's CPU time (`cpuMs`, user and
 * system: what it costs whatever else the machine is doing) with reading the same CSV's records
 * (`parseCpuMs`), measured after it. Run by merge-preflight.ts.
 */
import { readFileSync } from 'node:fs';

type Printing = typeof import('../../src/printing');
type Contract = typeof import('../../src/contract');

async function main(): Promise<void> {
  const [printingFile, contractFile, templatePath, csvPath] = process.argv.slice(2) as [string, string, string, string];
  /* eslint-disable @typescript-eslint/no-require-imports */
  const printing = require(printingFile) as Printing;
  const contract = require(contractFile) as Contract;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const template = readFileSync(templatePath);
  const csv = readFileSync(csvPath, 'utf8');
  const baseMb = process.memoryUsage().rss / 1e6;
  const cpu = process.cpuUsage();
  const report = await printing.preflightMerge({ type: 'html', template, csv }, { workMode: 'Production' }, { letters: false });
  const { user, system } = process.cpuUsage(cpu);
  const peakMb = process.resourceUsage().maxRSS / 1e3;
  // The floor: reading the same CSV's records, in CPU time too.
  const before = process.cpuUsage();
  contract.parseCsvLines(csv);
  const parsed = process.cpuUsage(before);
  const parseCpuMs = (parsed.user + parsed.system) / 1e3;
  console.log(JSON.stringify({ rows: report.rows, baseMb, peakMb, cpuMs: (user + system) / 1e3, parseCpuMs }));
  // The browser the rows were drawn with would keep this process alive until it idles out.
  await printing.closeEngines();
}

void main();
