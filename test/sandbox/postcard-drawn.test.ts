/**
 * A postcard's HTML sides are drawn by the browser, as a letter's HTML is (issue 30: "never lay
 * out by hand what a browser lays out"): sent to a real sandbox over HTTP, its GetPDF read back by
 * poppler. The image side is the whole card, its inline picture and its bold heading printed; the
 * address side's message keeps its table's columns in the message half, the address on the right.
 */
import { strict as assert } from 'node:assert';
import { closeEngines, theBrowser } from '../../src/printing/engines';
import { JANE_DOE, samplePng } from '../helpers/documents';
import { fontsOf, imagesOf, pageTextsOf } from '../helpers/render-corpus';
import { httpCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };
const picture = `data:image/png;base64,${samplePng(90, 60, [200, 40, 40]).toString('base64')}`;
const IMAGE_SIDE = `<html><body style="margin:0;background:#fde">
  <h1 style="font:bold 28px 'Liberation Serif'">Greetings from Springfield</h1>
  <img src="${picture}" style="width:2in;height:1.33in"></body></html>`;
const ADDRESS_SIDE = `<table style="font:11px 'Liberation Sans'"><tr><td>Opening</td><td>9am</td></tr><tr><td>Closing</td><td>5pm</td></tr></table>`;

describe('a postcard’s HTML sides are drawn by the browser (issue 30)', function () {
  this.timeout(120_000);
  let sandbox: TestSandbox;
  let call: Call;

  before(async () => {
    assert.ok(theBrowser(), 'setup installs Chromium: the sandbox draws HTML sides with it');
    sandbox = await startTestSandbox({ schedule: { inProcessMs: 0, printedMs: 0, completedMs: 0 } });
    call = httpCaller(sandbox.url, 'http-post');
  });
  after(async () => {
    await sandbox?.close();
    await closeEngines();
  });

  it('prints the image side’s picture and bold heading, and the message’s table in columns beside the address', async () => {
    const id = (await call('simple', 'SendPostcardAndAddress', {
      ...demo,
      ...JANE_DOE,
      MyDescription: 'card',
      ImageSideFileType: 'html',
      ImageSideBinaryData: Buffer.from(IMAGE_SIDE),
      ImageSideScaling: 'FitToPage',
      AddressSideFileType: 'html',
      AddressSideBinaryData: Buffer.from(ADDRESS_SIDE),
      WorkMode: 'Development',
      PrintColor: 'FullColor',
      PostcardSize: 'Default',
      MailingPriority: 'Default',
    })) as number;
    assert.ok(id > 0, `the card is taken (${id})`);
    const result = (await call('simple', 'GetPDF', { ...demo, ID: id })) as { ResultCode: number; FileData: Buffer };
    assert.equal(result.ResultCode, -3000);
    const pdf = result.FileData;
    const [image, address] = pageTextsOf(pdf);
    assert.match(image ?? '', /Greetings from Springfield/);
    assert.deepEqual(
      imagesOf(pdf).map((i) => [i.page, i.width, i.height]),
      [[1, 90, 60]],
      'the picture, at its own pixels, on the image side',
    );
    assert.ok(
      fontsOf(pdf).some((f) => /LiberationSerif-Bold/.test(f.name) && f.embedded),
      JSON.stringify(fontsOf(pdf)),
    );
    // Each row's cells on a line of their own, in order, before the address on the right.
    assert.match(address ?? '', /Opening 9am Closing 5pm/);
    assert.match(address ?? '', /1 Main St.*Springfield, IL 62701/);
  });
});
