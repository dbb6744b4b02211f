/**
 * 10. Filter Mailers… over 10,000 tracked mailers (issue 16, part 3: ≤ 30 ms), the filter as it
 * ships (bundled): a text search alone (the costliest part: three fields of every mailer), and
 * every part at once (text, status group, work mode, days). Each is compared with copying the
 * array in the same run, the floor any pass over 10,000 mailers starts from.
 */
import type { TrackedMailer } from '../../src/extension/model/mailers';
import { bundle } from './support/built';
import { absolute, alternate, compared, type Row } from './support/measure';
import type { Size, Sizes } from './support/size';

type Filter = typeof import('../../src/extension/model/mailer-filter');

const STATUSES = [-900, -910, -995, -1000, -1002, -1005, -1018];

/** Mailers as a busy account has them: descriptions, recipients, both work modes, a year of days. */
function mailers(count: number): TrackedMailer[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 1_000_000 + i,
    description: `Invoice ${i} for order ${(i * 7919) % 100_000}`,
    recipient: `Person ${i}, Acme ${i % 50}, ${i} Main St, Springfield, IL, ${String(60000 + (i % 2000))}`,
    status: STATUSES[i % STATUSES.length]!,
    price: 0.62 + (i % 5) * 0.5,
    workMode: i % 3 === 0 ? 'Production' : 'Development',
    submitted: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00`,
  }));
}

/** The tracked mailers filtered, and the rounds of each filter against its floor (after a warm-up). */
const RUNS: Sizes<{ readonly mailers: number; readonly rounds: number; readonly warmUp: number }> = {
  full: { mailers: 10_000, rounds: 50, warmUp: 10 },
  small: { mailers: 1_000, rounds: 3, warmUp: 1 },
};

export async function filtering(size: Size = 'full'): Promise<Row[]> {
  const { mailers: count, rounds, warmUp } = RUNS[size];
  const { filterRows } = bundle<Filter>('src/extension/model/mailer-filter.ts', 'mailer-filter');
  const list = mailers(count);
  const rows: Row[] = [];
  const cases = [
    { name: 'text "order 4"', filter: { text: 'order 4' } },
    {
      name: 'text, status group, work mode and days',
      filter: { text: 'springfield', group: 'completed', workMode: 'Production', from: '2026-03-01', to: '2026-10-31' } as const,
    },
  ];
  const copy = async () => list.slice();
  for (const { name, filter } of cases) {
    const kept = filterRows(list, filter).length;
    if (kept === 0 || kept === count) throw new Error(`the filter ${name} keeps ${kept} of ${count}: it measures nothing`);
    const [filterMs, copyMs] = await alternate(rounds, async () => filterRows(list, filter), copy, warmUp);
    const kase = `filter ${count.toLocaleString('en')} mailers · ${name} (keeps ${kept})`;
    rows.push(
      absolute('filter', kase, 'ms', filterMs, 30),
      compared('filter', kase, 'ms', filterMs, { name: 'copying the array', value: copyMs }),
    );
  }
  return rows;
}
