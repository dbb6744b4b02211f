/**
 * Where the services live: a base URL (scheme, host, port and any leading path) plus each
 * service's path. With nothing configured Mailroom talks to its local sandbox.
 */
import type { Service } from './model';
import { REAL_SERVICE_MIN_INTERVAL_MS } from './rules';

export const DEFAULT_SANDBOX_PORT = 8317;
export const DEFAULT_ENDPOINT = `http://127.0.0.1:${DEFAULT_SANDBOX_PORT}`;

/** The URL of a service under a base URL, whether or not the base ends in a slash. */
export function serviceUrl(baseUrl: string, service: Service): string {
  return baseUrl.replace(/\/+$/, '') + service.path;
}

/**
 * Whether a base URL is on this machine: a sandbox, which needs no pacing of its Get methods
 * (the real service allows one call of each every 6 seconds).
 */
export function isLoopback(endpoint: string): boolean {
  const host = new URL(endpoint).hostname;
  // 127.0.0.0/8 as an address: a name that merely starts with "127." (127.0.0.1.example.com) is elsewhere.
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * How long to wait between two calls of one Get method at this service: the real service's
 * interval, or none on this machine (a sandbox; `sandbox` says so of an endpoint known to be one).
 */
export function getIntervalMs(endpoint: string, sandbox = false): number {
  return sandbox || isLoopback(endpoint) ? 0 : REAL_SERVICE_MIN_INTERVAL_MS;
}

/** A file name for a service's WSDL that tells the four apart: `2009-02-26-MailWS.wsdl`. */
export function wsdlFileName(service: Service): string {
  return `${service.path
    .slice(1)
    .replace(/\//g, '-')
    .replace(/\.asmx$/i, '')}.wsdl`;
}
