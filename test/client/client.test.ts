/**
 * The typed client against the real sandbox over real HTTP, on every binding: every operation,
 * each result decoded and checked field by field, the same calls giving equal typed results on
 * all bindings; errors as MailWsError with the facts' meaning.
 *
 * Each binding's story runs once, on a sandbox of its own, for whichever test asks first: the test
 * of that binding or the comparison of all of them, so that either passes alone.
 */
import { strict as assert } from 'node:assert';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { MailWsClient, MailWsError, MailWsInputError, fetchStatuses, type CallEvent } from '../../src/client';
import { BINDINGS, ZERO_DATE, isSoapBinding, type Binding } from '../../src/contract';
import { gzipText, htmlWithAddress, pageCount, samplePdf, JANE_DOE } from '../helpers/documents';
import { T0, startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { once } from '../helpers/steps';

/** The pricing of the story's sandbox: a letter costs 1.10 and 0.25 a sheet. */
const STORY_PRICING = { letterBase: 1.1, perSheet: 0.25 };
const address = JANE_DOE;
// Its page 1 holds Jane Doe's address in the recipient box: a letter sent without one completes.
const html = Buffer.from(htmlWithAddress('<h1>Hello</h1><p>From the typed client.</p>'));

async function rejectsWith(promise: Promise<unknown>, code: number): Promise<MailWsError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof MailWsError, `expected a MailWsError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected result code ${code}`);
}

