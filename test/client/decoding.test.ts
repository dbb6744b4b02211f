/**
 * Answers written the way ASP.NET writes them (shared/notes/soap-wire-facts.md), decoded by the
 * client on every binding: up to 7 fractional digits, with or without an offset, empty and missing
 * lists, zero-valued fields in error results, indentation, one-line SOAP with any prefix.
 */
import { strict as assert } from 'node:assert';
import { MailWsClient, MailWsError } from '../../src/client';
import { ZERO_DATE } from '../../src/contract';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';
const statuses = (items: string) =>
  `<GetStatusResult ${XSI} xmlns="Mailing">\r\n  <ResultCode>-3000</ResultCode>${items}\r\n</GetStatusResult>`;
const list = (items: string) => `\r\n  <Statuses>${items}\r\n  </Statuses>`;
const item = (id: number, time: string) =>
  `\r\n    <LetterStatusAndDesc>\r\n      <ID>${id}</ID>\r\n      <Status>-995</Status>\r\n      <Description>Waiting For Delivery</Description>\r\n      <LastUpdateTime>${time}</LastUpdateTime>\r\n    </LetterStatusAndDesc>`;
const http = (root: string) => `<?xml version="1.0" encoding="utf-8"?>\r\n${root}`;
const soap = (body: string, prefix = 'soap', ns = 'http://schemas.xmlsoap.org/soap/envelope/') =>
  `<?xml version="1.0" encoding="utf-8"?><${prefix}:Envelope xmlns:${prefix}="${ns}" ${XSI}><${prefix}:Body>${body}</${prefix}:Body></${prefix}:Envelope>`;

