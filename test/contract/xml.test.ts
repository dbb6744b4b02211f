import { strict as assert } from 'node:assert';
import {
  decodeFields,
  encodeFields,
  formatDateTime,
  operationList,
  parseBase64,
  parseDateTime,
  parseInt32,
  readXml,
  ValueError,
  writeXml,
  el,
  XmlSyntaxError,
  ZERO_DATE,
} from '../../src/contract';

describe('contract: the XML reader', () => {
  it('reads namespaces by URI, whatever the prefix', () => {
    const root = readXml('<a:Envelope xmlns:a="urn:x"><b:Op xmlns:b="Mailing"><b:ID>5</b:ID><ID>6</ID></b:Op></a:Envelope>');
    assert.equal(root.ns, 'urn:x');
    const op = root.children[0]!;
    assert.deepEqual([op.ns, op.local], ['Mailing', 'Op']);
    assert.deepEqual(
      op.children.map((c) => [c.ns, c.local, c.text]),
      [
        ['Mailing', 'ID', '5'],
        ['', 'ID', '6'],
      ],
    );
  });

  it('keeps text with escapes and CDATA', () => {
    assert.equal(readXml('<x>é中&amp;&lt;&gt;<![CDATA[<raw>]]>&#x41;</x>').text, 'é中&<><raw>A');
  });

  it('refuses DTDs, entity declarations and undeclared entities', () => {
    const attacks = [
      '<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><x>&b;</x>',
      '<!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>',
      '<!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1/p.dtd"> %p;]><x/>',
      '<x>&xxe;</x>',
    ];
    for (const attack of attacks) assert.throws(() => readXml(attack), XmlSyntaxError, attack);
  });

  it('refuses deep nesting and huge attribute counts, and what is not well formed', () => {
    assert.throws(() => readXml('<a>'.repeat(10_000) + '</a>'.repeat(10_000)), /nested deeper/);
    const attrs = Array.from({ length: 1000 }, (_, i) => `a${i}="1"`).join(' ');
    assert.throws(() => readXml(`<x ${attrs}/>`), /more than 64 attributes/);
    for (const bad of ['', '<x>', '<x></y>', '<x/><y/>', 'text', '<x a="1" a="2"/>'])
      assert.throws(() => readXml(bad), XmlSyntaxError, bad);
  });

  it('reads declarations, comments, processing instructions and attributes as XML 1.0 says', () => {
    const root = readXml(
      '\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<!-- c --><?pi x?><r xmlns="urn:d" xmlns:p="urn:p" p:a=" 1\t2 " b=\'&quot;&#65;\'><!-- in --><p:c/><?pi?>t</r>\n<!-- after -->',
    );
    assert.deepEqual([root.ns, root.local, root.text], ['urn:d', 'r', 't']);
    assert.deepEqual(
      root.attributes
        .filter((a) => !a.local.startsWith('xmlns') && a.ns !== 'http://www.w3.org/2000/xmlns/')
        .map((a) => [a.ns, a.local, a.value]),
      [
        ['urn:p', 'a', ' 1 2 '],
        ['', 'b', '"A'],
      ],
    );
    assert.deepEqual(
      root.children.map((c) => [c.ns, c.local]),
      [['urn:p', 'c']],
    );
    const scoped = readXml('<a xmlns:p="urn:1"><p:b xmlns:p="urn:2"/><p:c/></a>');
    assert.deepEqual(
      scoped.children.map((c) => c.ns),
      ['urn:2', 'urn:1'],
      'a declaration holds only inside its element',
    );
  });

  it('refuses unbound prefixes, stray text, forbidden characters and broken markup, saying where', () => {
    const bad: [string, RegExp, number, number][] = [
      ['<p:x/>', /prefix p is not bound/, 1, 1],
      ['<x>\n  <y a=1/></x>', /must be quoted/, 2, 8],
      ['<x>\u0001</x>', /character XML does not allow/, 1, 4],
      ['<x>&#0;</x>', /names a character XML does not allow/, 1, 4],
      ['<x>a & b</x>', /begins no reference/, 1, 6],
      ['<x/>junk', /text after the root/, 1, 5],
      ['<x a="1"b="2"/>', /separated by white space/, 1, 9],
      ['<x xmlns:p="urn:1" xmlns:q="urn:1" p:a="1" q:a="2"/>', /appears twice/, 1, 1],
      ['<?xml version="1.0"?><?xml version="1.0"?><x/>', /must come first/, 1, 22],
      ['<x><!-- open</x>', /comment does not end/, 1, 4],
      ['<x>]]></x>', /not allowed in text/, 1, 4],
    ];
    for (const [xml, message, line, column] of bad) {
      assert.throws(
        () => readXml(xml),
        (e: XmlSyntaxError) => e instanceof XmlSyntaxError && message.test(e.message) && e.line === line && e.column === column,
        xml,
      );
    }
  });

  it('gives the position of an element', () => {
    const root = readXml('<a>\n  <b/></a>');
    assert.deepEqual([root.children[0]!.line, root.children[0]!.column], [2, 7]);
  });
});

