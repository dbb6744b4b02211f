/**
 * Filter Mailers…: what a person looks for among the mailers (text, status group, work mode, the
 * days it was submitted), as plain data, and the pure function that keeps the rows that match.
 * The Mailers view, Export Mailers… and the send history all filter with it, so that one filter
 * means the same everywhere. No VS Code here, so that it is tested (and benchmarked) as plain code.
 */
import * as l10n from '@vscode/l10n';
import { statusGroupOf, type StatusGroup } from '../../contract';

/** What a row offers the filter: a tracked mailer is one, and so is a send history entry. */
export interface Filterable {
  readonly id?: number;
  readonly description?: string;
  /** The recipient in one line, when known. */
  readonly recipient?: string;
  readonly status?: number;
  /** Where the status code alone cannot tell the group: a refused send, a send of unknown outcome. */
  readonly statusGroup?: StatusGroup;
  /** As the service reports it (Development or Production), else as the send asked. */
  readonly workMode?: string;
  /** When it was submitted, `YYYY-MM-DD…`: its first ten characters are its day. */
  readonly submitted?: string;
}

export type FilterWorkMode = 'Development' | 'Production';

export interface MailerFilter {
  /** Found, without regard to case, in the ID, the description or the recipient (a batch's: any of its items'). */
  readonly text?: string;
  readonly group?: StatusGroup;
  readonly workMode?: FilterWorkMode;
  /** The first and last day submitted (`YYYY-MM-DD`, both included). */
  readonly from?: string;
  readonly to?: string;
}

export const NO_FILTER: MailerFilter = {};

/** Whether the filter leaves anything out. */
export function isFiltering(filter: MailerFilter): boolean {
  return Boolean(filter.text || filter.group || filter.workMode || filter.from || filter.to);
}

/**
 * Text as the filter compares it: without accents and in lower case, so that "dupre" finds
 * "Dupré" and "MULLER" finds "Müller" (the letter's base, as NFD decomposition leaves it).
 */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/**
 * The filter as one test per row, with what it needs worked out once (the text in lower case), so
 * that 10,000 rows cost 10,000 cheap tests. A row that cannot tell what a part of the filter asks
 * (no work mode, no submitted day yet) is left out by that part: it is not known to match.
 */
export function matcher<T extends Filterable>(filter: MailerFilter, foundElsewhere?: (row: T) => boolean): (row: T) => boolean {
  const text = searchable(filter.text?.trim() ?? '');
  const { group, workMode, from, to } = filter;
  return (row) => {
    if (group !== undefined && (row.statusGroup ?? statusGroupOf(row.status)) !== group) return false;
    if (workMode !== undefined && row.workMode !== workMode) return false;
    if (from || to) {
      const day = row.submitted?.slice(0, 10);
      if (!day || (from && day < from) || (to && day > to)) return false;
    }
    if (text) {
      const found =
        (row.id !== undefined && String(row.id).includes(text)) ||
        (row.description !== undefined && searchable(row.description).includes(text)) ||
        (row.recipient !== undefined && searchable(row.recipient).includes(text)) ||
        (foundElsewhere?.(row) ?? false);
      if (!found) return false;
    }
    return true;
  };
}

/**
 * The rows the filter keeps, in their order; the same array when it keeps all. `foundElsewhere`:
 * whether the text is found in what the row holds beyond its own fields (a batch's items' recipients).
 */
export function filterRows<T extends Filterable>(
  rows: readonly T[],
  filter: MailerFilter,
  foundElsewhere?: (row: T) => boolean,
): readonly T[] {
  if (!isFiltering(filter)) return rows;
  return rows.filter(matcher(filter, foundElsewhere));
}

/** The status groups in words, in the order a person meets them. */
export const STATUS_GROUP_WORDS: Readonly<Record<StatusGroup, () => string>> = {
  received: () => l10n.t('Received'),
  'in-process': () => l10n.t('In process'),
  completed: () => l10n.t('Completed'),
  cancelled: () => l10n.t('Cancelled'),
  failed: () => l10n.t('Failed or refused'),
  unknown: () => l10n.t('Not known yet, or outcome unknown'),
};

/** A day as typed: `YYYY-MM-DD`, a real day of the calendar. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** What the filter keeps, in a few words: "“smith” · Completed · Production · 2026-11-01 to 2026-11-23". */
export function describeFilter(filter: MailerFilter): string {
  const days =
    filter.from && filter.to
      ? l10n.t('{0} to {1}', filter.from, filter.to)
      : filter.from
        ? l10n.t('from {0}', filter.from)
        : filter.to
          ? l10n.t('until {0}', filter.to)
          : '';
  return [
    filter.text?.trim() ? `“${filter.text.trim()}”` : '',
    filter.group ? STATUS_GROUP_WORDS[filter.group]() : '',
    filter.workMode ?? '',
    days,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The view's message while a filter is on: what it keeps, how many, and how to clear it. */
export function filterMessage(filter: MailerFilter, shown: number, total: number, what: 'mailers' | 'sends'): string | undefined {
  if (!isFiltering(filter)) return undefined;
  const counted = what === 'mailers' ? l10n.t('{0} of {1} mailers shown', shown, total) : l10n.t('{0} of {1} sends shown', shown, total);
  return l10n.t('Filtered by {0}: {1}. Clear Filter in the title bar shows them all.', describeFilter(filter), counted);
}
