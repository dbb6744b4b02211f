/**
 * Numbers as a person reads a list of them (a merge's rows, a batch's items): in runs of
 * consecutive ones, and no more runs than can be read at once. Each front end words the runs
 * ("3, 7, 9–12, …").
 */

/** A run of consecutive numbers, `first` to `last` (the same number for a run of one). */
export interface NumberRun {
  readonly first: number;
  readonly last: number;
}

export interface NumberRuns {
  readonly runs: readonly NumberRun[];
  /** Runs were left off past the most shown. */
  readonly more: boolean;
}

/** Numbers in ascending order as runs, at most `most` of them. */
export function numberRuns(numbers: readonly number[], most = 20): NumberRuns {
  const runs: NumberRun[] = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    runs.push({ first: numbers[i]!, last: numbers[j]! });
    i = j + 1;
  }
  return { runs: runs.slice(0, most), more: runs.length > most };
}
