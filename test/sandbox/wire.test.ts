/**
 * The sandbox's wire as an .asmx service's: routing of SOAP requests however clients send them,
 * faults, HTTP GET/POST mistakes, WSDL, discovery and help pages, and the limits on what it reads.
 */
import { strict as assert } from 'node:assert';
import { request as httpRequest } from 'node:http';
import { readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { generateWsdl, serviceByKey } from '../../src/contract';
import { htmlWithAddress } from '../helpers/documents';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { MAX_KEPT_JOB } from '../../src/sandbox/operations/kept-content';
import { attackEnvelope, xmlAttacks } from '../helpers/xml-attacks';
import { withTextLayout } from '../helpers/engines';

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const statusCall = (prefix = '', id = '5') =>
  `<${prefix}GetLetterStatusV2 xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="Mailing"><${prefix}Username>demo</${prefix}Username><${prefix}Password>demo</${prefix}Password><${prefix}ID>${id}</${prefix}ID></${prefix}GetLetterStatusV2>`;
const envelope = (ns: string, body: string, header = '') =>
  `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${ns}">${header}<s:Body>${body}</s:Body></s:Envelope>`;

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

describe('sandbox wire', function () {
  this.timeout(30_000);
  let sandbox: TestSandbox;
  const post = async (path: string, headers: Record<string, string>, body: string | Buffer): Promise<Answer> => {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
  };
  const get = async (path: string): Promise<Answer> => {
    const response = await fetch(`${sandbox.url}${path}`);
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text() };
  };
  const soap11 = (body: string, action?: string, path = '/MailWS.asmx') =>
    post(path, { 'Content-Type': 'text/xml; charset=utf-8', ...(action === undefined ? {} : { SOAPAction: action }) }, body);
  const soap12 = (body: string, contentType = 'application/soap+xml; charset=utf-8') =>
    post('/MailWS.asmx', { 'Content-Type': contentType }, body);

  before(async () => {
    sandbox = await startTestSandbox({ limits: { maxBodyBytes: 1024 * 1024 } });
  });
  after(() => sandbox.close());

  describe('routing SOAP requests', () => {
    const ok = (answer: Answer) => {
      assert.equal(answer.status, 200, answer.body);
      assert.match(answer.body, /<GetLetterStatusV2Response xmlns="Mailing"><GetLetterStatusV2Result><ResultCode>-3116<\/ResultCode>/);
    };

    it('by SOAPAction quoted, unquoted, or in any header case', async () => {
      ok(await soap11(envelope(SOAP11, statusCall()), '"Mailing/GetLetterStatusV2"'));
      ok(await soap11(envelope(SOAP11, statusCall()), 'Mailing/GetLetterStatusV2'));
      ok(
        await post(
          '/MailWS.asmx',
          { 'Content-Type': 'text/xml; charset=utf-8', Soapaction: '"Mailing/GetLetterStatusV2"' },
          envelope(SOAP11, statusCall()),
        ),
      );
    });

    it('by the SOAP 1.2 action parameter, with or without a space, or by the body element', async () => {
      ok(await soap12(envelope(SOAP12, statusCall()), 'application/soap+xml; charset=utf-8; action="Mailing/GetLetterStatusV2"'));
      ok(await soap12(envelope(SOAP12, statusCall()), 'application/soap+xml;charset=utf-8;action="Mailing/GetLetterStatusV2"'));
      ok(await soap12(envelope(SOAP12, statusCall())));
      ok(await soap11(envelope(SOAP11, statusCall())));
    });

    it('with any prefixes, an empty header, encodingStyle and pretty printing', async () => {
      ok(await soap11(envelope(SOAP11, statusCall('ns1:')), '"Mailing/GetLetterStatusV2"'));
      const pretty = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<soapenv:Envelope xmlns:soapenv="${SOAP11}" xmlns:tns="Mailing" xmlns:m="Mailing">
  <soapenv:Header/>
  <soapenv:Body soapenv:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">
    <tns:GetLetterStatusV2>
      <m:Username>demo</m:Username>
      <tns:Password>demo</tns:Password>
      <tns:ID>
        5
      </tns:ID>
    </tns:GetLetterStatusV2>
  </soapenv:Body>
</soapenv:Envelope>`;
      ok(await soap11(pretty, '"Mailing/GetLetterStatusV2"'));
    });

    it('ignores unqualified parameters, as ASP.NET does', async () => {
      const unqualified = envelope(
        SOAP11,
        '<GetLetterStatusV2 xmlns="Mailing"><Username xmlns="">demo</Username><Password>demo</Password><ID>5</ID></GetLetterStatusV2>',
      );
      const answer = await soap11(unqualified, '"Mailing/GetLetterStatusV2"');
      assert.match(answer.body, /<ResultCode>-4001<\/ResultCode>/);
    });

    it("answers one line, with the envelope of the request's version", async () => {
      const answer = await soap12(envelope(SOAP12, statusCall()));
      assert.equal(answer.contentType, 'application/soap+xml; charset=utf-8');
      assert.equal(answer.body.split('\n').length, 1);
      assert.match(
        answer.body,
        /^<\?xml version="1.0" encoding="utf-8"\?><soap:Envelope xmlns:soap="http:\/\/www.w3.org\/2003\/05\/soap-envelope"/,
      );
    });

    it('keeps text with é中&<> intact both ways', async () => {
      const id = await post(
        '/MailWS.asmx/SendLetterV2',
        { 'Content-Type': 'application/x-www-form-urlencoded' },
        `Username=demo&Password=demo&MyDescription=${encodeURIComponent('é中&<>')}&FileExtension=html&FileBinaryData=${encodeURIComponent(Buffer.from('<p>x</p>').toString('base64'))}&WorkMode=Development`,
      );
      const mailer = /<int xmlns="Mailing">(\d+)<\/int>/.exec(id.body)![1];
      const details = await soap11(
        envelope(SOAP11, `<GetDetails xmlns="Mailing"><Username>demo</Username><Password>demo</Password><ID>${mailer}</ID></GetDetails>`),
        '"Mailing/GetDetails"',
        '/2009-02-26/MailWS.asmx',
      );
      assert.match(details.body, /<MyDescription>é中&amp;&lt;&gt;<\/MyDescription>/);
    });
  });

  describe('faults, as an .asmx service gives them', () => {
    // What is kept (a print job, or a PDF as a blob) is the subject: letters laid out by the text
    // layout keep their size, where an engine's PDF of a long HTML letter is small enough to keep.
    withTextLayout();
    it('an unknown SOAPAction: soap:Client, HTTP 500', async () => {
      const answer = await soap11(envelope(SOAP11, statusCall()), '"Mailing/Nope"');
      assert.equal(answer.status, 500);
      assert.equal(answer.contentType, 'text/xml; charset=utf-8');
      assert.match(
        answer.body,
        /<faultcode>soap:Client<\/faultcode><faultstring>Server did not recognize the value of HTTP Header SOAPAction: Mailing\/Nope\.<\/faultstring><detail \/>/,
      );
    });

    it('malformed XML and a value not of its type: soap:Client, with the position', async () => {
      const broken = await soap11('<s:Envelope xmlns:s="' + SOAP11 + '"><s:Body>', '"Mailing/GetLetterStatusV2"');
      assert.equal(broken.status, 500);
      assert.match(broken.body, /soap:Client.*Server was unable to read request\. ---&gt; There is an error in XML document \(\d+, \d+\)/);
      const wrongType = await soap11(envelope(SOAP11, statusCall('', 'abc')), '"Mailing/GetLetterStatusV2"');
      assert.match(
        wrongType.body,
        /soap:Client.*There is an error in XML document \(1, \d+\)\. ---&gt; Input string was not in a correct format\./,
      );
      const badEnum = await soap11(
        envelope(
          SOAP11,
          '<SendLetterV2 xmlns="Mailing"><Username>demo</Username><Password>demo</Password><WorkMode>Sometimes</WorkMode></SendLetterV2>',
        ),
        '"Mailing/SendLetterV2"',
      );
      assert.match(badEnum.body, /'Sometimes' is not a valid value for WorkMode/);
    });

    it('SOAP 1.2 faults use Code/Value soap:Sender and Reason/Text', async () => {
      const answer = await soap12(envelope(SOAP12, statusCall('', 'abc')));
      assert.equal(answer.status, 500);
      assert.match(
        answer.body,
        /<soap:Code><soap:Value>soap:Sender<\/soap:Value><\/soap:Code><soap:Reason><soap:Text xml:lang="en">Server was unable to read request/,
      );
      assert.match(answer.body, /<soap:Detail \/>/);
    });

    it('an envelope of the other version: VersionMismatch', async () => {
      const answer = await soap12(envelope(SOAP11, statusCall()));
      assert.match(answer.body, /soap:VersionMismatch/);
      const other = await soap11(envelope(SOAP12, statusCall()), '"Mailing/GetLetterStatusV2"');
      assert.match(other.body, /<faultcode>soap:VersionMismatch<\/faultcode>/);
    });

    it('a mustUnderstand header nobody understands: MustUnderstand', async () => {
      const header = `<s:Header><x:Security xmlns:x="urn:x" s:mustUnderstand="1"/></s:Header>`;
      const answer = await soap11(envelope(SOAP11, statusCall(), header), '"Mailing/GetLetterStatusV2"');
      assert.match(answer.body, /<faultcode>soap:MustUnderstand<\/faultcode>/);
      const fine = await soap11(
        envelope(SOAP11, statusCall(), `<s:Header><x:Note xmlns:x="urn:x">hi</x:Note></s:Header>`),
        '"Mailing/GetLetterStatusV2"',
      );
      assert.equal(fine.status, 200);
    });

    it('no action and an unknown body element: soap:Client', async () => {
      const answer = await soap11(envelope(SOAP11, '<Nope xmlns="Mailing"/>'));
      assert.match(answer.body, /Unable to handle request without a valid action parameter/);
    });

    it('refuses DTDs and entities outright', async () => {
      const bomb = `<?xml version="1.0"?><!DOCTYPE s:Envelope [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${envelope(
        SOAP11,
        statusCall(),
      )
        .replace(/^<\?xml[^>]*>/, '')
        .replace('demo</Username>', '&b;</Username>')}`;
      const answer = await soap11(bomb, '"Mailing/GetLetterStatusV2"');
      assert.equal(answer.status, 500);
      assert.match(answer.body, /DTDs are not allowed/);
      const external = await soap11(`<!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>`, '"Mailing/GetLetterStatusV2"');
      assert.match(external.body, /DTDs are not allowed/);
    });

    it('invalid UTF-8: soap:Client', async () => {
      const answer = await post(
        '/MailWS.asmx',
        { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"Mailing/GetLetterStatusV2"' },
        Buffer.from([0x3c, 0x61, 0xff, 0xfe, 0x3e]),
      );
      assert.equal(answer.status, 500);
      assert.match(answer.body, /soap:Client.*Invalid character in the given encoding/);
    });

    it('an error inside an operation: soap:Server, without local paths', async () => {
      // Too large to keep as a print job (kept-content.ts): its PDF is a blob, which the test removes.
      const letter = Buffer.from(htmlWithAddress(`<p>${'x '.repeat(MAX_KEPT_JOB / 2)}</p>`));
      const send = await post(
        '/MailWS.asmx/SendLetterV2',
        { 'Content-Type': 'application/x-www-form-urlencoded' },
        `Username=demo&Password=demo&MyDescription=lost&FileExtension=html&FileBinaryData=${encodeURIComponent(letter.toString('base64'))}&WorkMode=Development`,
      );
      const id = /<int xmlns="Mailing">(\d+)<\/int>/.exec(send.body)![1];
      sandbox.advance(5000);
      for (const blob of readdirSync(join(sandbox.dataDir, 'blobs'))) rmSync(join(sandbox.dataDir, 'blobs', blob));
      const answer = await soap11(
        envelope(SOAP11, `<GetPDF xmlns="Mailing"><Username>demo</Username><Password>demo</Password><ID>${id}</ID></GetPDF>`),
        '"Mailing/GetPDF"',
      );
      assert.equal(answer.status, 500, answer.body);
      assert.match(answer.body, /<faultcode>soap:Server<\/faultcode><faultstring>Server was unable to process request\. ---&gt; ENOENT/);
      assert.ok(!answer.body.includes(sandbox.dataDir), answer.body);
      const soap12Answer = await soap12(
        envelope(SOAP12, `<GetPDF xmlns="Mailing"><Username>demo</Username><Password>demo</Password><ID>${id}</ID></GetPDF>`),
      );
      assert.match(soap12Answer.body, /<soap:Code><soap:Value>soap:Receiver<\/soap:Value><\/soap:Code>/);
      const overGet = await get(`/MailWS.asmx/GetPDF?Username=demo&Password=demo&ID=${id}`);
      assert.equal(overGet.status, 500);
      assert.ok(!overGet.body.includes(sandbox.dataDir), overGet.body);
    });

    it('a well-formed call with bad values answers 200 and a negative code, never a fault', async () => {
      const answer = await soap11(
        envelope(SOAP11, '<GetStatus xmlns="Mailing"><Username>demo</Username><Password>demo</Password><ID>1-</ID></GetStatus>'),
        '"Mailing/GetStatus"',
        '/2009-02-26/MailWS.asmx',
      );
      assert.equal(answer.status, 200);
      assert.match(answer.body, /<ResultCode>-4013<\/ResultCode>/);
    });
  });

  describe('HTTP GET and POST', () => {
    it('answers indented XML: the bare int, or the root named after the result type', async () => {
      const int = await get('/2009-02-26/MailWS.asmx/CancelDelivery?Username=demo&Password=demo&ID=5');
      assert.equal(int.body, '<?xml version="1.0" encoding="utf-8"?>\r\n<int xmlns="Mailing">-3116</int>');
      const merge = await post(
        '/2009-02-26/MailWS.asmx/SendWordMailMerge_Compressed',
        { 'Content-Type': 'application/x-www-form-urlencoded' },
        'Username=demo&Password=demo&MyDescription=m&FileExtension=html&FileBinaryData=60&MergeData=1&WorkMode=Development',
      );
      assert.equal(merge.status, 200);
      assert.match(
        merge.body,
        /^<\?xml version="1\.0" encoding="utf-8"\?>\r\n<SendWordMailMergeResult xmlns:xsi="http:\/\/www\.w3\.org\/2001\/XMLSchema-instance" xmlns:xsd="http:\/\/www\.w3\.org\/2001\/XMLSchema" xmlns="Mailing">\r\n {2}<ResultCode>-\d+<\/ResultCode>\r\n {2}<ResultDescription>/,
      );
    });

    it('takes binary data as repeated decimal bytes or one base64 string', async () => {
      const bytes = [...Buffer.from('<p>hi</p>')].map((b) => `FileBinaryData=${b}`).join('&');
      const common = 'Username=demo&Password=demo&MyDescription=b&FileExtension=html&WorkMode=Development';
      const asBytes = await get(`/MailWS.asmx/SendLetterV2?${common}&${bytes}`);
      const asBase64 = await get(
        `/MailWS.asmx/SendLetterV2?${common}&FileBinaryData=${encodeURIComponent(Buffer.from('<p>hi</p>').toString('base64'))}`,
      );
      assert.match(asBytes.body, /<int xmlns="Mailing">\d+<\/int>/);
      assert.match(asBase64.body, /<int xmlns="Mailing">\d+<\/int>/);
    });

    it('a missing parameter or a value not of its type: HTTP 500 in plain text', async () => {
      const missing = await get('/MailWS.asmx/GetLetterStatus?Username=demo&Password=demo');
      assert.deepEqual([missing.status, missing.contentType, missing.body], [500, 'text/plain; charset=utf-8', 'Missing parameter: ID.']);
      const wrong = await get('/MailWS.asmx/GetLetterStatus?Username=demo&Password=demo&ID=x');
      assert.equal(wrong.status, 500);
      assert.match(wrong.body, /^Cannot convert x to System\.Int32\./);
    });

    it('reads a boolean as ASP.NET does (Boolean.Parse): True or False in any case, not 1 or 0', async () => {
      const upload = (overwrite: string) =>
        get(
          `/2009-02-26/MailWS.asmx/UploadFile?Username=demo&Password=demo&MyFileName=flag.html&FileBinaryData=60&FileBinaryData=112&Permissions=User&Description=&Overwrite=${overwrite}`,
        );
      for (const word of ['True', 'true', ' TRUE ']) assert.match((await upload(word)).body, /<int xmlns="Mailing">-3000<\/int>/, word);
      assert.match((await upload('False')).body, /<int xmlns="Mailing">-3127<\/int>/, 'not replaced: the file exists');
      const one = await upload('1');
      assert.equal(one.status, 500);
      assert.equal(
        one.body,
        'Cannot convert 1 to System.Boolean.\r\nParameter name: type ---> String was not recognized as a valid Boolean.',
      );
    });

    it("a query string past 2,048 characters (maxQueryStringLength): HTTP 400, ASP.NET's error page, before any routing", async () => {
      const query = (length: number) => {
        const start = 'Username=demo&Password=demo&ID=5&pad=';
        return `${start}${'x'.repeat(length - start.length)}`;
      };
      const atLimit = await get(`/MailWS.asmx/GetLetterStatus?${query(2048)}`);
      assert.equal(atLimit.status, 200, atLimit.body);
      for (const path of ['/MailWS.asmx/GetLetterStatus', '/MailWS.asmx', '/nowhere']) {
        const past = await get(`${path}?${query(2049)}`);
        assert.deepEqual([past.status, past.contentType], [400, 'text/html; charset=utf-8'], path);
        const message = 'The length of the query string for this request exceeds the configured maxQueryStringLength value.';
        assert.ok(past.body.includes(`<title>${message}</title>`), past.body);
        assert.ok(past.body.includes(`<b> Exception Details: </b>System.Web.HttpException: ${message}`), past.body);
      }
      // A letter of 110 bytes is past it already: one `&FileBinaryData=112` field per byte.
      const bytes = [...Buffer.alloc(110, 0x70)].map((b) => `FileBinaryData=${b}`).join('&');
      const letter = await get(
        `/MailWS.asmx/SendLetterV2?Username=demo&Password=demo&MyDescription=b&FileExtension=html&WorkMode=Development&${bytes}`,
      );
      assert.equal(letter.status, 400);
    });

    it("an absent byte array (a stored file's send): HTTP 500 NullReferenceException, as ASP.NET's reader fails", async () => {
      const fields = 'Username=demo&Password=demo&MyDescription=s&FileExtension=MyFile:stored.pdf&WorkMode=Development';
      const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
      for (const answer of [await get(`/MailWS.asmx/SendLetterV2?${fields}`), await post('/MailWS.asmx/SendLetterV2', form, fields)]) {
        const got = [answer.status, answer.contentType, answer.body];
        assert.deepEqual(got, [500, 'text/plain; charset=utf-8', 'Object reference not set to an instance of an object.']);
      }
    });

    it('matches parameter names without regard to case', async () => {
      const answer = await get('/MailWS.asmx/GetLetterStatus?username=demo&PASSWORD=demo&id=5');
      assert.match(answer.body, /<ResultCode>-3116<\/ResultCode>/);
    });

    it('is not offered on dated service B and the admin service', async () => {
      const answer = await get('/2009-09-09/MailWS.asmx/SendLetterAdvanced?APIKey=demo-key');
      assert.equal(answer.status, 500);
      assert.equal(answer.body, "Request format is unrecognized for URL unexpectedly ending in '/SendLetterAdvanced'.");
      assert.equal((await get('/MailWS.asmx/Nope')).status, 500);
    });
  });

  describe('WSDL, discovery and help pages', () => {
    it('serves the WSDL at ?WSDL and ?wsdl, addressed as the request was', async () => {
      const upper = await get('/2009-02-26/MailWS.asmx?WSDL');
      const lower = await get('/2009-02-26/MailWS.asmx?wsdl');
      assert.equal(upper.body, lower.body);
      assert.equal(upper.body, generateWsdl(serviceByKey('datedA'), `${sandbox.url}/2009-02-26/MailWS.asmx`));
    });

    it('serves the discovery document at ?disco', async () => {
      const disco = await get('/2009-09-09/AdminTools.asmx?disco');
      assert.match(disco.body, /<contractRef ref="http:\/\/127\.0\.0\.1:\d+\/2009-09-09\/AdminTools\.asmx\?wsdl"/);
      assert.match(disco.body, /binding="q2:AdminToolsSoap12"/);
    });

    it('lists the operations, and shows each with samples and a test form', async () => {
      const list = await get('/MailWS.asmx');
      assert.equal(list.contentType, 'text/html; charset=utf-8');
      for (const op of serviceByKey('simple').operations) assert.ok(list.body.includes(`?op=${op.name}"`), op.name);
      const page = await get('/MailWS.asmx?op=SendLetterV2');
      for (const heading of ['SOAP 1.1', 'SOAP 1.2', 'HTTP GET', 'HTTP POST'])
        assert.ok(page.body.includes(`<h3>${heading}</h3>`), heading);
      assert.match(page.body, /SOAPAction: &quot;Mailing\/SendLetterV2&quot;|SOAPAction: "Mailing\/SendLetterV2"/);
      assert.match(page.body, /<form target="_blank" action="\/MailWS\.asmx\/SendLetterV2" method="POST">/);
      assert.match(page.body, /Default or Production or Development/);
      const admin = await get('/2009-09-09/AdminTools.asmx?op=SetUserSettings');
      assert.ok(!admin.body.includes('<h3>HTTP GET</h3>'));
    });

    it('answers 404 elsewhere', async () => {
      assert.equal((await get('/nothing.asmx')).status, 404);
    });
  });

  describe('limits', () => {
    it('answers at most 1000 items of an ID string, and ignores the rest', async () => {
      // A mailer of the caller's own, so that the list is not all unseen (that answers -3115).
      const sent = await get(
        `/MailWS.asmx/SendLetterV2?Username=demo&Password=demo&MyDescription=limit&FileExtension=html&FileBinaryData=${encodeURIComponent(Buffer.from('<p>x</p>').toString('base64'))}&WorkMode=Development`,
      );
      const id = Number(/<int xmlns="Mailing">(\d+)<\/int>/.exec(sent.body)?.[1]);
      assert.ok(id > 0, sent.body);
      const answer = await get(`/MailWS.asmx/GetLetterStatus_Multiple?Username=demo&Password=demo&ID=${id}-${id + 9000}`);
      assert.equal(answer.body.match(/<LetterStatus>/g)?.length, 1000);
      assert.match(answer.body, new RegExp(`<ID>${id}</ID>\\s*<Status>-900</Status>`));
      assert.match(answer.body, new RegExp(`<ID>${id + 999}</ID>`));
      assert.ok(!answer.body.includes(`<ID>${id + 1000}</ID>`));
    });

    it('answers 413 to a body over the cap, declared or streamed, without reading it all', async () => {
      const declared = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${sandbox.url}/MailWS.asmx`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': String(100 * 1024 * 1024) },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.write('<x>');
      });
      assert.equal(declared, 413);
      const streamed = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${sandbox.url}/MailWS.asmx`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Transfer-Encoding': 'chunked' },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', () => resolve(-1));
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let sent = 0;
        const pump = () => {
          while (sent < 4 * 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
        setTimeout(() => reject(new Error('no answer')), 10_000).unref();
      });
      assert.equal(streamed, 413);
      assert.match((await get('/MailWS.asmx?op=GetPDF')).body, /GetPDF/, 'and it still serves');
    });

    it('answers every XML attack with a fault, reads no file, and goes on serving (memory: test/bench/xml-attacks.ts)', async () => {
      for (const [name, body] of xmlAttacks()) {
        const answer = await post(
          '/MailWS.asmx',
          { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"Mailing/GetLetterStatus"' },
          body,
        );
        assert.ok(answer.status === 500 || answer.status === 413, `${name}: HTTP ${answer.status}`);
        if (answer.status === 500) assert.match(answer.body, /<soap:Fault>[\s\S]*soap:Client/, `${name}: a client fault`);
        assert.ok(!answer.body.includes('root:'), `${name}: no file read`);
      }
      assert.match((await soap11(attackEnvelope('1'), '"Mailing/GetLetterStatus"')).body, /GetLetterStatusResult/, 'and it still serves');
    });

    it('cuts off a client that trickles its body, while idle connections starve no one', async () => {
      const limited = await startTestSandbox({ limits: { headersTimeoutMs: 500, requestTimeoutMs: 1000 } });
      const idle = Array.from({ length: 300 }, () => connect(limited.port, '127.0.0.1'));
      try {
        const closed = await new Promise<string>((resolve) => {
          const socket = connect(limited.port, '127.0.0.1', () =>
            socket.write(
              'POST /MailWS.asmx HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: 100000\r\n\r\n<',
            ),
          );
          let answer = '';
          socket.on('data', (d) => (answer += d.toString()));
          const trickle = setInterval(() => socket.write('a'), 200);
          socket.on('close', () => {
            clearInterval(trickle);
            resolve(answer);
          });
        });
        assert.match(closed, /^HTTP\/1\.1 408|^$/, 'cut off');
        const answer = await fetch(`${limited.url}/MailWS.asmx/GetLetterStatus?Username=demo&Password=demo&ID=1`);
        assert.equal(answer.status, 200, 'served beside 300 idle connections');
      } finally {
        for (const socket of idle) socket.destroy();
        await limited.close();
      }
    });

    it('cuts off a client that trickles its headers', async () => {
      const limited = await startTestSandbox({ limits: { headersTimeoutMs: 500, requestTimeoutMs: 1000 } });
      try {
        const closed = await new Promise<string>((resolve) => {
          const socket = connect(limited.port, '127.0.0.1', () => socket.write('GET /MailWS.asmx HTTP/1.1\r\nHost: x\r\n'));
          let answer = '';
          socket.on('data', (d) => (answer += d.toString()));
          socket.on('close', () => resolve(answer));
          const trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
          socket.on('close', () => clearInterval(trickle));
        });
        assert.match(closed, /^HTTP\/1\.1 408/);
      } finally {
        await limited.close();
      }
    });
  });
});
