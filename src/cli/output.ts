/** What a command prints: JSON (`--json`) or lines a person reads, tables, and progress on a terminal. */
import { formatDateTime } from '../contract';
import type { GlobalValues } from './global-options';
import type { Io } from './io';

/** Prints a value as JSON (`--json`) or as the lines a person reads. */
export function print(io: Io, values: GlobalValues, value: unknown, lines: () => string[]): void {
  if (values.json) io.out.write(`${JSON.stringify(value, jsonValue, 2)}\n`);
  else
    io.out.write(
      lines()
        .map((line) => `${line}\n`)
        .join(''),
    );
}

/** Binary data as base64; times as the service wrote them (a wall time gets no "Z"). */
function jsonValue(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  if (original instanceof Date) return formatDateTime(original);
  if (Buffer.isBuffer(original)) return original.toString('base64');
  return value;
}

/** A table of rows under a header, columns padded. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** "Sending 12.4 of 31.0 MB (40%)" on a terminal, overwritten in place. */
export function progressPrinter(io: Io, verb: string): ((progress: { bytes: number; total?: number }) => void) | undefined {
  if (!io.interactive) return undefined;
  let last = -1;
  return ({ bytes, total }) => {
    const mb = (n: number) => (n / 1048576).toFixed(1);
    const percent = total ? Math.floor((bytes / total) * 100) : -1;
    if (percent === last) return;
    last = percent;
    io.err.write(`\r${verb} ${mb(bytes)}${total ? ` of ${mb(total)} MB (${percent}%)` : ' MB'}${percent === 100 ? '\n' : ''}`);
  };
}
