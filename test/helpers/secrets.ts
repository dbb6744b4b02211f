/**
 * The tests' secrets (test/secrets.json) and the forms they take on the wire: as written, percent-
 * encoded in a URL, form-encoded in an HTTP GET query or POST body. A leak of the request's URL or
 * body shows the encoded form, so a check for the plain text alone would miss it.
 */
import secrets from '../secrets.json';

export const SECRETS: readonly string[] = secrets.secrets;

export function wireForms(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)])];
}

/** The first test secret found in the text, in any of its wire forms, named by index only. */
export function secretIn(text: string): string | undefined {
  const index = SECRETS.findIndex((secret) => wireForms(secret).some((form) => text.includes(form)));
  return index < 0 ? undefined : `test secret #${index}`;
}
