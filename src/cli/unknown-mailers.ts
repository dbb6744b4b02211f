/**
 * A mailer ID the service does not know for the user: `status`, `details` and `history` say it in
 * the same words and end with exit code 1 (the service's answer, not a usage mistake: the ID is
 * well formed). The service does not tell an ID that never existed from another user's mailer: a
 * single ID answers -3115 (the query returned no data) or, for a batch's item, -3116 (the item ID
 * does not exist); in a list each such ID is -3001 No Permissions with a zero time; in a range it is
 * left out. A sandbox's reset forgets every mailer, so on this machine that is said too.
 */
import { MailWsError } from '../client';
import { WARNING_CODES, isLoopback } from '../contract';
import type { Account } from './account-options';

/** The service's answer that it has no such mailer for the user (-3115, -3116), in its code and words; undefined for any other error. */
export function unknownAnswer(error: unknown): string | undefined {
  return error instanceof MailWsError && WARNING_CODES.has(error.code) ? `${error.code}: ${error.meaning}` : undefined;
}

/** IDs in few words, runs as ranges: `5, 7-9, 12`; past `most` pieces, how many more. */
export function idsInWords(ids: Iterable<number>, most = 10): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const pieces: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    pieces.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return pieces.length > most ? `${pieces.slice(0, most).join(', ')} and ${pieces.length - most} more` : pieces.join(', ');
}

/** Why a mailer may be unknown, as far as the service lets anyone tell. */
function why(account: Account, many: boolean): string {
  const [them, is, does] = many ? ['them', 'they are', 'they do'] : ['it', 'it is', 'it does'];
  const reset = isLoopback(account.endpoint) ? `, a sandbox reset forgot ${them}` : '';
  return `${does} not exist${reset}, or ${is} another user's`;
}

/** "unknown mailer 99999999: …": the line `status`, `details` and `history` print on standard error (after "mailroom: "). */
export function unknownMailers(ids: readonly number[], account: Account, answered?: string): string {
  const many = new Set(ids).size > 1;
  const answer = answered ? ` (${answered})` : '';
  return (
    `unknown mailer${many ? 's' : ''} ${idsInWords(ids)}: the service at ${account.endpoint} reports no such mailer to ` +
    `${account.user}${answer}: ${why(account, many)}`
  );
}
