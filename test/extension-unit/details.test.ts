/** Show Details and the waiting PDF preview, without VS Code: the words table, the page, its HTML, and what a preview says while it waits. */
import { strict as assert } from 'node:assert';
import { ZERO_DATE, describeReportValue, describeStatus, enums, mailerStatuses, reportValueWords } from '../../src/contract';
import { detailsPage, detailsText, detailsTitle, itemPageIds } from '../../src/extension/model/details';
import { pdfWait, previewTitle, worthAskingAgain } from '../../src/extension/model/pdf-wait';
import { detailsHtml } from '../../src/extension/views/details-html';

/** A letter's extended details as the sandbox reports them (src/sandbox/operations/mailers.ts). */
const letter = {
  ID: 1021985,
  Price: 0.87,
  NumOfSheets: 2,
  SubmitTime: new Date(Date.UTC(2026, 10, 22, 9, 30, 5)),
  CompletionTime: ZERO_DATE,
  Status: -910,
  StatusDescription: 'In Process',
  IsBatch: false,
  MyDescription: 'letter.md',
  MailerType: 'Letter',
  WorkMode: 'Development',
  Orientation: 'Portrait',
  Envelope: 'Env#10WhiteDoubleWindow',
  Paper: 'Letter24#BondWhite',
  PrintColor: 'Black',
  PrintSides: 'PrintSimplex',
  NationalMailing: 'USFirstClass',
  InternationalMailing: 'USInterFirstClass',
};

/** Every raw value a report carries, which must never stand alone on the page. */
const RAW = [
  'PrintSimplex',
  'PrintDuplex',
  'Env#10WhiteDoubleWindow',
  'Postcard_4_25X6',
  'Letter24#BondWhite',
  'USFirstClass',
  'USInterFirstClass',
  'FullColor',
  'Postcard14ptGloss',
];

describe('the words of reported values', () => {
  it('has words for every value of the enumerations reports carry, Default aside, and for the values the facts list', () => {
    for (const [field, enumName] of [
      ['PrintColor', 'PrintColor'],
      ['Postcard', 'PostcardSize'],
      ['WorkMode', 'WorkMode'],
    ] as const) {
      assert.deepEqual(
        Object.keys(reportValueWords[field]).sort(),
        enums[enumName].filter((v) => v !== 'Default').sort(),
        `${field}: one entry per value of ${enumName}`,
      );
    }
    assert.equal(describeReportValue('PrintSides', 'PrintSimplex'), 'Printed on one side');
    assert.equal(describeReportValue('PrintSides', 'PrintDuplex'), 'Printed on both sides');
    assert.match(describeReportValue('Envelope', 'Env#10WhiteDoubleWindow'), /^No\. 10 double-window envelope/);
    assert.equal(describeReportValue('Postcard', 'Postcard_4_25X6'), '4.25 × 6 inch postcard');
    assert.equal(describeReportValue('PrintColor', 'FullColor'), 'Full colour');
    for (const raw of RAW) {
      const words = Object.values(reportValueWords).flatMap((w) => Object.values<string>(w));
      assert.ok(!words.some((w) => w.includes(raw)), `${raw} is not its own words`);
    }
  });

  it('shows a value the table does not know as the service wrote it, and nothing from the prototype', () => {
    assert.equal(describeReportValue('Envelope', 'Env#9Plain'), 'Env#9Plain');
    assert.equal(describeReportValue('Envelope', 'toString'), 'toString');
  });
});

