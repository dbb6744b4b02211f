/** Timing and reporting for the benchmarks: medians of samples, rows of the results table. */

export interface Row {
  readonly benchmark: string;
  readonly case: string;
  /** The measured figure, in `unit`. */
  readonly value: number;
  readonly unit: string;
  /** What it is compared with, measured in the same run (a floor or a peer), in the same unit. */
  readonly against?: { readonly name: string; readonly value: number };
  /** value / against.value, or the figure itself where the target is absolute. */
  readonly ratio?: number;
  readonly target?: string;
  readonly met?: boolean;
}

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Milliseconds of one run of fn. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Medians of two contenders measured in turn (a, b, a, b, …) after a warm-up, so that neither
 * gets a quieter moment of the machine than the other.
 */
export async function alternate(
  rounds: number,
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  warmUp = Math.min(30, rounds),
): Promise<[number, number]> {
  for (let i = 0; i < warmUp; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await timed(a));
    bs.push(await timed(b));
  }
  return [median(as), median(bs)];
}

export function compared(
  benchmark: string,
  kase: string,
  unit: string,
  value: number,
  against: { name: string; value: number },
  limit?: number,
): Row {
  const ratio = value / against.value;
  return {
    benchmark,
    case: kase,
    value,
    unit,
    against,
    ratio,
    ...(limit === undefined ? {} : { target: `≤ ${limit}×`, met: ratio <= limit }),
  };
}

export function absolute(benchmark: string, kase: string, unit: string, value: number, limit?: number): Row {
  return { benchmark, case: kase, value, unit, ...(limit === undefined ? {} : { target: `≤ ${limit} ${unit}`, met: value <= limit }) };
}

const fixed = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));

export function table(rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.benchmark,
    r.case,
    `${fixed(r.value)} ${r.unit}`,
    r.against ? `${r.against.name}: ${fixed(r.against.value)} ${r.unit}` : '',
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`,
    r.target ? `${r.target} ${r.met ? '✔' : '✘'}` : '',
  ]);
  const header = ['benchmark', 'case', 'median', 'against', 'ratio', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}
