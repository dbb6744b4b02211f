/**
 * Bytes in a file answered as they are read (src/sandbox/wire/streamed-bytes.ts): a batch's PDF
 * goes out a chunk of the file at a time, and the parts strung together are the very bytes of the
 * answer written whole with the file's bytes in it, over SOAP 1.1, 1.2 and HTTP GET/POST, for
 * files of every length against the chunk's (a multiple of 3 bytes, so that base64 pieces join).
 */
import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  serviceByKey,
  writeXml,
  el,
  encodeValue,
  encodeFields,
  httpResultElement,
  NAMESPACE,
  XSD_NS,
  XSI_NS,
  SOAP11_ENVELOPE_NS,
} from '../../src/contract';
import { httpResult } from '../../src/sandbox/wire/http-get-post';
import { soapResponse } from '../../src/sandbox/wire/soap';
import { bytesInFile, type StreamedFileBody } from '../../src/sandbox/wire/streamed-bytes';

const op = serviceByKey('datedA').operations.find((o) => o.name === 'GetPDF')!;

async function whole(body: unknown): Promise<string> {
  assert.ok(typeof body === 'object' && body !== null && 'fileParts' in body, 'streamed from the file');
  let text = '';
  let parts = 0;
  for await (const part of (body as StreamedFileBody).fileParts()) {
    text += part;
    parts++;
  }
  return `${parts}:${text}`;
}

describe('sandbox: bytes answered from a file', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'mailroom-bytes-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  const CHUNK = 3 * 256 * 1024;
  for (const size of [0, 1, 2, 3, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 2]) {
    it(`a file of ${size} bytes: the whole answer's bytes over every binding`, async () => {
      const data = randomBytes(size);
      const path = join(dir, `${size}.pdf`);
      writeFileSync(path, data);
      const result = (FileData: Buffer) => ({ ResultCode: -3000, FileData });
      const soap = await whole(soapResponse('soap11', op, result(await bytesInFile(path))).body);
      const expectedSoap = writeXml(
        el(
          'soap:Envelope',
          { 'xmlns:soap': SOAP11_ENVELOPE_NS, 'xmlns:xsi': XSI_NS, 'xmlns:xsd': XSD_NS },
          el('soap:Body', {}, el(op.responseElement, { xmlns: NAMESPACE }, encodeValue(op.resultElement, op.result, result(data)))),
        ),
        { indent: false },
      );
      const parts = 2 + Math.ceil(size / CHUNK);
      assert.equal(soap, `${parts}:${expectedSoap}`, 'SOAP');
      const http = await whole(httpResult(op, result(await bytesInFile(path))));
      const fields = op.result.kind === 'structure' ? op.result.fields : [];
      const expectedHttp = writeXml(
        el(httpResultElement(op), { 'xmlns:xsi': XSI_NS, 'xmlns:xsd': XSD_NS, xmlns: NAMESPACE }, encodeFields(fields, result(data))),
        { indent: true },
      );
      assert.equal(http, `${parts}:${expectedHttp}`, 'HTTP GET/POST');
    });
  }
});
