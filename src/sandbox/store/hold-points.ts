/**
 * Fault injection for the durability tests: with `MAILROOM_SANDBOX_HOLD_AT` naming points
 * (comma-separated), the process writes `holding at <point>` on stderr the first time it reaches
 * one and waits there until SIGUSR2. A test can then SIGKILL it exactly inside that window, or let
 * it go on, and know that the window was really hit. Unset (always, outside those tests), a hold
 * point costs a set lookup.
 */
export type HoldPoint =
  /** A blob is on disk; the record naming it is not yet. */
  | 'blob-saved'
  /** The record that drops blobs is on disk; the blobs are not yet removed. */
  | 'blobs-released'
  /** A mail merge is being measured (operations/merge.ts): some of its rows are, the rest are not yet. */
  | 'merge-measuring'
  /** A batch's PDF was printed on first need (operations/printed-pdf.ts) into its file, not yet in place. */
  | 'merge-printing'
  /** A compaction's new journal is written and synced under its temporary name. */
  | 'compaction-written'
  /** The new journal has replaced the old one; the directory is not yet synced. */
  | 'compaction-renamed';

const pending = new Set((process.env.MAILROOM_SANDBOX_HOLD_AT ?? '').split(',').filter(Boolean));

export async function holdPoint(point: HoldPoint): Promise<void> {
  if (!pending.delete(point)) return;
  process.stderr.write(`holding at ${point}\n`);
  await new Promise<void>((resolve) => process.once('SIGUSR2', () => resolve()));
}
