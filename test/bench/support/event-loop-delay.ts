/**
 * The asking thread's event-loop delay while some work runs elsewhere (a sandbox's thread, the
 * printing thread) or here, measured with `perf_hooks.monitorEventLoopDelay`, and the rows that
 * compare the two, medians of rounds taken in turn.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { median, type Row } from './measure';

export interface Delay {
  readonly p99: number;
  readonly max: number;
  /** From the start of the work to its end, ms. */
  readonly answerMs: number;
}

export async function delayDuring(work: () => Promise<unknown>): Promise<Delay> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  try {
    histogram.enable();
    const start = process.hrtime.bigint();
    await work();
    const answerMs = Number(process.hrtime.bigint() - start) / 1e6;
    histogram.disable();
    return { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, answerMs };
  } finally {
    histogram.disable();
  }
}

/** The p99 and max delay (under `limitMs`) and the time to the answer, against the same work done the other way. */
export function delayRows(
  what: string,
  measured: readonly Delay[],
  against: { readonly name: string; readonly delays: readonly Delay[] },
  limitMs: number,
): Row[] {
  const of = (delays: readonly Delay[], key: keyof Delay) => median(delays.map((d) => d[key]));
  const row = (kase: string, key: keyof Delay, limit?: number): Row => {
    const value = of(measured, key);
    const floor = { name: against.name, value: of(against.delays, key) };
    return {
      benchmark: 'editor responsiveness',
      case: `${what}: ${kase}`,
      value,
      unit: 'ms',
      against: floor,
      ratio: value / floor.value,
      ...(limit === undefined ? {} : { target: `< ${limit} ms`, met: value < limit }),
    };
  };
  return [
    row("asking thread's event-loop delay, p99", 'p99', limitMs),
    row("asking thread's event-loop delay, max", 'max', limitMs),
    row('time to the answer', 'answerMs'),
  ];
}
