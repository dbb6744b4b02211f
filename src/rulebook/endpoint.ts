/**
 * Which service an endpoint is, and whose account a send was: the rule that the send log, the
 * spending guard and the send history share. An endpoint is its scheme, host and path (the host
 * in lower case, no default port, no trailing slash, never a user or password a URL may carry).
 * Every loopback endpoint is one service, the local sandbox: it listens where it can, on another
 * port from one start to the next, and its mailers are the same whichever port one came in by.
 */
import { isLoopback } from '../contract';

export { isLoopback };

/** Why a base URL cannot be used, for the front ends to put in their words. */
export type EndpointProblem = 'not an http URL' | 'user or password in it' | 'query in it';

/** A base URL as typed (`--endpoint`, Connect, `mailroom.endpoint`): the endpoint, or what is wrong with it. */
export function readEndpoint(text: string): { readonly endpoint: string } | { readonly problem: EndpointProblem } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: 'not an http URL' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host || /\s/.test(text.trim())) return { problem: 'not an http URL' };
  if (url.username || url.password) return { problem: 'user or password in it' };
  if (url.search) return { problem: 'query in it' };
  return { endpoint: normalEndpoint(text) };
}

/** An endpoint as one service's: the host in lower case, no default port, no trailing slash, no user, password or query. */
export function normalEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint.trim());
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return endpoint.trim().replace(/\/+$/, '');
  }
}

/** Whether an endpoint is on this machine; false for one that does not read as a URL. */
export function onThisMachine(endpoint: string): boolean {
  try {
    return isLoopback(endpoint);
  } catch {
    return false;
  }
}

/** Where a local sandbox can be: an http URL on a loopback host, with no path (`mailroom.sandboxUrl`, another window's sandbox). */
export function isSandboxAddress(url: string): boolean {
  return /^http:\/\/[^/?#]+$/.test(url) && onThisMachine(url);
}

/** Whether two endpoints are the same service: equal once normal, or both the local sandbox. */
export function sameService(a: string, b: string): boolean {
  return (onThisMachine(a) && onThisMachine(b)) || normalEndpoint(a) === normalEndpoint(b);
}

/** A user of a service: what the send log names for each send, and what a spending limit covers. */
export interface AccountRef {
  readonly endpoint: string;
  readonly user: string;
}

/** Whether a send (or anything the log names) was made as this user of this service. */
export function sameAccount(a: AccountRef, b: AccountRef): boolean {
  return a.user === b.user && sameService(a.endpoint, b.endpoint);
}
