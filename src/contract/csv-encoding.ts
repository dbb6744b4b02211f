/**
 * Merge data's encodings (facts, Part B): the service takes UTF-8; the client reads a CSV as UTF-8
 * (with or without a byte order mark), UTF-16 with one, or Windows-1252 (what a spreadsheet saves
 * as "CSV" on Windows), and sends UTF-8. One rule, here, for every reader of a CSV's bytes: the
 * command line's merge and preflight and the extension's merge send and Preview Merge Row.
 *
 * A byte order mark decides; without one, text whose every other byte is a NUL is UTF-16 (Excel's
 * "Unicode Text" saved by a tool that drops the mark), bytes that are valid UTF-8 are UTF-8 (plain
 * ASCII is both), and any others are Windows-1252, unless one of them is a byte that code page
 * leaves undefined: that file is neither, and is refused in words rather than mailed as garbage.
 * Mac Roman (what Excel for Mac saves as plain "CSV") is not read: most of its accented letters
 * are Windows-1252 punctuation or letters too, and no test of the bytes tells the two apart
 * always. A file with ç, è or ù is refused by the rule above, and one where Windows-1252 puts a
 * capital or a symbol right after a lowercase letter ("JosŽ" for Mac Roman's José) is refused too,
 * naming the word; Mac Roman's ö, û, ú, í, ô and ñ read as Windows-1252 characters that follow
 * lowercase letters (š, ž, œ, ’, ™, –) and are not told: the encoding said beside the proof shows which was
 * assumed (docs/cli.md, "A merge's CSV").
 */
import { CsvError } from './csv';

export type CsvEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'UTF-16LE with BOM' | 'UTF-16BE with BOM' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';

export interface DecodedCsv {
  /** The text, without its byte order mark. */
  readonly text: string;
  /** Which encoding was assumed. */
  readonly encoding: CsvEncoding;
}

/**
 * Windows-1252's bytes 0x80–0x9F, as WHATWG's windows-1252 decoder maps them (the rest are
 * Latin-1's); the five bytes the code page leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to
 * the C1 controls of the same number, as that decoder does, so that no byte is lost.
 */
const WINDOWS_1252_C1 =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function windows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\x80-\x9F]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!);
}

/** UTF-16BE as UTF-16LE: Node's TextDecoder reads big-endian only with full ICU; swapped, it needs none. */
function swapped(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i + 1 < bytes.length; i += 2) [out[i], out[i + 1]] = [bytes[i + 1]!, bytes[i]!];
  if (bytes.length % 2) out[bytes.length - 1] = bytes[bytes.length - 1]!;
  return out;
}

