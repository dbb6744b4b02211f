/**
 * Merge data's encodings (facts, Part B): a CSV's bytes as every reader of them decodes them, and
 * which encoding was assumed. The bytes are written here as each encoding writes them.
 */
import { strict as assert } from 'node:assert';
import { CsvError, decodeCsv, encodeCsv } from '../../src/contract';

const TEXT = 'AttentionLine1,City\r\nJosé Müller,Zürich\r\n';
const utf16le = (text: string) => Buffer.from(text, 'utf16le');
const utf16be = (text: string) => Buffer.from(utf16le(text).map((_, i, b) => b[i ^ 1]!));

/**
 * WHATWG's index-windows-1252 for 0x80–0x9F (the rest is Latin-1's), the five bytes the code page
 * leaves undefined as the C1 controls of their number. Written out here rather than asked of
 * TextDecoder: Node 20's TextDecoder('windows-1252') decodes these bytes as Latin-1.
 */
const WINDOWS_1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

describe('merge data encodings: a CSV file as the client reads it', () => {
  it('reads UTF-8 with and without a byte order mark, UTF-16LE and UTF-16BE with one, and says which', () => {
    const cases: [Buffer, string][] = [
      [Buffer.from(TEXT, 'utf8'), 'UTF-8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')]), 'UTF-8 with BOM'],
      [Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le(TEXT)]), 'UTF-16LE with BOM'],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(TEXT)]), 'UTF-16BE with BOM'],
    ];
    for (const [bytes, encoding] of cases) assert.deepEqual(decodeCsv(bytes), { text: TEXT, encoding }, encoding);
  });

  it('reads bytes that are not UTF-8 as Windows-1252, each of the 251 the code page defines (smart quotes, dashes, €)', () => {
    const spreadsheet = Buffer.from(
      [...'AttentionLine1\r\nJos'].map((c) => c.charCodeAt(0)).concat([0xe9, 0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x80]),
    );
    assert.deepEqual(decodeCsv(spreadsheet), { text: 'AttentionLine1\r\nJosé Müller€', encoding: 'Windows-1252' });
    const typographic = Buffer.from([0x4f, 0x92, 0x4e, 0x20, 0x93, 0x42, 0x94, 0x20, 0x96, 0x20, 0x97]);
    assert.deepEqual(decodeCsv(typographic), { text: 'O’N “B” – —', encoding: 'Windows-1252' });
    const defined = Array.from({ length: 256 }, (_, i) => i).filter((i) => ![0x81, 0x8d, 0x8f, 0x90, 0x9d].includes(i));
    const all = decodeCsv(Uint8Array.from(defined));
    assert.equal(all.encoding, 'Windows-1252');
    assert.deepEqual(
      [...all.text].map((c) => c.codePointAt(0)),
      defined.map((i) => (i >= 0x80 && i < 0xa0 ? WINDOWS_1252_80_9F[i - 0x80] : i)),
    );
  });

  it('refuses bytes that are neither UTF-8 nor Windows-1252 (one of the five it leaves undefined), naming the byte and its line', () => {
    for (const byte of [0x81, 0x8d, 0x8f, 0x90, 0x9d]) {
      // Mac Roman's "Fran<0x8D>ois" (ç): not read as a C1 control and mailed as "Franois".
      const bytes = Buffer.concat([Buffer.from('AttentionLine1\r\nJos\xe9\nFran', 'latin1'), Buffer.from([byte]), Buffer.from('ois')]);
      assert.throws(
        () => decodeCsv(bytes),
        (e: unknown) =>
          e instanceof CsvError &&
          e.line === 3 &&
          e.message ===
            `it is neither UTF-8 nor Windows-1252 (byte 26, 0x${byte.toString(16).toUpperCase()}, is not a character in either): save it as "CSV UTF-8" and try again`,
        byte.toString(16),
      );
    }
  });

  it('refuses Mac Roman where Windows-1252 would put a capital or a symbol right after a lowercase letter, naming the word and its line', () => {
    // Excel for Mac's "CSV": José Müller in Mac Roman (é 0x8E, ü 0x9F).
    const macRoman = Buffer.concat([
      Buffer.from('AttentionLine1,City\r\nJos'),
      Buffer.from([0x8e]),
      Buffer.from(' M'),
      Buffer.from([0x9f]),
      Buffer.from('ller,Zurich\r\n'),
    ]);
    assert.throws(
      () => decodeCsv(macRoman),
      (e: unknown) =>
        e instanceof CsvError &&
        e.line === 2 &&
        e.message ===
          'it reads as Windows-1252 with "JosŽ", where a letter is expected: it looks like Mac Roman, which Excel for Mac saves as "CSV". Save it as "CSV UTF-8" and try again',
    );
    // Windows-1252's own: capitals at a word's start, š ž œ after letters, quotes and dashes.
    const names = 'Žižka,Škoda Œuvre,Dušan Hašek,O’Neil – “Bud”,Ÿvonne,Acme™ Inc';
    const bytes = Buffer.from(
      [...names].map(
        (c) =>
          (
            ({ Ž: 0x8e, ž: 0x9e, Š: 0x8a, š: 0x9a, Œ: 0x8c, '’': 0x92, '–': 0x96, '“': 0x93, '”': 0x94, Ÿ: 0x9f, '™': 0x99 }) as Record<
              string,
              number
            >
          )[c] ?? c.charCodeAt(0),
      ),
    );
    assert.deepEqual(decodeCsv(bytes), { text: names, encoding: 'Windows-1252' });
    // German single guillemets close a word (›Zur Post‹); Mac Roman's ã (‹) stands inside one ("Jo‹o").
    const guillemets = Buffer.concat([
      Buffer.from('Gasthaus '),
      Buffer.from([0x9b]),
      Buffer.from('Zur Post'),
      Buffer.from([0x8b]),
      Buffer.from(',M'),
    ]);
    assert.deepEqual(decodeCsv(guillemets), { text: 'Gasthaus ›Zur Post‹,M', encoding: 'Windows-1252' });
    const joao = Buffer.concat([Buffer.from('AttentionLine1\r\nJo'), Buffer.from([0x8b]), Buffer.from('o Silva\r\n')]);
    assert.throws(
      () => decodeCsv(joao),
      (e: unknown) => e instanceof CsvError && e.line === 2 && e.message.includes('"Jo‹o"'),
    );
  });

  it('reads UTF-16 without a byte order mark by its NULs, either way round, and a stray NUL in UTF-8 as UTF-8', () => {
    assert.deepEqual(decodeCsv(utf16le(TEXT)), { text: TEXT, encoding: 'UTF-16LE' });
    assert.deepEqual(decodeCsv(utf16be(TEXT)), { text: TEXT, encoding: 'UTF-16BE' });
    // Mostly not ASCII (Greek): fewer NULs, still on one side only.
    const greek = 'AttentionLine1\r\nΑλέξανδρος Παπαδόπουλος\r\n';
    assert.deepEqual(decodeCsv(utf16le(greek)), { text: greek, encoding: 'UTF-16LE' });
    const stray = Buffer.from('a,b\r\nJane\0Doe,x\r\n');
    assert.deepEqual(decodeCsv(stray), { text: 'a,b\r\nJane\0Doe,x\r\n', encoding: 'UTF-8' });
  });

  it('takes plain ASCII, and an empty file, as UTF-8', () => {
    assert.deepEqual(decodeCsv(Buffer.from('a,b\n1,2\n')), { text: 'a,b\n1,2\n', encoding: 'UTF-8' });
    assert.deepEqual(decodeCsv(new Uint8Array()), { text: '', encoding: 'UTF-8' });
  });

  it('lets a byte order mark decide, and says the byte and the line where the text stops following it', () => {
    const bad = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('a,b\r\nJos'), Buffer.from([0xe9]), Buffer.from(',x\r\n')]);
    assert.throws(
      () => decodeCsv(bad),
      (e: unknown) => e instanceof CsvError && e.line === 2 && e.message === 'its byte order mark says UTF-8, but byte 12 is not UTF-8',
    );
    const cut = Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le('a\nb'), Buffer.from([0x41])]);
    assert.throws(
      () => decodeCsv(cut),
      (e: unknown) => e instanceof CsvError && e.line === 2 && /says UTF-16LE, but its last character is cut short/.test(e.message),
    );
    const lone = Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be('a\n'), Buffer.from([0xdc, 0x00]), utf16be('b')]);
    assert.throws(
      () => decodeCsv(lone),
      (e: unknown) => e instanceof CsvError && e.line === 2 && /says UTF-16BE, but byte 7 is not UTF-16BE/.test(e.message),
    );
  });

  it('sends UTF-8 without a byte order mark', () => {
    assert.deepEqual(Buffer.from(encodeCsv('\uFEFFJosé')), Buffer.from('José', 'utf8'));
  });
});
