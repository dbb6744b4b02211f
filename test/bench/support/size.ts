/**
 * How much work a benchmark does. `full`, for `npm run bench`: the sizes people have (10,000
 * tracked mailers, 32 MB PDFs, a 2,000-row merge) and rounds enough for a steady median. `small`,
 * for npm test (test/bench/bench.test.ts): the same code paths, every benchmark in seconds, so that
 * none can rot unnoticed; its figures mean nothing and nothing reads them.
 */
export type Size = 'full' | 'small';

/** A benchmark's sizes, one for each Size. */
export type Sizes<T> = Readonly<Record<Size, T>>;
