/**
 * Every operation of the sandbox on every binding its service has, over real HTTP: node-soap for
 * SOAP 1.1 and 1.2, Mailroom's codec for HTTP GET and POST. Each binding runs the same story on a
 * fresh sandbox with the same clock, so the typed results of all bindings must be equal.
 *
 * The story's steps build on each other (the reports read the mailers the sends made); each runs
 * once, after the steps before it, whichever test asks first (test/helpers/steps.ts), so that any
 * test passes alone.
 */
import { strict as assert } from 'node:assert';
import {
  BINDINGS,
  ZERO_DATE,
  isSoapBinding,
  operationList,
  serviceByKey,
  zeroValue,
  type Binding,
  type ServiceKey,
} from '../../src/contract';
import { gzipText, htmlWithAddress, pageCount, samplePdf, samplePng, sampleDocx, JANE_DOE } from '../helpers/documents';
import { T0, callerFor, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';
import { storySteps, type Step } from '../helpers/steps';
import { DEFAULT_PRICING } from '../../src/printing';

const demo = { Username: 'demo', Password: 'demo' };
const clerk = { Username: 'clerk', Password: 'clerk' };
const other = { Username: 'other', Password: 'other' };
const address = JANE_DOE;
// Its page 1 holds Jane Doe's address in the recipient box: a letter sent without one completes.
const html = Buffer.from(htmlWithAddress('<h1>Hello</h1><p>A letter, é&amp;.</p>'));
const PRINTED = 4500;

type Transcript = [string, unknown][];

/** A result as compared across bindings: a PDF by its page count, since it is printed anew each time. */
async function comparable(value: unknown): Promise<unknown> {
  if (Buffer.isBuffer(value)) return { pdfPages: await pageCount(value) };
  if (Array.isArray(value)) return Promise.all(value.map(comparable));
  if (value instanceof Date || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await comparable(v)])));
}

function hasBinding(key: ServiceKey, binding: Binding): boolean {
  return serviceByKey(key).bindings.includes(binding);
}

/** One binding's story, on a sandbox of its own started on first use. */
class BindingStory {
  readonly transcript: Transcript = [];
  readonly ids = {} as Record<'v2' | 'docx' | 'pdf' | 'card' | 'dated' | 'datedAddress' | 'datedCard' | 'batch', number>;
  private readonly steps: Step<unknown>[] = [];
  private readonly chain = storySteps();
  private running: Promise<{ sandbox: TestSandbox; call: Call }> | undefined;
  private closed = false;

  constructor(readonly binding: Binding) {}

  private started() {
    if (this.closed) throw new Error(`the ${this.binding} sandbox is closed`);
    return (this.running ??= startTestSandbox().then((sandbox) => ({ sandbox, call: callerFor(sandbox.url, this.binding) })));
  }

  readonly sandbox = async (): Promise<TestSandbox> => (await this.started()).sandbox;
  readonly call: Call = async (service, op, request) => (await this.started()).call(service, op, request);

  /** Calls and records the result for the cross-binding comparison. */
  readonly record = async (service: ServiceKey, op: string, request: Record<string, unknown>) => {
    const result = await this.call(service, op, request);
    this.transcript.push([`${service} ${op}`, await comparable(result)]);
    return result as Record<string, unknown> & number;
  };

  /** The next step of the story: run once, after the ones before it. */
  step(body: () => Promise<void>): Step<void> {
    const step = this.chain(body);
    this.steps.push(step);
    return step;
  }

  /** The whole story told (any step not yet run, run now), for the comparison. */
  async told(): Promise<Transcript> {
    for (const step of this.steps) await step();
    return this.transcript;
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = this.running;
    this.running = undefined;
    if (running) await (await running).sandbox.close();
  }
}

const stories = new Map(BINDINGS.map((binding) => [binding, new BindingStory(binding)]));

