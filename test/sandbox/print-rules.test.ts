/**
 * The sandbox keeps the service's print rules with the printer the preflight uses, over real
 * HTTP: a Development letter whose pages are not all US Letter ends at -1021 and one that is
 * completes; a letter sent without an address completes when the recipient box of its page 1
 * holds one and ends at -1045 when it holds none; an encrypted or damaged PDF ends at -1025; and
 * for each, the preflight of the same file said so first.
 */
import { strict as assert } from 'node:assert';
import { preflightLetter } from '../../src/printing';
import { JANE_DOE, JANE_DOE_LINES, encryptedPdf, htmlWithAddress, pdfOfSizes, samplePdf } from '../helpers/documents';
import { httpCaller, startTestSandbox, type Call, type TestSandbox } from '../helpers/sandbox';

const demo = { Username: 'demo', Password: 'demo' };
const COMPLETED_IN_DEVELOPMENT = -1002;
const LETTER = [612, 792] as const;
const A4 = [595.28, 841.89] as const;

describe('sandbox: the print rules, as the preflight predicts them', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let call: Call;

  before(async () => {
    sandbox = await startTestSandbox();
    call = httpCaller(sandbox.url, 'http-post');
  });
  after(() => sandbox.close());

  /** Sends each letter (with Jane Doe's address, or without one), lets them be printed, and answers their final statuses. */
  async function finalStatuses(letters: readonly { type: string; data: Uint8Array; addressed: boolean }[]): Promise<number[]> {
    const ids: number[] = [];
    for (const [i, letter] of letters.entries()) {
      const fields = {
        ...demo,
        MyDescription: `rule ${i}`,
        FileExtension: letter.type,
        FileBinaryData: Buffer.from(letter.data),
        WorkMode: 'Development',
      };
      ids.push(
        (await call(
          'simple',
          letter.addressed ? 'SendLetterAndAddressV2' : 'SendLetterV2',
          letter.addressed ? { ...fields, ...JANE_DOE } : fields,
        )) as number,
      );
    }
    sandbox.advance(60_000);
    return Promise.all(
      ids.map(async (id) => ((await call('simple', 'GetLetterStatusV2', { ...demo, ID: id })) as { Status: number }).Status),
    );
  }

  /** What the preflight says the same letter ends at: its first error's code, or completion. */
  async function predicted(letter: { type: string; data: Uint8Array; addressed: boolean }): Promise<number> {
    const report = await preflightLetter(
      { type: letter.type, data: letter.data, ...(letter.addressed ? { address: JANE_DOE } : {}) },
      { workMode: 'Development' },
    );
    return report.findings.find((f) => f.severity === 'error')?.code ?? COMPLETED_IN_DEVELOPMENT;
  }

  async function check(cases: readonly [string, { type: string; data: Uint8Array; addressed: boolean }, number][]): Promise<void> {
    const statuses = await finalStatuses(cases.map(([, letter]) => letter));
    cases.forEach(([what, , expected], i) => assert.equal(statuses[i], expected, what));
    for (const [what, letter, expected] of cases) assert.equal(await predicted(letter), expected, `the preflight of ${what}`);
  }

  it('ends a letter with a page that is not US Letter at -1021; a Letter one, either way up or within 1/16 in, completes', async () => {
    const pdf = async (sizes: (readonly [number, number])[]) => ({ type: 'pdf', data: await pdfOfSizes(sizes), addressed: true });
    await check([
      ['A4', await pdf([A4]), -1021],
      ['US Legal', await pdf([[612, 1008]]), -1021],
      ['Letter and A4 mixed', await pdf([LETTER, A4, LETTER]), -1021],
      ['just beyond 1/16 in', await pdf([[612 + 4.6, 792]]), -1021],
      ['US Letter', await pdf([LETTER, LETTER]), COMPLETED_IN_DEVELOPMENT],
      ['US Letter landscape', await pdf([[792, 612]]), COMPLETED_IN_DEVELOPMENT],
      ['within 1/16 in', await pdf([[616.5, 787.5]]), COMPLETED_IN_DEVELOPMENT],
    ]);
  });

  it('reads the address of a letter sent without one from the recipient box of page 1: none there ends it at -1045', async () => {
    await check([
      [
        'a PDF with the address in the box',
        { type: 'pdf', data: await pdfOfSizes([LETTER], { address: JANE_DOE_LINES }), addressed: false },
        COMPLETED_IN_DEVELOPMENT,
      ],
      ['a PDF with nothing in the box', { type: 'pdf', data: await samplePdf(1), addressed: false }, -1045],
      [
        'HTML laid out with the address in the box',
        { type: 'html', data: Buffer.from(htmlWithAddress('<p>Thank you.</p>')), addressed: false },
        COMPLETED_IN_DEVELOPMENT,
      ],
      [
        'HTML with the address at the top',
        { type: 'html', data: Buffer.from(`<p>${JANE_DOE_LINES.join('<br>')}</p>`), addressed: false },
        -1045,
      ],
    ]);
  });

  it('ends an encrypted or damaged PDF at -1025', async () => {
    const whole = await samplePdf(3);
    await check([
      ['an encrypted PDF', { type: 'pdf', data: await encryptedPdf(), addressed: true }, -1025],
      ['a PDF cut short', { type: 'pdf', data: whole.subarray(0, Math.floor(whole.length * 0.6)), addressed: true }, -1025],
    ]);
  });
});
