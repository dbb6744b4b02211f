/**
 * The repeat window: the days back a send of the log still counts as an earlier send, the edge
 * included (a send exactly `windowDays` old is within it). The repeat check (repeats.ts) and the
 * mailers asked about before a send (spending.ts) hold the same edge.
 */
import type { SendLogRecord } from '../client/send-log';

const DAY_MS = 86_400_000;

export function withinWindow(record: Pick<SendLogRecord, 'time'>, now: Date, windowDays: number): boolean {
  return Date.parse(record.time) >= now.getTime() - windowDays * DAY_MS;
}
