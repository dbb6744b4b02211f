/**
 * The ID string of the multi-ID operations (`GetStatus`, `GetDetails`, `GetDetailsExtended`,
 * `GetLetterStatus_Multiple`, `GetLetterStatusV2_Multiple`) and of a batch's `ItemID`:
 * one positive integer (`1021984`), an inclusive range (`1021984-1021994`) or a comma list
 * (`1021984,1021985`). Nothing else is accepted: the service answers -4013.
 */
import { MAX_IDS_PER_QUERY } from './rules';

export const INVALID_IDS = -4013;
const MAX_ID = 2147483647; // the service's IDs are .NET Int32

export type IdQuery =
  | { readonly kind: 'one'; readonly id: number }
  | { readonly kind: 'range'; readonly min: number; readonly max: number }
  | { readonly kind: 'list'; readonly ids: readonly number[] };

function parseId(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const id = Number(trimmed);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/** Reads the syntax of an ID string; undefined when it is not one (-4013). */
export function parseIdQuery(text: string): IdQuery | undefined {
  if (text.includes(',')) {
    const ids: number[] = [];
    for (const part of text.split(',')) {
      const id = parseId(part);
      if (id === undefined) return undefined;
      ids.push(id);
    }
    return { kind: 'list', ids };
  }
  const dash = text.indexOf('-');
  if (dash >= 0) {
    const min = parseId(text.slice(0, dash));
    const max = parseId(text.slice(dash + 1));
    if (min === undefined || max === undefined || min > max) return undefined;
    return { kind: 'range', min, max };
  }
  const id = parseId(text);
  return id === undefined ? undefined : { kind: 'one', id };
}

/** How many items a query names, before the limit of one query is applied. */
export function countIds(query: IdQuery): number {
  switch (query.kind) {
    case 'one':
      return 1;
    case 'range':
      return query.max - query.min + 1;
    case 'list':
      return query.ids.length;
  }
}

/** The items a query names, in its order, at most `limit` of them (the service ignores the rest). */
export function expandIdQuery(query: IdQuery, limit = MAX_IDS_PER_QUERY): number[] {
  switch (query.kind) {
    case 'one':
      return [query.id];
    case 'range': {
      const count = Math.min(limit, query.max - query.min + 1);
      return Array.from({ length: count }, (_, i) => query.min + i);
    }
    case 'list':
      return query.ids.slice(0, limit);
  }
}

export type ParsedIds = { readonly ok: true; readonly ids: number[] } | { readonly ok: false; readonly reason: string };

/**
 * Checks an ID string as a careful client does before sending: the syntax, and no more items
 * than one query answers (the service would silently drop the rest).
 */
export function parseIds(text: string): ParsedIds {
  const query = parseIdQuery(text);
  if (!query) {
    return { ok: false, reason: `"${text}" is not an ID, a range a-b or a comma list of IDs` };
  }
  const count = countIds(query);
  if (count > MAX_IDS_PER_QUERY) {
    return { ok: false, reason: `"${text.slice(0, 40)}" names ${count} items; one query answers at most ${MAX_IDS_PER_QUERY}` };
  }
  return { ok: true, ids: expandIdQuery(query) };
}

function sortedUnique(ids: Iterable<number>): number[] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (const id of sorted) {
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw new RangeError(`${id} is not a mailer ID`);
  }
  return sorted;
}

/**
 * The shortest ID string that names exactly these IDs: a range when they are consecutive, else
 * a comma list in ascending order. At most one query's worth of IDs.
 */
export function formatIds(ids: Iterable<number>): string {
  const sorted = sortedUnique(ids);
  if (sorted.length === 0) throw new RangeError('No IDs to format');
  if (sorted.length > MAX_IDS_PER_QUERY) {
    throw new RangeError(`${sorted.length} IDs do not fit one query of at most ${MAX_IDS_PER_QUERY}`);
  }
  return compressSorted(sorted);
}

function compressSorted(sorted: readonly number[]): string {
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  if (sorted.length === 1) return String(first);
  const list = sorted.join(',');
  const consecutive = last - first + 1 === sorted.length;
  const range = `${first}-${last}`;
  return consecutive && range.length < list.length ? range : list;
}

/**
 * Any number of IDs as the fewest ID strings the service accepts (at most 1000 items each),
 * each as short as it can be.
 */
export function planIdQueries(ids: Iterable<number>): string[] {
  const sorted = sortedUnique(ids);
  const queries: string[] = [];
  for (let start = 0; start < sorted.length; start += MAX_IDS_PER_QUERY) {
    queries.push(compressSorted(sorted.slice(start, start + MAX_IDS_PER_QUERY)));
  }
  return queries;
}
