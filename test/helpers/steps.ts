/**
 * A story told in steps that later tests build on: each step runs once, after every step before
 * it, whichever test asks for it first. A test that needs the mailers an earlier test sent asks for
 * that step instead of hoping the earlier test ran, so that any test passes alone (`--grep`) and
 * the whole run tells the story once, in order.
 */
export type Step<T> = () => Promise<T>;

export function storySteps(): <T>(body: () => Promise<T>) => Step<T> {
  let previous: Step<unknown> = () => Promise.resolve();
  return <T>(body: () => Promise<T>): Step<T> => {
    const before = previous;
    let result: Promise<T> | undefined;
    const step = () => (result ??= before().then(body));
    previous = step;
    return step;
  };
}

/** A value made on first use and kept: a sandbox, a client, a whole story's transcript. */
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}
