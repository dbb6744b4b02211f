/**
 * XML that attacks a parser, each as a SOAP 1.1 GetLetterStatus request: entity expansion, external
 * and parameter entities, deep nesting, many attributes, invalid UTF-8. The wire test checks that
 * each gets a fault and reads no file; test/bench/xml-attacks.ts measures the memory they cost.
 */
export function attackEnvelope(inner: string, prolog = ''): string {
  return `${prolog}<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetLetterStatus xmlns="Mailing"><Username>demo</Username><Password>demo</Password><ID>${inner}</ID></GetLetterStatus></soap:Body></soap:Envelope>`;
}

export function xmlAttacks(): [string, string | Buffer][] {
  const envelope = attackEnvelope;
  const laughs = `<!DOCTYPE x [<!ENTITY l0 "ha">${Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('')}]>`;
  return [
    ['billion laughs', envelope('&l9;', laughs)],
    ['quadratic blow-up', envelope('&a;'.repeat(20_000), `<!DOCTYPE x [<!ENTITY a "${'a'.repeat(40_000)}">]>`)],
    ['external entity', envelope('&x;', '<!DOCTYPE x [<!ENTITY x SYSTEM "file:///etc/passwd">]>')],
    ['parameter entities', envelope('1', '<!DOCTYPE x [<!ENTITY % p SYSTEM "http://127.0.0.1:1/p.dtd"> %p;]>')],
    ['10,000-deep nesting', envelope(`${'<a>'.repeat(10_000)}1${'</a>'.repeat(10_000)}`)],
    [
      '100,000 attributes',
      envelope('1').replace('<GetLetterStatus ', `<GetLetterStatus ${Array.from({ length: 100_000 }, (_, i) => `a${i}="1"`).join(' ')} `),
    ],
    [
      'invalid UTF-8',
      Buffer.concat([
        Buffer.from(envelope('1').slice(0, 200)),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
        Buffer.from(envelope('1').slice(200)),
      ]),
    ],
  ];
}

/** A well-formed, harmless request of the same size as an attack: the floor of what its size costs. */
export function harmlessOfSize(bytes: number): string {
  const plain = attackEnvelope('1');
  return plain.replace('<soap:Body>', `<soap:Body>${' '.repeat(Math.max(0, bytes - Buffer.byteLength(plain)))}`);
}
