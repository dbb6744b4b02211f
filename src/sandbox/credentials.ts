/**
 * How the sandbox keeps its users' passwords and API keys: never as written. A password is kept as
 * a salted SHA-256 (`sha256:<salt>:<digest>`) and compared in constant time; an API key, which is
 * looked up by its value, as its unsalted SHA-256. A sandbox needs no slow hash: this keeps
 * secrets out of its journal and its memory dumps, not from a brute force.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `sha256:${salt}:${digest(salt + password)}`;
}

export function isPassword(stored: string, password: string): boolean {
  const [scheme, salt, expected] = stored.split(':');
  if (scheme !== 'sha256' || !salt || !expected) return false;
  const actual = Buffer.from(digest(salt + password), 'hex');
  const wanted = Buffer.from(expected, 'hex');
  return actual.length === wanted.length && timingSafeEqual(actual, wanted);
}

/** What an API key is kept and looked up as. */
export function apiKeyDigest(apiKey: string): string {
  return `sha256:${digest(apiKey)}`;
}