/** The text, or undefined where a byte is not of the encoding. */
function strict(label: 'utf-8' | 'utf-16le', bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Where text that its byte order mark calls `label` stops being it: the 1-based byte (of `body`)
 * where the first character that does not decode starts, found from the longest prefix that still
 * streams (a prefix that only cuts a character short still does), and the line it is on; no byte
 * when only the last character is cut short.
 */
function firstBadByte(label: 'utf-8' | 'utf-16le', body: Uint8Array): { byte?: number; line: number } {
  const decodes = (n: number) => {
    try {
      new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(body.subarray(0, n), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let [good, bad] = [0, body.length];
  if (decodes(bad)) good = bad;
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (decodes(mid)) good = mid;
    else bad = mid;
  }
  // The character that fails starts where the last whole one before it ends (a character is at most 4 bytes).
  let start = good;
  while (start > 0 && good - start < 4 && strict(label, body.subarray(0, start)) === undefined) start--;
  const before = strict(label, body.subarray(0, start)) ?? '';
  const line = (before.match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
  return good === body.length ? { line } : { byte: start + 1, line };
}

function marked(encoding: CsvEncoding, label: 'utf-8' | 'utf-16le', body: Uint8Array, bomLength: number): DecodedCsv {
  const text = strict(label, body);
  if (text !== undefined) return { text, encoding };
  const { byte, line } = firstBadByte(label, body);
  const name = encoding.replace(/ with BOM$/, '');
  throw new CsvError(
    `its byte order mark says ${name}, but ${byte === undefined ? 'its last character is cut short' : `byte ${bomLength + byte} is not ${name}`}`,
    line,
  );
}

/**
 * UTF-16 without a byte order mark, told by its NULs: a CSV's text is mostly ASCII, each of whose
 * characters is a NUL and its byte, the NUL second in little-endian and first in big-endian. Taken
 * only when at least a third of the pairs have their NUL on one side and almost none on the other,
 * and the whole decodes: a stray NUL in UTF-8 text is not it (and is refused by the parser).
 */
function unmarkedUtf16(bytes: Uint8Array): DecodedCsv | undefined {
  if (bytes.length < 2 || bytes.length % 2 || !bytes.includes(0)) return undefined;
  let [even, odd] = [0, 0];
  for (let i = 0; i < bytes.length; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = bytes.length / 2;
  const side = odd * 3 >= pairs && even * 20 <= odd ? 'LE' : even * 3 >= pairs && odd * 20 <= even ? 'BE' : undefined;
  if (!side) return undefined;
  const text = strict('utf-16le', side === 'LE' ? bytes : swapped(bytes));
  return text === undefined ? undefined : { text, encoding: side === 'LE' ? 'UTF-16LE' : 'UTF-16BE' };
}

/** The five bytes Windows-1252 leaves undefined: text holding one is not Windows-1252 either (Mac Roman's ç, è and ù are three). */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** Bytes that are not UTF-8, as Windows-1252; throws CsvError at a byte that code page does not define. */
function asWindows1252(bytes: Uint8Array): DecodedCsv {
  const at = bytes.findIndex((byte) => UNDEFINED_IN_1252.has(byte));
  if (at >= 0) {
    const line = (windows1252(bytes.subarray(0, at)).match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
    const hex = bytes[at]!.toString(16).toUpperCase();
    throw new CsvError(
      `it is neither UTF-8 nor Windows-1252 (byte ${at + 1}, 0x${hex}, is not a character in either): save it as "CSV UTF-8" and try again`,
      line,
    );
  }
  const text = windows1252(bytes);
  const macRoman = MAC_ROMAN_LETTER.exec(text);
  if (macRoman) {
    const word = /\S*$/.exec(text.slice(0, macRoman.index + 1))![0] + /^\S*/.exec(text.slice(macRoman.index + 1))![0];
    throw new CsvError(
      `it reads as Windows-1252 with "${word}", where a letter is expected: it looks like Mac Roman, which Excel for Mac saves as "CSV". Save it as "CSV UTF-8" and try again`,
      (text.slice(0, macRoman.index).match(/\r\n|\r|\n/g)?.length ?? 0) + 1,
    );
  }
  return { text, encoding: 'Windows-1252' };
}

/**
 * Windows-1252's reading of Mac Roman's commonest accented letters, right after a lowercase
 * letter: é as Ž ("JosŽ"), ü as Ÿ ("MŸller"), ä as Š, á as ‡, à as ˆ, â as ‰, ã as ‹, å as Œ, ï
 * as •, ò as ˜, õ as ›. None of these follows a lowercase letter in Windows-1252 text (its š,
 * ž, œ, ’, ™ and dashes do, and are left alone: Mac Roman's ö, û, ú, í, ô and ñ are not told).
 * ‹ and › are also Windows-1252's single guillemets, which close a word in German (›Zur Post‹):
 * they are Mac Roman's ã and õ only inside a word ("Jo‹o"), a letter on each side.
 */
const MAC_ROMAN_LETTER =
  /[a-z\u00DF-\u00F6\u00F8-\u00FF](?:[\u2021\u02C6\u2030\u0160\u0152\u017D\u2022\u02DC\u0178]|[\u2039\u203A](?=[a-z\u00DF-\u00F6\u00F8-\u00FF]))/;

/** A CSV's bytes as text, and which encoding was assumed; a byte order mark whose text does not follow, or bytes of no encoding read, throw CsvError. */
export function decodeCsv(bytes: Uint8Array): DecodedCsv {
  const [a, b, c] = [bytes[0], bytes[1], bytes[2]];
  if (a === 0xef && b === 0xbb && c === 0xbf) return marked('UTF-8 with BOM', 'utf-8', bytes.subarray(3), 3);
  if (a === 0xff && b === 0xfe) return marked('UTF-16LE with BOM', 'utf-16le', bytes.subarray(2), 2);
  if (a === 0xfe && b === 0xff) return marked('UTF-16BE with BOM', 'utf-16le', swapped(bytes.subarray(2)), 2);
  const utf16 = unmarkedUtf16(bytes);
  if (utf16) return utf16;
  const utf8 = strict('utf-8', bytes);
  return utf8 === undefined ? asWindows1252(bytes) : { text: utf8, encoding: 'UTF-8' };
}

/**
 * The most merge data the sandbox takes, as UTF-8 before compression (64 MiB, some 600,000 rows of
 * an address and a few fields): its guard against a small gzip that expands without end. The facts
 * give the service's no number; the preflight refuses what the sandbox would, in the same words.
 */
export const MAX_MERGE_DATA_BYTES = 64 * 1024 * 1024;

/** Why merge data of `bytes` (UTF-8, uncompressed; undefined: past the limit, by how much unknown) is refused; undefined when within MAX_MERGE_DATA_BYTES. */
export function mergeDataTooLarge(bytes?: number): string | undefined {
  if (bytes !== undefined && bytes <= MAX_MERGE_DATA_BYTES) return undefined;
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  const size = bytes === undefined ? 'over' : `${mb(bytes)} as UTF-8, over`;
  return `the CSV is ${size} the ${mb(MAX_MERGE_DATA_BYTES)} a merge takes: split it into merges of fewer rows`;
}

/** The text as the service takes merge data: UTF-8, without a byte order mark. */
export function encodeCsv(text: string): Uint8Array {
  return new TextEncoder().encode(text.replace(/^\uFEFF/, ''));
}

/**
 * Text written back in the encoding a CSV was read as (decodeCsv's `encoding`), byte order mark
 * included where it had one: a file Mailroom writes beside a user's (the rows of a merge that
 * pass) keeps the source's letters as the source's own programs read them. A character
 * Windows-1252 has no byte for is refused, not replaced: nothing is written that loses a letter.
 */
export function encodeCsvAs(text: string, encoding: CsvEncoding): Uint8Array {
  const body = text.replace(/^\uFEFF/, '');
  switch (encoding) {
    case 'UTF-8':
      return new TextEncoder().encode(body);
    case 'UTF-8 with BOM':
      return new TextEncoder().encode(`\uFEFF${body}`);
    case 'UTF-16LE':
    case 'UTF-16LE with BOM':
      return Buffer.from(encoding === 'UTF-16LE' ? body : `\uFEFF${body}`, 'utf16le');
    case 'UTF-16BE':
    case 'UTF-16BE with BOM':
      return swapped(Buffer.from(encoding === 'UTF-16BE' ? body : `\uFEFF${body}`, 'utf16le'));
    case 'Windows-1252': {
      const bytes = new Uint8Array(body.length);
      for (let i = 0; i < body.length; i++) {
        const code = body.charCodeAt(i);
        const c1 = WINDOWS_1252_C1.indexOf(body[i]!);
        const byte = c1 >= 0 ? 0x80 + c1 : code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : -1;
        if (byte < 0) {
          const line = (body.slice(0, i).match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
          throw new CsvError(`U+${code.toString(16).toUpperCase().padStart(4, '0')} has no byte in Windows-1252`, line);
        }
        bytes[i] = byte;
      }
      return bytes;
    }
  }
}