for (const binding of BINDINGS) {
  const story = stories.get(binding)!;
  const { ids, record, call } = story;

  describe(`sandbox over ${binding}: every operation`, function () {
    this.timeout(60_000);
    after(() => story.close());

    it('refuses wrong credentials in every operation with -3003', async () => {
      for (const op of operationList.filter((o) => o.service.bindings.includes(binding))) {
        const request: Record<string, unknown> = {};
        for (const p of op.params) if (p.required) request[p.name] = zeroValue(p.type);
        Object.assign(
          request,
          op.params.some((p) => p.name === 'APIKey') ? { APIKey: 'not-a-key', Username: 'clerk' } : { Username: 'demo', Password: 'wrong' },
        );
        const result = await call(op.service.key, op.name, request);
        const code = op.result.kind === 'structure' ? (result as { ResultCode: number }).ResultCode : result;
        assert.equal(code, -3003, `${op.service.key} ${op.name}`);
      }
    });

    it(
      'simple: sends letters and a postcard, refusing bad fields',
      story.step(async () => {
        ids.v2 = await record('simple', 'SendLetterV2', {
          ...demo,
          MyDescription: 'v2',
          FileExtension: 'html',
          FileBinaryData: html,
          WorkMode: 'Development',
        });
        assert.ok(ids.v2 > 0);
        assert.equal(
          await record('simple', 'SendLetterV2', {
            ...demo,
            MyDescription: 'txt',
            FileExtension: 'txt',
            FileBinaryData: html,
            WorkMode: 'Development',
          }),
          -3004,
        );
        ids.docx = await record('simple', 'SendLetterAndAddress', {
          ...demo,
          MyDescription: 'docx',
          FileExtension: '.DOCX',
          FileBinaryData: sampleDocx(['# Dear Jane', 'Thank you.']),
          ...address,
          AttentionLine3: 'Third line',
        });
        assert.equal(ids.docx, ids.v2 + 1);
        assert.equal(
          await record('simple', 'SendLetterAndAddress', {
            ...demo,
            MyDescription: 'x',
            FileExtension: 'html',
            FileBinaryData: html,
            ...address,
            Address1: '',
          }),
          -4006,
        );
        ids.pdf = await record('simple', 'SendLetterAndAddressV2', {
          ...demo,
          MyDescription: 'pdf',
          FileExtension: 'pdf',
          FileBinaryData: await samplePdf(2),
          WorkMode: 'Production',
          ...address,
        });
        assert.equal(
          await record('simple', 'SendLetterAndAddressV2', {
            ...demo,
            MyDescription: 'x',
            FileExtension: 'html',
            FileBinaryData: html,
            WorkMode: 'Development',
            ...address,
            City: 'x'.repeat(31),
          }),
          -3113,
        );
        const postcard = {
          ...demo,
          MyDescription: 'card',
          ImageSideFileType: 'png',
          ImageSideBinaryData: samplePng(),
          ImageSideScaling: 'FitToPage',
          AddressSideFileType: 'html',
          AddressSideBinaryData: Buffer.from('<p>Greetings</p>'),
          WorkMode: 'Development',
          PrintColor: 'FullColor',
          PostcardSize: 'Default',
          MailingPriority: 'Default',
          ...address,
        };
        ids.card = await record('simple', 'SendPostcardAndAddress', postcard);
        assert.ok(ids.card > ids.pdf);
        assert.equal(await record('simple', 'SendPostcardAndAddress', { ...postcard, ImageSideFileType: '' }), -3128);
      }),
    );

    it(
      'simple: reports status, ranges, lists and details, and the printed PDF',
      story.step(async () => {
        const first = await record('simple', 'GetLetterStatus', { ...demo, ID: ids.v2 });
        assert.equal(first.ResultCode, -3000);
        assert.equal(first.Status, -900);
        assert.deepEqual(first.LastUpdateTime, new Date(T0), "sent at T0, the sandbox's fixed start");
        assert.equal(await record('simple', 'GetPDF', { ...demo, ID: ids.v2 }).then((r) => r.ResultCode), -3020);
        (await story.sandbox()).advance(PRINTED);

        assert.deepEqual(await record('simple', 'GetLetterStatusV2', { ...demo, ID: ids.v2 }), {
          ResultCode: -3000,
          Status: -995,
          Description: 'Waiting For Delivery',
          LastUpdateTime: new Date(first.LastUpdateTime.getTime() + 4000),
        });
        assert.equal((await record('simple', 'GetLetterStatus', { ...demo, ID: 99 })).ResultCode, -3116);
        assert.equal((await record('simple', 'GetLetterStatus', { ...other, ID: ids.v2 })).ResultCode, -3001);

        const multiple = await record('simple', 'GetLetterStatus_Multiple', { ...demo, ID: `${ids.v2},${ids.docx},5` });
        assert.deepEqual(
          (multiple.LetterStatuses as { Status: number }[]).map((s) => s.Status),
          [-995, -995, -3001],
        );
        assert.equal((await record('simple', 'GetLetterStatus_Multiple', { ...demo, ID: 'junk' })).ResultCode, -4013);
        const multipleV2 = await record('simple', 'GetLetterStatusV2_Multiple', { ...demo, ID: `${ids.v2}-${ids.docx}` });
        assert.deepEqual(
          (multipleV2.LetterStatuses as { Description: string }[]).map((s) => s.Description),
          ['Waiting For Delivery', 'Waiting For Delivery'],
        );

        const range = await record('simple', 'GetLetterStatus_Range', { ...demo, MinID: 1, MaxID: ids.card + 10 });
        assert.deepEqual(
          (range.LetterStatuses as { ID: number }[]).map((s) => s.ID),
          [ids.v2, ids.docx, ids.pdf, ids.card],
        );
        assert.equal((await record('simple', 'GetLetterStatus_Range', { ...demo, MinID: 9, MaxID: 3 })).ResultCode, -4013);
        const rangeV2 = await record('simple', 'GetLetterStatusV2_Range', { ...other, MinID: ids.v2, MaxID: ids.card });
        assert.deepEqual(rangeV2, { ResultCode: -3115, LetterStatuses: [] });

        const details = await record('simple', 'GetLetterDetails', { ...demo, ID: ids.pdf });
        assert.equal(details.NumOfSheets, 3, 'address page and two PDF pages');
        assert.equal(
          details.Price,
          Math.round((DEFAULT_PRICING.letterBase + 3 * DEFAULT_PRICING.perSheet) * 100) / 100,
          'three black sheets',
        );
        assert.equal(details.Envelope, 'Env#10WhiteDoubleWindow');
        assert.equal((details.CompletionTime as Date).getTime(), ZERO_DATE.getTime());
        assert.equal((await record('simple', 'GetLetterDetails', { ...other, ID: ids.pdf })).ResultCode, -3001);
        const detailsV2 = await record('simple', 'GetLetterDetailsV2', { ...demo, ID: ids.pdf });
        assert.equal(detailsV2.WorkMode, 'Production');

        const pdf = await record('simple', 'GetPDF', { ...demo, ID: ids.pdf });
        assert.equal(pdf.ResultCode, -3000);
        assert.equal(await pageCount(pdf.FileData as Buffer), 3);
        assert.deepEqual(await record('simple', 'GetPDF', { ...other, ID: ids.pdf }), { ResultCode: -3001 });
      }),
    );

    if (!hasBinding('datedA', binding)) return;

    it(
      'dated A: sends letters, a postcard and a mail merge',
      story.step(async () => {
        ids.dated = await record('datedA', 'SendLetter', {
          ...demo,
          MyDescription: 'dated',
          FileExtension: 'htm',
          FileBinaryData: html,
          WorkMode: 'Default',
        });
        assert.ok(ids.dated > ids.card);
        assert.equal(
          await record('datedA', 'SendLetter', { ...demo, FileExtension: 'html', FileBinaryData: html, WorkMode: 'Default' }),
          -4003,
        );
        ids.datedAddress = await record('datedA', 'SendLetterAndAddress', {
          ...demo,
          MyDescription: 'addr',
          FileExtension: 'html',
          FileBinaryData: html,
          WorkMode: 'Development',
          ...address,
        });
        assert.equal(
          await record('datedA', 'SendLetterAndAddress', {
            ...demo,
            MyDescription: 'x',
            FileExtension: 'html',
            FileBinaryData: html,
            WorkMode: 'Development',
            ...address,
            AttentionLine1: '',
          }),
          -4008,
        );
        const card = {
          ...demo,
          MyDescription: 'card',
          ImageSideFileType: 'html',
          ImageSideBinaryData: Buffer.from('<h1>Hi</h1>'),
          ImageSideScaling: 'None',
          AddressSideFileType: 'png',
          AddressSideBinaryData: samplePng(),
          WorkMode: 'Development',
          PrintColor: 'Black',
          PostcardSize: 'Postcard_4_25X6',
          MailingPriority: 'FirstClass',
          ...address,
        };
        ids.datedCard = await record('datedA', 'SendPostcardAndAddress', card);
        assert.equal(await record('datedA', 'SendPostcardAndAddress', { ...card, AddressSideFileType: 'gif' }), -3131);

        const template = Buffer.from('<p>Dear {{Name}},</p><p>Your order {{Order}} has shipped.</p>');
        const csv =
          'Name,Order,AttentionLine1,Address1,City,State,PostalCode\r\nAda,A-1,Ada Lovelace,1 Analytical Way,London,KY,40741\r\n"Lin, Grace",B-2,Grace Lin,2 Main St,Springfield,IL,62701\r\n';
        const merge = await record('datedA', 'SendWordMailMerge_Compressed', {
          ...demo,
          MyDescription: 'merge',
          FileExtension: 'html',
          FileBinaryData: template,
          MergeData: gzipText(csv),
          WorkMode: 'Development',
        });
        assert.ok((merge.ResultCode as number) > ids.datedCard);
        assert.equal(merge.ResultDescription, '2 letters queued');
        ids.batch = merge.ResultCode as number;

        const unknown = await record('datedA', 'SendWordMailMerge_Compressed', {
          ...demo,
          MyDescription: 'merge',
          FileExtension: 'html',
          FileBinaryData: template,
          MergeData: gzipText('Name,Order,Shoe\r\nA,B,C\r\n'),
          WorkMode: 'Development',
        });
        assert.equal(unknown.ResultCode, -3145);
        assert.match(unknown.ResultDescription as string, /Shoe/);
      }),
    );

    it(
      'dated A: reports on lists, details, batches and PDFs',
      story.step(async () => {
        const statuses = await record('datedA', 'GetStatus', { ...demo, ID: `${ids.dated}-${ids.datedCard}` });
        assert.deepEqual(
          (statuses.Statuses as { Status: number }[]).map((s) => s.Status),
          [-900, -900, -900],
        );
        (await story.sandbox()).advance(PRINTED);
        const details = await record('datedA', 'GetDetails', { ...demo, ID: String(ids.dated) });
        const [item] = details.Details as Record<string, unknown>[];
        assert.equal(item!.MailerType, 'Letter');
        assert.equal(item!.IsBatch, false);
        assert.equal(item!.WorkMode, 'Development', "Default is the user's General_WorkMode");
        assert.deepEqual(await record('datedA', 'GetDetails', { ...other, ID: String(ids.dated) }), { ResultCode: -3115, Details: [] });
        const extended = await record('datedA', 'GetDetailsExtended', { ...demo, ID: `${ids.batch},${ids.datedCard}` });
        const [batch, card] = extended.Details as Record<string, unknown>[];
        assert.equal(batch!.IsBatch, true);
        assert.equal(card!.MailerType, 'Postcard');
        assert.equal(card!.Postcard, 'Postcard_4_25X6');

        const items = await record('datedA', 'GetBatchStatus', { ...demo, ID: ids.batch, ItemID: '' });
        assert.deepEqual(
          (items.Statuses as { ItemID: number; Status: number }[]).map((s) => [s.ItemID, s.Status]),
          [
            [1, -995],
            [2, -995],
          ],
        );
        const second = await record('datedA', 'GetBatchStatus', { ...demo, ID: ids.batch, ItemID: '2' });
        assert.equal((second.Statuses as unknown[]).length, 1);
        assert.equal((await record('datedA', 'GetBatchStatus', { ...demo, ID: ids.dated, ItemID: '' })).ResultCode, -3116);
        const batchDetails = await record('datedA', 'GetBatchDetails', { ...demo, ID: ids.batch, ItemID: '1-2' });
        const batchItems = batchDetails.Items as { Price: number }[];
        assert.equal(batchItems.length, 2);
        assert.equal(batchDetails.Price, Math.round(batchItems.reduce((s, i) => s + i.Price, 0) * 100) / 100);
        assert.equal((await record('datedA', 'GetBatchDetails', { ...demo, ID: ids.batch, ItemID: '7' })).ResultCode, -3115);

        const pdf = await record('datedA', 'GetPDF', { ...demo, ID: ids.batch });
        assert.equal(await pageCount(pdf.FileData as Buffer), 4, 'two letters of an address page and a text page');
      }),
    );

    it(
      'dated A: cancels in time, and not after',
      story.step(async () => {
        const fresh = await record('datedA', 'SendLetter', {
          ...demo,
          MyDescription: 'cancel me',
          FileExtension: 'html',
          FileBinaryData: html,
          WorkMode: 'Development',
        });
        assert.equal(await record('datedA', 'CancelDelivery', { ...demo, ID: fresh }), -3000);
        assert.equal(await record('datedA', 'CancelDelivery', { ...demo, ID: fresh }), -3022);
        assert.equal(await record('datedA', 'CancelDelivery', { ...demo, ID: ids.dated }), -3022, 'already printed');
        assert.equal(await record('datedA', 'CancelDelivery', { ...other, ID: ids.dated }), -3001);
        const status = await record('datedA', 'GetStatus', { ...demo, ID: String(fresh) });
        assert.equal((status.Statuses as { Status: number }[])[0]!.Status, -1005);
      }),
    );

    it(
      'dated A: stores, lists, uses and deletes files',
      story.step(async () => {
        const letterhead = Buffer.from('<h1>Letterhead</h1><p>Stored.</p>');
        const upload = {
          ...demo,
          MyFileName: 'letterhead.html',
          FileBinaryData: letterhead,
          Permissions: 'Account',
          Description: 'Our letterhead',
          Overwrite: false,
        };
        assert.equal(await record('datedA', 'GetUploadedFileDetails', demo).then((r) => r.ResultCode), -3163);
        assert.equal(await record('datedA', 'UploadFile', upload), -3000);
        assert.equal(await record('datedA', 'UploadFile', upload), -3127);
        assert.equal(await record('datedA', 'UploadFile', { ...upload, ...clerk, MyFileName: 'mine.html' }), -3164);
        assert.equal(await record('datedA', 'UploadFile', { ...upload, MyFileName: 'no-extension' }), -3126);
        const list = await record('datedA', 'GetUploadedFileDetails', clerk);
        assert.deepEqual(
          (list.UploadedFiles as Record<string, unknown>[]).map((f) => [f.FileName, f.Permissions, f.Description]),
          [['letterhead.html', 'Account', 'Our letterhead']],
        );
        assert.equal((await record('datedA', 'GetUploadedFileDetails', other)).ResultCode, -3163);
        const stored = await record('simple', 'SendLetterV2', {
          ...clerk,
          MyDescription: 'stored',
          FileExtension: 'MyFile:letterhead.html',
          WorkMode: 'Development',
        });
        assert.ok(stored > 0);
        assert.equal(
          await record('simple', 'SendLetterV2', {
            ...demo,
            MyDescription: 'stored',
            FileExtension: 'MyFile:none.html',
            WorkMode: 'Development',
          }),
          -3146,
        );
        assert.equal(await record('datedA', 'DeleteUploadedFile', { ...clerk, MyFileName: 'letterhead.html' }), -3161);
        assert.equal(await record('datedA', 'DeleteUploadedFile', { ...demo, MyFileName: 'letterhead.html' }), -3000);
        assert.equal(await record('datedA', 'DeleteUploadedFile', { ...demo, MyFileName: 'letterhead.html' }), -3160);
      }),
    );

    if (!isSoapBinding(binding)) return;

    it(
      'dated B: sends an advanced letter of several files',
      story.step(async () => {
        const request = {
          APIKey: 'demo-key',
          MyDescription: 'advanced',
          Files: [
            { FileExtension: 'html', FileBinaryData: html },
            { FileExtension: 'pdf', FileBinaryData: await samplePdf(1) },
          ],
          Addresses: {
            RecipientAddress: { AttentionLine1: 'Jane Doe', Address1: '1 Main St', City: 'Springfield', State: 'IL', Zipcode: '62701' },
            ReplyAddress: {
              Contact: { Company: 'Acme', Address1: '9 Side St', City: 'Shelbyville', Zipcode: '62565' },
              StampingLocation: 'Bottom',
            },
          },
          Settings: { Perforation: 'BottomThird', ReplyEnvelope: 'Env9ReplySingleWindow', WorkMode: 'Development', PrintColor: 'Black' },
        };
        const id = await record('datedB', 'SendLetterAdvanced', request);
        assert.ok(id > 0);
        assert.equal(
          await record('datedB', 'SendLetterAdvanced', {
            ...request,
            Addresses: { RecipientAddress: { ...request.Addresses.RecipientAddress, Zipcode: '1'.repeat(16) } },
          }),
          -3123,
        );
        (await story.sandbox()).advance(PRINTED);
        const details = await record('simple', 'GetLetterDetails', { ...demo, ID: id });
        assert.equal(details.NumOfSheets, 3, 'address page, HTML page and PDF page');
      }),
    );

    it(
      "admin: changes a user's settings, refusing bad values",
      story.step(async () => {
        assert.equal(
          await record('admin', 'SetUserSettings', {
            APIKey: 'demo-key',
            Username: 'clerk',
            Settings: [
              ['General_WorkMode', 'Production'],
              ['Letters_PrintSides', 'Duplex'],
            ],
          }),
          -3000,
        );
        assert.equal(
          await record('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'clerk', Settings: [['Security_Password', 'x']] }),
          -3217,
        );
        assert.equal(await record('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'clerk', Settings: [['Nope', 'x']] }), -3212);
        assert.equal(
          await record('admin', 'SetUserSettings', { APIKey: 'demo-key', Username: 'clerk', Settings: [['General_WorkMode']] }),
          -3240,
        );
        assert.equal(
          await record('admin', 'SetUserSettings', {
            APIKey: 'other-key',
            Username: 'clerk',
            Settings: [['General_WorkMode', 'Production']],
          }),
          -3211,
        );
        const id = await record('simple', 'SendLetterV2', {
          ...clerk,
          MyDescription: 'now production',
          FileExtension: 'html',
          FileBinaryData: html,
          WorkMode: 'Default',
        });
        const details = await record('simple', 'GetLetterDetailsV2', { ...clerk, ID: id });
        assert.equal(details.WorkMode, 'Production');
        assert.equal(details.PrintSides, 'PrintDuplex');
      }),
    );
  });
}

describe('sandbox: every binding gives the same typed results', function () {
  this.timeout(120_000);
  after(() => Promise.all([...stories.values()].map((story) => story.close())));

  it('SOAP 1.1 and 1.2 alike; HTTP GET, POST and SOAP alike where they share operations', async () => {
    const transcripts = new Map<Binding, Transcript>();
    for (const [binding, story] of stories) transcripts.set(binding, await story.told());
    const soap11 = transcripts.get('soap11')!;
    assert.ok(soap11.length > 60, `transcript of ${soap11.length} calls`);
    assert.deepEqual(transcripts.get('soap12'), soap11);
    const shared = soap11.slice(0, transcripts.get('http-get')!.length);
    assert.ok(
      shared.some(([call]) => call.startsWith('datedA ')) && !shared.some(([call]) => /^(datedB|admin) /.test(call)),
      'they share simple and dated A',
    );
    assert.deepEqual(transcripts.get('http-get'), shared);
    assert.deepEqual(transcripts.get('http-post'), shared);
    // Told on the same fixed clock: the first status is of a letter sent at T0.
    assert.deepEqual(soap11.find(([call]) => call === 'simple GetLetterStatus')?.[1], {
      ResultCode: -3000,
      Status: -900,
      LastUpdateTime: new Date(T0),
    });
  });
});
