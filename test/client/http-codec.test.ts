/** The HTTP GET and POST codec: the query length the client routes by is the length it would send. */
import { strict as assert } from 'node:assert';
import { encodeHttpFields, httpQueryLength } from '../../src/client/http-codec';
import { findOperation, serviceByKey } from '../../src/contract';

describe('HTTP GET/POST codec', () => {
  it('measures a query string as long as the one it writes, bytes of one, two and three digits included', () => {
    const op = findOperation(serviceByKey('simple'), 'SendLetterV2')!;
    const requests = [
      { Username: 'demo', Password: 'p&ss wörd', MyDescription: 'a/b?c', FileExtension: 'pdf', WorkMode: 'Development' },
      {
        Username: 'demo',
        Password: 'x',
        MyDescription: '',
        FileExtension: 'html',
        FileBinaryData: Buffer.from([7]),
        WorkMode: 'Production',
      },
      {
        Username: 'demo',
        Password: 'x',
        MyDescription: 'all bytes',
        FileExtension: 'pdf',
        FileBinaryData: Buffer.from(Array.from({ length: 256 }, (_, b) => b)),
        WorkMode: 'Development',
      },
    ];
    for (const request of requests) assert.equal(httpQueryLength(op, request), encodeHttpFields(op, request).length);
    // And what it writes is every byte as its own field, read independently of the codec.
    const fields = new URLSearchParams(encodeHttpFields(op, requests[2]!));
    assert.deepEqual(
      fields.getAll('FileBinaryData'),
      Array.from({ length: 256 }, (_, b) => String(b)),
    );
    assert.equal(fields.get('WorkMode'), 'Development');
  });
});