/** Every operation once, through the typed methods; what each answered, for comparison across bindings. */
async function story(client: MailWsClient, sandbox: TestSandbox): Promise<unknown[]> {
  const seen: unknown[] = [];
  const keep = <T>(value: T): T => (seen.push(value), value);

  const v2 = keep(
    await client.simple.SendLetterV2({ MyDescription: 'v2', FileExtension: 'html', FileBinaryData: html, WorkMode: 'Development' }),
  );
  const withAddress = keep(
    await client.simple.SendLetterAndAddress({ MyDescription: 'a', FileExtension: 'html', FileBinaryData: html, ...address }),
  );
  const production = keep(
    await client.simple.SendLetterAndAddressV2({
      MyDescription: 'p',
      FileExtension: 'pdf',
      FileBinaryData: await samplePdf(1),
      WorkMode: 'Production',
      ...address,
    }),
  );
  const card = {
    MyDescription: 'c',
    ImageSideFileType: 'html',
    ImageSideBinaryData: html,
    ImageSideScaling: 'Default',
    AddressSideFileType: 'html',
    AddressSideBinaryData: html,
    WorkMode: 'Development',
    PrintColor: 'Default',
    PostcardSize: 'Default',
    MailingPriority: 'Default',
    ...address,
  } as const;
  keep(await client.simple.SendPostcardAndAddress(card));
  const dated = keep(
    await client.datedA.SendLetter({ MyDescription: 'd', FileExtension: 'html', FileBinaryData: html, WorkMode: 'Default' }),
  );
  keep(
    await client.datedA.SendLetterAndAddress({
      MyDescription: 'da',
      FileExtension: 'html',
      FileBinaryData: html,
      WorkMode: 'Development',
      ...address,
    }),
  );
  keep(await client.datedA.SendPostcardAndAddress(card));
  const merge = keep(
    await client.datedA.SendWordMailMerge_Compressed({
      MyDescription: 'm',
      FileExtension: 'html',
      FileBinaryData: Buffer.from('<p>Hi {{Name}}</p>'),
      MergeData: gzipText('Name,AttentionLine1,Address1,City,Country\nAda,Ada L,1 Way,London,United Kingdom\n'),
      WorkMode: 'Development',
    }),
  );
  assert.equal(merge.ResultDescription, '1 letter queued');
  assert.ok(v2 > 0 && withAddress === v2 + 1 && production === v2 + 2 && dated === v2 + 4 && merge.ResultCode === v2 + 7);

  const status = keep(await client.simple.GetLetterStatus({ ID: v2 }));
  assert.deepEqual(status, { ResultCode: -3000, Status: -900, LastUpdateTime: new Date(T0) });
  sandbox.advance(4500);
  const statusV2 = keep(await client.simple.GetLetterStatusV2({ ID: v2 }));
  assert.deepEqual(statusV2, { ResultCode: -3000, Status: -995, Description: 'Waiting For Delivery', LastUpdateTime: new Date(T0 + 4000) });
  const multiple = keep(await client.simple.GetLetterStatus_Multiple({ ID: `${v2},${withAddress}` }));
  assert.deepEqual(
    multiple.LetterStatuses.map((s) => [s.ID, s.Status]),
    [
      [v2, -995],
      [withAddress, -995],
    ],
  );
  const one = keep(await client.simple.GetLetterStatusV2_Multiple({ ID: String(v2) }));
  assert.equal(one.LetterStatuses.length, 1, 'a list of one is still a list');
  keep(await client.simple.GetLetterStatus_Range({ MinID: v2, MaxID: v2 + 3 }));
  const range = keep(await client.simple.GetLetterStatusV2_Range({ MinID: v2, MaxID: v2 + 3 }));
  assert.deepEqual(
    range.LetterStatuses.map((s) => s.ID),
    [v2, v2 + 1, v2 + 2, v2 + 3],
  );
  const details = keep(await client.simple.GetLetterDetails({ ID: production }));
  assert.deepEqual(details, {
    // 1.10 + 2 black sheets × 0.25 (STORY_PRICING): the address page and the PDF's page.
    ResultCode: -3000,
    ID: production,
    Price: 1.6,
    NumOfSheets: 2,
    SubmitTime: new Date(T0),
    CompletionTime: ZERO_DATE,
    Orientation: 'Portrait',
    Envelope: 'Env#10WhiteDoubleWindow',
    Paper: 'Letter24#BondWhite',
    PrintColor: 'Black',
    PrintSides: 'PrintSimplex',
    NationalMailing: 'USFirstClass',
    InternationalMailing: 'USInterFirstClass',
  });
  assert.equal(keep(await client.simple.GetLetterDetailsV2({ ID: production })).WorkMode, 'Production');
  const pdf = keep(await client.simple.GetPDF({ ID: v2 }));
  assert.ok(Buffer.isBuffer(pdf.FileData));
  assert.equal(await pageCount(pdf.FileData), 1);

  const statuses = keep(await client.datedA.GetStatus({ ID: `${v2}-${v2 + 1}` }));
  assert.equal(statuses.Statuses[1]!.Description, 'Waiting For Delivery');
  const list = keep(await client.datedA.GetDetails({ ID: String(dated) }));
  assert.deepEqual(list.Details[0]!.SubmitTime, new Date(T0));
  assert.equal(list.Details[0]!.IsBatch, false);
  const extended = keep(await client.datedA.GetDetailsExtended({ ID: String(merge.ResultCode) }));
  assert.equal(extended.Details[0]!.IsBatch, true);
  const batch = keep(await client.datedA.GetBatchStatus({ ID: merge.ResultCode, ItemID: '' }));
  assert.deepEqual(
    batch.Statuses.map((s) => s.ItemID),
    [1],
  );
  const batchDetails = keep(await client.datedA.GetBatchDetails({ ID: merge.ResultCode, ItemID: '1' }));
  assert.equal(batchDetails.Items[0]!.NumOfSheets, 2);
  keep(await client.datedA.GetPDF({ ID: merge.ResultCode }));
  const fresh = keep(
    await client.datedA.SendLetter({ MyDescription: 'cancel', FileExtension: 'html', FileBinaryData: html, WorkMode: 'Development' }),
  );
  assert.equal(keep(await client.datedA.CancelDelivery({ ID: fresh })), -3000);
  await rejectsWith(client.datedA.CancelDelivery({ ID: fresh }), -3022);
  assert.equal(
    keep(
      await client.datedA.UploadFile({
        MyFileName: 'c.html',
        FileBinaryData: html,
        Permissions: 'User',
        Description: 'x',
        Overwrite: true,
      }),
    ),
    -3000,
  );
  const files = keep(await client.datedA.GetUploadedFileDetails({}));
  assert.deepEqual(
    files.UploadedFiles.map((f) => f.FileName),
    ['c.html'],
  );
  assert.equal(keep(await client.datedA.DeleteUploadedFile({ MyFileName: 'c.html' })), -3000);
  const empty = await rejectsWith(client.datedA.GetUploadedFileDetails({}), -3163);
  assert.match(empty.message, /GetUploadedFileDetails answered -3163: no stored files for the account/);

  const advanced = keep(
    await client.datedB.SendLetterAdvanced({
      MyDescription: 'adv',
      Files: [{ FileExtension: 'html', FileBinaryData: html }],
      Addresses: { RecipientAddress: { ...address, Zipcode: '62701' } },
    }),
  );
  assert.ok(advanced > fresh);
  assert.equal(keep(await client.admin.SetUserSettings({ Username: 'clerk', Settings: [['Letters_PrintSides', 'Duplex']] })), -3000);
  return seen;
}

