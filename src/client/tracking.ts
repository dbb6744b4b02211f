/**
 * The status of any number of mailers in as few calls as the service allows: the IDs as the
 * fewest ID strings of at most 1000 items (compressed into ranges where they run on), one
 * `GetStatus` each, paced by the client's minimum interval per method.
 */
import {
  NO_PERMISSIONS_STATUS,
  ZERO_DATE,
  describeStatus,
  expandIdQuery,
  parseIdQuery,
  planIdQueries,
  type Structure,
  RESULT,
} from '../contract';
import type { CallOptions, MailWsClient } from './client';
import { MailWsError } from './errors';

export type MailerStatus = Structure<'LetterStatusAndDesc'>;
export type MailerDetails = Structure<'Details'>;

export async function fetchStatuses(
  client: MailWsClient,
  ids: Iterable<number>,
  options?: CallOptions,
): Promise<Map<number, MailerStatus>> {
  const statuses = new Map<number, MailerStatus>();
  for (const query of planIdQueries(ids)) {
    try {
      const result = await client.datedA.GetStatus({ ID: query }, options);
      for (const status of result.Statuses) statuses.set(status.ID, status);
    } catch (error) {
      // -3115: none of these can be seen; each is reported as such rather than failing the rest.
      if (!(error instanceof MailWsError && error.code === RESULT.NoData)) throw error;
      for (const id of expandIdQuery(parseIdQuery(query)!)) {
        statuses.set(id, {
          ID: id,
          Status: NO_PERMISSIONS_STATUS,
          Description: describeStatus(NO_PERMISSIONS_STATUS),
          LastUpdateTime: ZERO_DATE,
        });
      }
    }
  }
  return statuses;
}

/** The details (price, sheets, status, work mode…) of any number of mailers, in as few `GetDetails` calls as allowed; those the caller may not see are left out. */
export async function fetchDetails(
  client: MailWsClient,
  ids: Iterable<number>,
  options?: CallOptions,
): Promise<Map<number, MailerDetails>> {
  const details = new Map<number, MailerDetails>();
  for (const query of planIdQueries(ids)) {
    try {
      const result = await client.datedA.GetDetails({ ID: query }, options);
      for (const item of result.Details) if (item.Status !== NO_PERMISSIONS_STATUS) details.set(item.ID, item);
    } catch (error) {
      if (!(error instanceof MailWsError && error.code === RESULT.NoData)) throw error;
    }
  }
  return details;
}

/**
 * What cancelling a mailer covers: CancelDelivery takes a mailer's ID only (no ItemID), so
 * cancelling a batch cancels every letter in it. The letters of a batch are counted from
 * GetBatchStatus of all its items (an empty ItemID); undefined for a mailer that is no batch, or
 * one this account cannot see (the cancel itself then says why).
 */
export async function batchLetters(client: MailWsClient, id: number, options?: CallOptions): Promise<number | undefined> {
  const [details] = (await client.datedA.GetDetails({ ID: String(id) }, options)).Details;
  if (!details?.IsBatch) return undefined;
  return (await client.datedA.GetBatchStatus({ ID: id, ItemID: '' }, options)).Statuses.length;
}
