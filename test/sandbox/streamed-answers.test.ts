/**
 * A batch's long list (GetBatchDetails, GetBatchStatus of thousands of items) goes out a part at a
 * time (src/sandbox/wire/streamed-xml.ts) in exactly the bytes the whole answer written at once
 * would be, on every binding: SOAP on one line, HTTP GET/POST indented, with text that holds line
 * breaks and markup; a short list is written whole as before.
 */
import { strict as assert } from 'node:assert';
import {
  CONTENT_TYPES,
  NAMESPACE,
  SOAP11_ENVELOPE_NS,
  SOAP12_ENVELOPE_NS,
  XSD_NS,
  XSI_NS,
  el,
  encodeFields,
  encodeValue,
  findOperation,
  httpResultElement,
  serviceByPath,
  writeXml,
} from '../../src/contract';
import { httpResult } from '../../src/sandbox/wire/http-get-post';
import { soapResponse } from '../../src/sandbox/wire/soap';
import { STREAMED_ITEMS, type StreamedBody } from '../../src/sandbox/wire/streamed-xml';

const service = serviceByPath('/2009-02-26/MailWS.asmx')!;
const at = new Date(Date.UTC(2026, 10, 22, 9, 30, 15, 250));

function batchResult(operation: 'GetBatchDetails' | 'GetBatchStatus', count: number): Record<string, unknown> {
  const items = Array.from({ length: count }, (_, i) => ({
    ItemID: i + 1,
    Status: i % 3 === 0 ? -1045 : -1002,
    // Text the writer escapes, and a line break it keeps: an indented answer must not move it.
    Description: i % 5 === 0 ? 'Fails <soon> & then\nsome\r\n' : 'In process',
    Price: 0.95,
    NumOfSheets: 1 + (i % 4),
    LastUpdateTime: at,
  }));
  return operation === 'GetBatchDetails'
    ? { ResultCode: -3000, ID: 1021984, Price: 12.5, NumOfSheets: 40, Description: 'A\nbatch', SubmitTime: at, Items: items }
    : { ResultCode: -3000, ID: 1021984, Statuses: items };
}

const isStreamed = (body: unknown): body is StreamedBody => typeof body === 'object' && body !== null && 'parts' in body;

describe('sandbox: long lists streamed', () => {
  for (const operation of ['GetBatchDetails', 'GetBatchStatus'] as const) {
    const op = findOperation(service, operation)!;
    for (const count of [STREAMED_ITEMS + 1, 3 * STREAMED_ITEMS + 7]) {
      const result = batchResult(operation, count);

      it(`${operation} of ${count} items over SOAP 1.1 and 1.2: the bytes of the whole answer, a part at a time`, () => {
        for (const [version, ns] of [
          ['soap11', SOAP11_ENVELOPE_NS],
          ['soap12', SOAP12_ENVELOPE_NS],
        ] as const) {
          const response = soapResponse(version, op, result);
          assert.ok(isStreamed(response.body), 'streamed');
          const parts = [...response.body.parts()];
          assert.ok(parts.length > count / 1000, `${parts.length} parts`);
          const whole = writeXml(
            el(
              'soap:Envelope',
              { 'xmlns:soap': ns, 'xmlns:xsi': XSI_NS, 'xmlns:xsd': XSD_NS },
              el('soap:Body', {}, el(op.responseElement, { xmlns: NAMESPACE }, encodeValue(op.resultElement, op.result, result))),
            ),
            { indent: false },
          );
          assert.equal(parts.join(''), whole, version);
          assert.equal(response.contentType, CONTENT_TYPES[version]);
        }
      });

      it(`${operation} of ${count} items over HTTP GET and POST: the bytes of the whole indented answer`, () => {
        const body = httpResult(op, result);
        assert.ok(isStreamed(body), 'streamed');
        const fields = op.result.kind === 'structure' ? op.result.fields : [];
        const whole = writeXml(
          el(httpResultElement(op), { 'xmlns:xsi': XSI_NS, 'xmlns:xsd': XSD_NS, xmlns: NAMESPACE }, encodeFields(fields, result)),
          { indent: true },
        );
        assert.equal([...body.parts()].join(''), whole);
      });
    }

    it(`${operation} of ${STREAMED_ITEMS} items is written whole`, () => {
      assert.equal(typeof soapResponse('soap11', op, batchResult(operation, STREAMED_ITEMS)).body, 'string');
      assert.equal(typeof httpResult(op, batchResult(operation, STREAMED_ITEMS)), 'string');
    });
  }
});
