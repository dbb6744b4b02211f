/**
 * The service writes times without an offset, in the account's time zone. This turns an instant
 * into a Date whose UTC fields hold that zone's wall time (the codec's convention), caching the
 * zone's offset per quarter hour so that a report of a thousand mailers costs a few lookups.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function offsetAt(instant: number, timeZone: string): number {
  const key = `${timeZone} ${Math.floor(instant / QUARTER_HOUR)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const parts: Record<string, number> = {};
    for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = Number(part.value);
    const whole = Math.floor(instant / 1000) * 1000;
    const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
    offset = wall - whole;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

export function wallClock(instant: number, timeZone: string): Date {
  return new Date(instant + offsetAt(instant, timeZone));
}
