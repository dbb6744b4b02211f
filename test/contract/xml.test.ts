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
    assert.deepEqual(op.children.map((c) => [c.ns, c.local, c.text]), [['Mailing', 'ID', '5'], ['', 'ID', '6']]);
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
    for (const bad of ['', '<x>', '<x></y>', '<x/><y/>', 'text', '<x a="1" a="2"/>']) assert.throws(() => readXml(bad), XmlSyntaxError, bad);
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
    for (const bad of ['2014-11-03', '2014-02-30T00:00:00', '2014-11-03T25:00:00', 'yesterday']) {
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