describe('client decoding of ASP.NET answers', function () {
  this.timeout(20_000);
  let server: FakeServer;
  const decode = async (binding: 'http-get' | 'soap11' | 'soap12', body: string, call: (c: MailWsClient) => Promise<unknown>) => {
    server = await startFakeServer([
      { kind: 'answer', body, contentType: binding === 'soap12' ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8' },
    ]);
    const client = new MailWsClient({
      endpoint: server.url,
      binding,
      credentials: { username: 'u', password: 'p' },
      retry: { attempts: 1, baseDelayMs: 1 },
    });
    try {
      return await call(client);
    } finally {
      client.close();
      await server.close();
    }
  };

  it('reads 7 fractional digits, offsets and unzoned local times without shifting them', async () => {
    const body = http(
      statuses(list(item(1, '2014-11-03T10:15:42.1234567') + item(2, '2014-11-03T10:15:42-05:00') + item(3, '2014-11-03T10:15:42'))),
    );
    const result = (await decode('http-get', body, (c) => c.datedA.GetStatus({ ID: '1-3' }))) as { Statuses: { LastUpdateTime: Date }[] };
    assert.deepEqual(
      result.Statuses.map((s) => s.LastUpdateTime.toISOString()),
      ['2014-11-03T10:15:42.123Z', '2014-11-03T15:15:42.000Z', '2014-11-03T10:15:42.000Z'],
    );
  });

  it('gives a list of one, an empty list and a missing list all as arrays', async () => {
    const one = (await decode('http-get', http(statuses(list(item(1, '2014-11-03T10:15:42')))), (c) =>
      c.datedA.GetStatus({ ID: '1' }),
    )) as { Statuses: unknown[] };
    assert.equal(one.Statuses.length, 1);
    const empty = (await decode('http-get', http(statuses('\r\n  <Statuses />')), (c) => c.datedA.GetStatus({ ID: '1' }))) as {
      Statuses: unknown[];
    };
    assert.deepEqual(empty.Statuses, []);
    const missing = (await decode('http-get', http(statuses('')), (c) => c.datedA.GetStatus({ ID: '1' }))) as { Statuses: unknown[] };
    assert.deepEqual(missing.Statuses, []);
    const soapOne = (await decode(
      'soap11',
      soap(
        `<GetStatusResponse xmlns="Mailing"><GetStatusResult><ResultCode>-3000</ResultCode><Statuses>${item(9, '2014-11-03T10:15:42')}</Statuses></GetStatusResult></GetStatusResponse>`,
      ),
      (c) => c.datedA.GetStatus({ ID: '9' }),
    )) as { Statuses: { ID: number }[] };
    assert.deepEqual(
      soapOne.Statuses.map((s) => s.ID),
      [9],
    );
    const soapEmpty = (await decode(
      'soap12',
      soap(
        '<GetStatusResponse xmlns="Mailing"><GetStatusResult><ResultCode>-3000</ResultCode><Statuses /></GetStatusResult></GetStatusResponse>',
        'env',
        'http://www.w3.org/2003/05/soap-envelope',
      ),
      (c) => c.datedA.GetStatus({ ID: '9' }),
    )) as { Statuses: unknown[] };
    assert.deepEqual(soapEmpty.Statuses, []);
  });

  it('reads an error result with zero-valued fields as a MailWsError', async () => {
    const body = http(
      `<GetLetterDetailsResult ${XSI} xmlns="Mailing">\r\n  <ResultCode>-3001</ResultCode>\r\n  <ID>0</ID>\r\n  <Price>0</Price>\r\n  <NumOfSheets>0</NumOfSheets>\r\n  <SubmitTime>0001-01-01T00:00:00</SubmitTime>\r\n  <CompletionTime>0001-01-01T00:00:00</CompletionTime>\r\n</GetLetterDetailsResult>`,
    );
    const error = await decode('http-get', body, (c) => c.simple.GetLetterDetails({ ID: 5 })).catch((e: unknown) => e);
    assert.ok(error instanceof MailWsError);
    assert.equal(error.code, -3001);
  });

  it('reads details: decimals, booleans, the zero date, absent strings', async () => {
    const body = soap(
      '<GetDetailsResponse xmlns="Mailing"><GetDetailsResult><ResultCode>-3000</ResultCode><Details><Details><ID>7</ID><Price>1.2500</Price><NumOfSheets>2</NumOfSheets>' +
        '<SubmitTime>2014-11-03T10:15:42.5</SubmitTime><CompletionTime>0001-01-01T00:00:00</CompletionTime><Status>-910</Status><StatusDescription>In Process</StatusDescription>' +
        '<IsBatch>false</IsBatch><MailerType>Letter</MailerType><WorkMode>Production</WorkMode></Details></Details></GetDetailsResult></GetDetailsResponse>',
      'ns0',
    );
    const result = (await decode('soap11', body, (c) => c.datedA.GetDetails({ ID: '7' }))) as { Details: Record<string, unknown>[] };
    assert.deepEqual(result.Details[0], {
      ID: 7,
      Price: 1.25,
      NumOfSheets: 2,
      SubmitTime: new Date('2014-11-03T10:15:42.500Z'),
      CompletionTime: ZERO_DATE,
      Status: -910,
      StatusDescription: 'In Process',
      IsBatch: false,
      MailerType: 'Letter',
      WorkMode: 'Production',
    });
  });

  it("reads the bare int of HTTP GET/POST and a mail merge's SendWordMailMergeResult", async () => {
    assert.equal(
      await decode('http-get', http('<int xmlns="Mailing">1021984</int>'), (c) =>
        c.simple.SendLetterV2({ MyDescription: 'x', FileExtension: 'pdf', FileBinaryData: Buffer.from('%PDF'), WorkMode: 'Development' }),
      ),
      1021984,
    );
    const merge = await decode(
      'http-get',
      http(
        `<SendWordMailMergeResult ${XSI} xmlns="Mailing">\r\n  <ResultCode>1021990</ResultCode>\r\n  <ResultDescription>3 letters queued</ResultDescription>\r\n</SendWordMailMergeResult>`,
      ),
      (c) =>
        c.datedA.SendWordMailMerge_Compressed({
          MyDescription: 'm',
          FileExtension: 'html',
          FileBinaryData: Buffer.from('x'),
          MergeData: Buffer.from('x'),
          WorkMode: 'Development',
        }),
    );
    assert.deepEqual(merge, { ResultCode: 1021990, ResultDescription: '3 letters queued' });
  });

  it('sends binary data over HTTP as repeated decimal bytes, as .NET proxies do', async () => {
    await decode('http-get', http('<int xmlns="Mailing">5</int>'), (c) =>
      c.simple.SendLetterV2({ MyDescription: 'x', FileExtension: 'pdf', FileBinaryData: Buffer.from('hi'), WorkMode: 'Development' }),
    );
    assert.match(server.requests[0]!.url, /FileBinaryData=104&FileBinaryData=105/);
  });
});