describe('the details page', () => {
  it('says a letter in words: kind, sides, envelope, colour, work mode, dollars, times with their zone', () => {
    const page = detailsPage(letter);
    assert.equal(page.title, 'Mailer 1021985 · letter.md');
    const text = detailsText(page);
    for (const words of [
      'Kind: Letter',
      'Sides: Printed on one side',
      'Envelope: No. 10 double-window envelope',
      'Colour: Black and white',
      'Work mode: Development: processed as in Production but never printed',
      'Price: $0.87',
      "Submitted: 22 Nov 2026, 09:30:05 (account's time)",
      'Completed: Not yet',
      `Status: ${describeStatus(-910)} (status -910)`,
      'Mailing in the US: US First-Class Mail',
    ]) {
      assert.ok(text.includes(words), `${words}\n--- in ---\n${text}`);
    }
    assert.match(page.timeNote, /General_Timezone/);
    for (const raw of RAW) assert.ok(!text.includes(raw), `${raw} in\n${text}`);
  });

  it('says a postcard in words, and lists a batch with its items', () => {
    const postcard = detailsText(
      detailsPage({
        ...letter,
        MailerType: 'Postcard',
        Envelope: '',
        Postcard: 'Postcard_4_25X6',
        PrintColor: 'FullColor',
        Paper: 'Postcard14ptGloss',
      }),
    );
    assert.match(postcard, /Kind: Postcard/);
    assert.match(postcard, /Postcard size: 4\.25 × 6 inch postcard/);
    assert.match(postcard, /Colour: Full colour/);
    assert.ok(!/Envelope:/.test(postcard), 'an empty field is left out');
    for (const raw of RAW) assert.ok(!postcard.includes(raw), raw);

    const batch = { ...letter, ResultCode: -3000, IsBatch: true };
    const items = [-1002, -1018].map((Status, i) => ({
      ItemID: i + 1,
      Status,
      Description: describeStatus(Status),
      Price: 0.62,
      NumOfSheets: 1,
      LastUpdateTime: new Date(Date.UTC(2026, 10, 22, 9, 31)),
    }));
    const page = detailsPage({ ...letter, IsBatch: true }, { batch: { ...batch, Items: items }, first: 1 });
    assert.equal(page.items?.heading, 'Batch items (2)');
    assert.deepEqual(page.items?.rows[1], [
      '2',
      `${describeStatus(-1018)} (status -1018)`,
      '$0.62',
      '1',
      "22 Nov 2026, 09:31:00 (account's time)",
    ]);
    assert.match(detailsText(page), /Mail merge batch: Yes, 2 letters/);
    assert.equal(page.items?.previous, undefined);
    assert.equal(page.items?.next, undefined, 'one page: no links');
  });

  it("shows a batch's items a page at a time, with links to the pages before and after, counting the letters once the last is shown (issue 32, part 5)", () => {
    const batch = { ...letter, ResultCode: -3000, IsBatch: true };
    const item = (ItemID: number) => ({ ItemID, Status: -1002, Price: 0.62, NumOfSheets: 1, LastUpdateTime: ZERO_DATE });
    // What GetBatchDetails answers for ItemID itemPageIds(first): up to a page and one item more.
    const answered = (first: number, count: number) => ({ ...batch, Items: Array.from({ length: count }, (_, i) => item(first + i)) });
    assert.equal(itemPageIds(1), '1-101');
    assert.equal(itemPageIds(201), '201-301');

    const firstPage = detailsPage({ ...letter, IsBatch: true }, { batch: answered(1, 101), first: 1 });
    assert.equal(firstPage.items?.heading, 'Batch items 1–100, more follow');
    assert.equal(firstPage.items?.rows.length, 100, 'the item asked for beyond the page only says more follow');
    assert.equal(firstPage.items?.previous, undefined);
    assert.deepEqual(firstPage.items?.next, { firstItem: 101, label: 'Next 100 items' });
    assert.match(detailsText(firstPage), /Mail merge batch: Yes\n/, 'no count before the last page is read');
    assert.match(detailsText(firstPage), /\n100 \| [^\n]*\nNext 100 items\n/);

    const middle = detailsPage({ ...letter, IsBatch: true }, { batch: answered(1001, 101), first: 1001 });
    assert.equal(middle.items?.heading, 'Batch items 1,001–1,100, more follow');
    assert.deepEqual(middle.items?.previous, { firstItem: 901, label: 'Previous 100 items' });
    assert.deepEqual(middle.items?.next?.firstItem, 1101);

    const last = detailsPage({ ...letter, IsBatch: true }, { batch: answered(1901, 100), first: 1901 });
    assert.equal(last.items?.heading, 'Batch items 1,901–2,000 of 2,000');
    assert.equal(last.items?.next, undefined, 'exactly a page left: no Next');
    assert.match(detailsText(last), /Mail merge batch: Yes, 2,000 letters/);

    const html = detailsHtml(middle, 'vscode-resource:', 'vscode-resource:/media/details.css');
    const links = [...html.matchAll(/<a href="command:mailroom\.showBatchItems\?([^"]+)">([^<]+)<\/a>/g)].map((m) => [
      JSON.parse(decodeURIComponent(m[1]!.replace(/&amp;/g, '&'))) as unknown,
      m[2],
    ]);
    assert.deepEqual(links, [
      [[1021985, 901], 'Previous 100 items'],
      [[1021985, 1101], 'Next 100 items'],
    ]);
    assert.ok(!/<script/i.test(html), 'links, no script');
  });

  it("names the recipient, and a failed or cancelled mailer's end by how it ended, not Completed (issue 25, part 10)", () => {
    const end = new Date(Date.UTC(2026, 10, 22, 9, 40));
    const failed = detailsText(
      detailsPage(
        { ...letter, Status: -1018, StatusDescription: describeStatus(-1018), CompletionTime: end },
        undefined,
        undefined,
        'Jane Doe, 1 Main St, Springfield, IL, 62701',
      ),
    );
    assert.match(failed, /Recipient: Jane Doe, 1 Main St, Springfield, IL, 62701\n/);
    assert.match(failed, /\nFailed: 22 Nov 2026, 09:40:00 \(account's time\)/);
    assert.doesNotMatch(failed, /\nCompleted:/);
    const cancelled = detailsText(detailsPage({ ...letter, Status: -1005, StatusDescription: describeStatus(-1005), CompletionTime: end }));
    assert.match(cancelled, /\nCancelled: 22 Nov 2026/);
    assert.doesNotMatch(cancelled, /Recipient:/, 'none when it is not known');
    assert.match(detailsText(detailsPage({ ...letter, Status: -1000, CompletionTime: end })), /\nCompleted: 22 Nov 2026/);
  });

  it('titles a mailer without a description by its ID', () => {
    assert.equal(detailsTitle(5), 'Mailer 5');
    assert.equal(detailsPage({ ...letter, MyDescription: '' }).heading, 'Mailer 1021985');
  });

  it('draws static HTML: everything escaped, no script, styles only from the webview', () => {
    const html = detailsHtml(
      detailsPage({ ...letter, MyDescription: '<img src=x onerror=alert(1)> & "q"' }),
      'vscode-resource:',
      'vscode-resource:/media/details.css',
    );
    assert.ok(!html.includes('<img'), 'the description is escaped');
    assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt; &amp; &quot;q&quot;/);
    assert.ok(!/<script/i.test(html), 'no script');
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    assert.equal(csp, "default-src 'none'; style-src vscode-resource:");
    assert.match(html, /<th scope="row">Sides<\/th><td>Printed on one side<\/td>/);
  });
});

