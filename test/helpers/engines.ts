/**
 * The print engines turned off for a suite, and on again after it: what it tests is Mailroom's own
 * text layout, which a letter gets only where no engine is found (src/printing/engines), or a
 * mechanism (a kept print job, a page cap) whose subject is not the engines' drawing. The engines
 * are the printing bundle's, shared by every test in the process: the suite's `after` gives them back.
 */
import { useEngines } from '../../src/printing';

export const NO_ENGINES = { browser: 'none', office: 'none' } as const;

/** Call inside a `describe`: its tests print with the text layout. */
export function withTextLayout(): void {
  before(() => useEngines(NO_ENGINES));
  after(() => useEngines({}));
}

/** Runs one test's body with the text layout, the engines given back after. */
export async function inTextLayout<T>(run: () => Promise<T>): Promise<T> {
  await useEngines(NO_ENGINES);
  try {
    return await run();
  } finally {
    await useEngines({});
  }
}