describe('contract: XSD values', () => {
  it('reads dateTimes with up to 7 fractional digits, with or without an offset', () => {
    assert.equal(parseDateTime('2014-11-03T10:15:42').toISOString(), '2014-11-03T10:15:42.000Z');
    assert.equal(parseDateTime('2014-11-03T10:15:42.1234567').toISOString(), '2014-11-03T10:15:42.123Z');
    assert.equal(parseDateTime('2014-11-03T10:15:42.5-05:00').toISOString(), '2014-11-03T15:15:42.500Z');
    assert.equal(parseDateTime('2014-11-03T10:15:42Z').toISOString(), '2014-11-03T10:15:42.000Z');
    assert.equal(parseDateTime('0001-01-01T00:00:00').getTime(), ZERO_DATE.getTime());
    // The quick path for ASP.NET's offset-less form reads what the full pattern reads with a Z.
    for (const t of ['2014-11-03T10:15:42.1', '2014-11-03T10:15:42.1234567', '2024-02-29T23:59:59.999', '9999-12-31T23:59:59.9999999']) {
      assert.equal(parseDateTime(t).toISOString(), parseDateTime(`${t}Z`).toISOString(), t);
    }
    for (const bad of [
      '2014-11-03',
      '2014-02-30T00:00:00',
      '2014-11-03T25:00:00',
      'yesterday',
      '2014-11-03T10:15:42.',
      '2023-02-29T00:00:00',
      '2014-11-03T10:15:42.12345678',
    ]) {
      assert.throws(() => parseDateTime(bad), ValueError, bad);
    }
  });

  it('writes dateTimes as ASP.NET writes an unspecified time: no offset, no shift', () => {
    assert.equal(formatDateTime(ZERO_DATE), '0001-01-01T00:00:00');
    assert.equal(formatDateTime(parseDateTime('2014-11-03T10:15:42.120')), '2014-11-03T10:15:42.12');
    assert.equal(formatDateTime(parseDateTime('2014-11-03T10:15:42')), '2014-11-03T10:15:42');
  });

  it('checks ints and base64 as .NET does', () => {
    assert.equal(parseInt32(' -42 '), -42);
    assert.throws(() => parseInt32('abc'), /not in a correct format/);
    assert.throws(() => parseInt32('2147483648'), /too large or too small/);
    assert.equal(parseBase64('aGVs\r\nbG8=').toString(), 'hello');
    assert.throws(() => parseBase64('***'), /Base-64/);
  });

  it('decodes and encodes the fields of every operation symmetrically', () => {
    const op = operationList.find((o) => o.name === 'SendLetterAdvanced')!;
    const value = {
      APIKey: 'k',
      Files: [{ FileExtension: 'pdf', FileBinaryData: Buffer.from('%PDF') }, { FileExtension: 'html' }],
      Addresses: { RecipientAddress: { Company: 'Acme & Co', City: 'Springfield' }, ReplyAddress: { StampingLocation: 'Bottom' } },
      Settings: { Perforation: 'BottomThird', WorkMode: 'Development' },
    };
    const text = writeXml(el(op.name, { xmlns: 'Mailing' }, encodeFields(op.params, value)), { indent: false });
    const decoded = decodeFields(readXml(text), op.params);
    assert.deepEqual(decoded, value);
  });

  it('ignores unqualified children and reports a value of the wrong type with its element', () => {
    const op = operationList.find((o) => o.name === 'GetLetterStatus')!;
    assert.deepEqual(decodeFields(readXml('<GetLetterStatus xmlns="Mailing"><ID xmlns="">5</ID></GetLetterStatus>'), op.params), {});
    assert.throws(
      () => decodeFields(readXml('<GetLetterStatus xmlns="Mailing">\n<ID>abc</ID></GetLetterStatus>'), op.params),
      (error: unknown) => error instanceof ValueError && error.element?.line === 2,
    );
  });
});