describe('a PDF preview waiting for the PDF', () => {
  it('titles a preview with the name and the ID', () => {
    assert.equal(previewTitle(1021985, 'letter.md'), 'letter.md · 1021985');
    assert.notEqual(previewTitle(1021985, 'letter.md'), previewTitle(1021986, 'letter.md'));
    assert.equal(previewTitle(7), 'Mailer 7');
  });

  it('says when it expects the PDF while the mailer is in process, and that it will show it by itself', () => {
    const wait = pdfWait({ status: -910, statusText: 'In Process', lastUpdate: '2026-11-22T09:30:05' });
    assert.equal(wait.waiting, true);
    assert.match(wait.reason, /not available yet/);
    assert.match(wait.reason, /“In Process” since 2026-11-22 09:30:05 \(account's time\)/);
    assert.match(wait.reason, /by itself when the mailer reaches Waiting For Delivery/);
    assert.equal(pdfWait(undefined).waiting, true);
  });

  it('does not wait for a mailer that ended without being printed', () => {
    const wait = pdfWait({ status: -1005 });
    assert.equal(wait.waiting, false);
    assert.match(wait.reason, /ended as “Actively canceled by user”/);
  });

  it('waits, asking again by the clock, for a printed mailer’s PDF the service is still printing; a final one’s is deleted only after the patience', () => {
    const printing = pdfWait({ status: -995 }, 600_000_000);
    assert.equal(printing.waiting, true, 'Waiting For Delivery: never deleted, still being printed');
    assert.ok(printing.askAgainInMs! > 0);
    assert.match(printing.reason, /still printing this PDF \(-3020/);
    assert.doesNotMatch(printing.reason, /takes it as deleted/);
    const completed = pdfWait({ status: -1002 }, 12_000);
    assert.equal(completed.waiting, true, 'Completed, 12 s of -3020: still being printed, or deleted');
    assert.match(completed.reason, /12 s so far\), and takes it as deleted if it is still not there after 10 minutes/);
    const deleted = pdfWait({ status: -1002 }, 10 * 60_000);
    assert.deepEqual([deleted.waiting, deleted.askAgainInMs], [false, undefined]);
    assert.match(deleted.reason, /The PDF was deleted: the service has answered -3020 .* for 10 minutes/);
  });

  it('asks again when the mailer is printed or ends, not while it only moves on in process', () => {
    const printed = mailerStatuses.filter((s) => worthAskingAgain(-900, s.code)).map((s) => s.code);
    assert.ok(printed.includes(-995) && printed.includes(-1002) && printed.includes(-1005));
    assert.ok(!printed.includes(-910) && !printed.includes(-990));
    assert.equal(worthAskingAgain(-995, -995), false, 'not twice for one status');
  });
});