interface Told {
  readonly seen: unknown[];
  readonly calls: CallEvent[];
}

/** Each binding's story, told once on a sandbox of its own (started and closed here). */
const stories = new Map(
  BINDINGS.map((binding) => [
    binding,
    once(async (): Promise<Told> => {
      const sandbox = await startTestSandbox({ pricing: STORY_PRICING });
      const calls: CallEvent[] = [];
      const client = new MailWsClient({
        endpoint: sandbox.url,
        binding,
        credentials: { username: 'demo', password: 'demo', apiKey: 'demo-key' },
        onCall: (e) => calls.push(e),
      });
      try {
        return { seen: await story(client, sandbox), calls };
      } finally {
        client.close();
        await sandbox.close();
      }
    }),
  ]),
);

for (const binding of BINDINGS) {
  describe(`client over ${binding}`, function () {
    this.timeout(60_000);
    let sandbox: TestSandbox;
    let client: MailWsClient;
    const calls: CallEvent[] = [];

    beforeEach(async () => {
      sandbox = await startTestSandbox();
      client = new MailWsClient({
        endpoint: sandbox.url,
        binding,
        credentials: { username: 'demo', password: 'demo', apiKey: 'demo-key' },
        onCall: (e) => calls.push(e),
      });
    });
    afterEach(async () => {
      client.close();
      await sandbox.close();
    });

    it('calls every operation, each result typed and checked', async () => {
      const { calls } = await stories.get(binding)!();
      const used = new Set(calls.map((c) => `${c.service} ${c.operation}`));
      assert.equal(used.size, 29);
      // The advanced letter and the admin service speak SOAP only: over GET/POST clients they go as SOAP 1.1.
      const soapOnly = (service: string) => service === 'datedB' || service === 'admin';
      // Over GET, a letter whose bytes make the query pass ASP.NET's 2,048 characters goes as POST, and says so.
      const longGet = (call: CallEvent) =>
        binding === 'http-get' && /^the query string would be \d+ characters, past ASP\.NET's 2048$/.test(call.reason ?? '');
      for (const call of calls) {
        const expected = soapOnly(call.service) && !isSoapBinding(binding) ? 'soap11' : longGet(call) ? 'http-post' : binding;
        assert.equal(call.binding, expected, call.operation);
        assert.equal(call.reason !== undefined, expected !== binding, `${call.operation}: ${call.reason}`);
      }
      if (binding === 'http-get')
        assert.ok(
          calls.some((call) => call.operation === 'SendLetterAndAddressV2' && longGet(call)),
          'the PDF letter went as POST',
        );
    });

    it("turns negative codes into MailWsError with the facts' meaning", async () => {
      const bad = new MailWsClient({ endpoint: sandbox.url, binding, credentials: { username: 'demo', password: 'Zq9-not-the-one' } });
      try {
        const error = await rejectsWith(bad.simple.GetLetterStatus({ ID: 1 }), -3003);
        assert.equal(error.local, false);
        assert.match(error.message, /not authenticated .*check the username and password/);
        assert.ok(
          !inspect(error).includes('Zq9-not-the-one') && !JSON.stringify(error).includes('Zq9-not-the-one'),
          'no password in the error',
        );
      } finally {
        bad.close();
      }
      await rejectsWith(client.simple.GetLetterStatus({ ID: 5 }), -3116);
      await rejectsWith(client.datedA.GetStatus({ ID: '5' }), -3115);
    });

    it('checks a request before sending it, with the codes the service would give', async () => {
      const before = calls.length;
      await rejectsWith(
        client.simple.SendLetterAndAddressV2({
          MyDescription: 'x',
          FileExtension: 'html',
          FileBinaryData: html,
          WorkMode: 'Development',
          ...address,
          City: 'c'.repeat(31),
        }),
        -3113,
      );
      await rejectsWith(
        client.simple.SendLetterAndAddressV2({
          MyDescription: 'x',
          FileExtension: 'html',
          FileBinaryData: html,
          WorkMode: 'Development',
          ...address,
          Company: undefined,
          AttentionLine1: '',
        }),
        -4008,
      );
      await rejectsWith(client.datedA.SendLetter({ FileExtension: 'html', FileBinaryData: html, WorkMode: 'Development' }), -4003);
      await rejectsWith(client.datedA.GetStatus({ ID: '5-3' }), -4013);
      await rejectsWith(client.datedA.GetStatus({ ID: '1-1001' }), -4013);
      await rejectsWith(client.datedA.GetBatchStatus({ ID: 5, ItemID: 'x' }), -4013);
      const error = await client.datedA
        .SendLetter({ MyDescription: 'x', FileExtension: 'html', FileBinaryData: html, WorkMode: 'Sometimes' as 'Default' })
        .catch((e: unknown) => e);
      assert.ok(error instanceof MailWsInputError);
      assert.match(error.message, /WorkMode must be one of Default, Production, Development/);
      const noPassword = new MailWsClient({ endpoint: sandbox.url, binding, credentials: { username: 'demo' } });
      assert.equal((await rejectsWith(noPassword.simple.GetLetterStatus({ ID: 1 }), -4002)).local, true);
      noPassword.close();
      assert.equal(calls.slice(before).filter((c) => c.attempt > 0).length, 0, 'nothing was sent');
    });

    it('tracks any number of mailers in as few calls as the service allows', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          await client.simple.SendLetterV2({
            MyDescription: `t${i}`,
            FileExtension: 'html',
            FileBinaryData: html,
            WorkMode: 'Development',
          }),
        );
      const wanted = [...ids, ...Array.from({ length: 2400 }, (_, i) => 5_000_000 + i * 2)];
      const before = calls.length;
      const statuses = await fetchStatuses(client, wanted);
      assert.equal(calls.length - before, 3, 'ceil(2403 / 1000) calls');
      assert.deepEqual(
        ids.map((id) => statuses.get(id)!.Status),
        [-900, -900, -900],
      );
      assert.equal(statuses.get(5_000_000)!.Status, -3001);
      assert.equal(statuses.size, 2403);
    });

    it('sends a large document whole, in pieces, over SOAP when HTTP would carry a field per byte', async () => {
      // A PDF with a 3 MB stream of every byte value: the sandbox must read the very bytes sent.
      const filler = Buffer.alloc(3 * 1024 * 1024);
      for (let i = 0; i < filler.length; i++) filler[i] = (i * 7919) % 256;
      const pdf = Buffer.concat([
        Buffer.from(
          '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n3 0 obj <</Length 3145728>>\nstream\n',
        ),
        filler,
        Buffer.from('\nendstream\nendobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
      ]);
      const progress: number[] = [];
      const before = calls.length;
      await client.datedA.UploadFile(
        { MyFileName: 'big.pdf', FileBinaryData: pdf, Permissions: 'User', Description: 'big', Overwrite: false },
        { onProgress: (p) => void (p.direction === 'up' && progress.push(p.bytes)) },
      );
      assert.equal(
        calls[before]!.binding,
        isSoapBinding(binding) ? binding : 'soap11',
        'HTTP GET and POST hand a large document to SOAP 1.1',
      );
      assert.ok(progress.length > 4 && progress.every((b, i) => i === 0 || b > progress[i - 1]!), 'the progress follows the pieces');
      const blobs = join(sandbox.dataDir, 'blobs');
      const stored = await Promise.all((await readdir(blobs)).map((name) => readFile(join(blobs, name))));
      assert.ok(
        stored.some((blob) => blob.equals(pdf)),
        'the stored file is the very bytes sent',
      );
    });
  });
}

describe('client: every binding gives the same typed results', function () {
  this.timeout(120_000);
  it('for the same story on the same clock', async () => {
    const told = new Map<Binding, unknown[]>();
    for (const binding of BINDINGS) told.set(binding, (await stories.get(binding)!()).seen);
    const soap11 = told.get('soap11');
    assert.ok(soap11 && soap11.length >= 30, `${soap11?.length} results`);
    const comparable = (values: unknown[]) =>
      values.map((v) => (v && typeof v === 'object' && 'FileData' in v ? { ...v, FileData: 'pdf' } : v));
    for (const binding of BINDINGS) assert.deepEqual(comparable(told.get(binding)!), comparable(soap11), binding);
  });
});
