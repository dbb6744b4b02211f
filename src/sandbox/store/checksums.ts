/**
 * The checksums that let the store tell damaged bytes from data: one on every journal line, one in
 * every blob's name. A journal line is its record's JSON with a last field `"c"`, the first 16 hex
 * digits of the SHA-256 of the JSON without it; lines written by Mailroom 0.1.0 have none and are
 * read as they are (the start then rewrites the journal with checksums). A blob's name carries the
 * first 32 hex digits of the SHA-256 of its bytes (`<uuid>-<digest><suffix>`); the record that
 * names it is checked, so a changed blob is found when it is read.
 */
import { createHash } from 'node:crypto';

function sha256(data: string | Uint8Array, digits: number): string {
  return createHash('sha256').update(data).digest('hex').slice(0, digits);
}

/** A record as one journal line, with its checksum, newline included. */
export function checkedLine(record: unknown): string {
  const json = JSON.stringify(record);
  return `${json.slice(0, -1)},"c":"${sha256(json, 16)}"}\n`;
}

const CHECKSUM_TAIL = /,"c":"([0-9a-f]{16})"\}$/;

export type ReadLine =
  { readonly ok: true; readonly record: unknown; readonly checked: boolean } | { readonly ok: false; readonly why: string };

/** One journal line (without its newline): its record, or why it cannot be trusted. */
export function readLine(line: string, uncheckedAllowed: boolean): ReadLine {
  const tail = CHECKSUM_TAIL.exec(line);
  if (tail) {
    const json = `${line.slice(0, tail.index)}}`;
    if (sha256(json, 16) !== tail[1]) return { ok: false, why: 'its checksum does not match its bytes' };
    try {
      return { ok: true, record: JSON.parse(json), checked: true };
    } catch {
      return { ok: false, why: 'it is not JSON' };
    }
  }
  if (!uncheckedAllowed) return { ok: false, why: 'it has no checksum' };
  try {
    const record: unknown = JSON.parse(line);
    if (typeof record !== 'object' || record === null) return { ok: false, why: 'it is not a record' };
    return { ok: true, record, checked: false };
  } catch {
    return { ok: false, why: 'it is not JSON' };
  }
}

/** The checksum a new blob's name carries. */
export function blobDigest(data: Uint8Array): string {
  return sha256(data, 32);
}

/** The checksum in a blob's name; undefined for blobs named before checksums (or made from others). */
export function digestInName(name: string): string | undefined {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-([0-9a-f]{32})(?:\.[a-z]+)?$/.exec(name)?.[1];
}
