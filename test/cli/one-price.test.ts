/**
 * One price (issue 33, part 1): every kind of mailer, in every colour and on both print sides,
 * sent by the command line in Production to a real sandbox, is charged (GetDetails) exactly what
 * the command line's spending guard weighed (the send log's price) and its preflight said. A
 * postcard whose colour is Default is full colour, as the service prints its picture side.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailWsClient, readSendLog } from '../../src/client';
import { mailroom, type CliRun } from '../helpers/cli';
import { JANE_DOE_LINES, pdfOfSizes, samplePng } from '../helpers/documents';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const LETTER = [612, 792] as const;
const TO = 'Jane Doe, 1 Main St, Springfield, IL 62701';

describe('mailroom: one price for every mailer, as the sandbox charges it (issue 33)', function () {
  this.timeout(120_000);
  let sandbox: TestSandbox;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let client: MailWsClient;
  let letter: string;
  let template: string;
  let people: string;
  /** What the sandbox charged for the merge of each account setting, by "sides colour". */
  const mergeCharges = new Map<string, number>();

  const run = async (...args: string[]): Promise<CliRun> => {
    const result = await mailroom(args, { env });
    assert.equal(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
    return result;
  };
  /** The price the send log says the guard weighed for mailer `id`, and what the service charged for it. */
  const weighedAndCharged = async (id: number) => {
    const logged = (await readSendLog(join(dir, 'state', 'mailroom', 'sent.jsonl'))).find((s) => s.outcome === 'sent' && s.id === id);
    const details = (await client.datedA.GetDetailsExtended({ ID: String(id) })).Details[0]!;
    return { weighed: logged?.price, charged: details.Price, colour: details.PrintColor, sides: details.PrintSides };
  };
  const setPrinting = (sides: string, colour: string) =>
    run(
      'call',
      'SetUserSettings',
      '--param',
      'Username=demo',
      '--param',
      `Settings=[["Letters_PrintSides","${sides}"],["Letters_PrintColor","${colour}"]]`,
    );

  before(async () => {
    sandbox = await startTestSandbox();
    dir = mkdtempSync(join(tmpdir(), 'mailroom-one-price-'));
    env = { XDG_STATE_HOME: join(dir, 'state'), XDG_CONFIG_HOME: join(dir, 'config'), MAILROOM_ENDPOINT: sandbox.url };
    // Three pages with the address in the recipient box: 3 sheets simplex, 2 duplex.
    letter = join(dir, 'three-pages.pdf');
    writeFileSync(letter, await pdfOfSizes([LETTER, LETTER, LETTER], { address: JANE_DOE_LINES }));
    writeFileSync(join(dir, 'front.png'), samplePng(600, 425));
    writeFileSync(join(dir, 'back.html'), '<p>Wish you were here.</p>');
    // Three letters, one of two pages: a colour or duplex account's price differs from simplex black's.
    template = join(dir, 'invite.html');
    writeFileSync(
      template,
      `<p>Dear {{AttentionLine1}},</p>${'<p>You are invited, with words enough to fill a line.</p>'.repeat(4)}{{Note}}`,
    );
    people = join(dir, 'people.csv');
    writeFileSync(
      people,
      'AttentionLine1,Address1,City,State,PostalCode,Note\nJane Doe,1 Main St,Springfield,IL,62701,\nSam Roe,2 Side St,Shelbyville,IL,62565,' +
        `"${'<p>More to say, page after page.</p>'.repeat(60)}"\nPat Poe,3 Far Rd,Springfield,IL,62702,\n`,
    );
    client = new MailWsClient({ endpoint: sandbox.url, credentials: { username: 'demo', password: 'demo' } });
  });
  after(async () => {
    client.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const sides of ['Simplex', 'Duplex'] as const)
    for (const colour of ['BlackAndWhite', 'FullColor'] as const)
      it(`a letter of an account printing ${sides} in ${colour}: the preflight's price, the guard's and the charge are one`, async () => {
        await setPrinting(sides, colour);
        const said = JSON.parse((await run('preflight', letter, '--mode', 'Production', '--json')).stdout) as { price: number };
        const { id } = JSON.parse((await run('send', letter, '--mode', 'Production', '--yes', '--again', '--json')).stdout) as {
          id: number;
        };
        const { weighed, charged, colour: printed, sides: printedSides } = await weighedAndCharged(id);
        const sheets = sides === 'Duplex' ? 2 : 3;
        const expected = Math.round((0.55 + sheets * (0.12 + (colour === 'FullColor' ? 0.2 : 0))) * 100) / 100;
        assert.deepEqual(
          { said: said.price, weighed, charged, printed, printedSides },
          {
            said: expected,
            weighed: expected,
            charged: expected,
            printed: colour === 'FullColor' ? 'FullColor' : 'Black',
            printedSides: sides === 'Duplex' ? 'PrintDuplex' : 'PrintSimplex',
          },
        );
      });

  for (const sides of ['Simplex', 'Duplex'] as const)
    for (const colour of ['BlackAndWhite', 'FullColor'] as const)
      it(`a mail merge of an account printing ${sides} in ${colour}: the preflight's price, the guard's and the batch's charge are one`, async () => {
        await setPrinting(sides, colour);
        const said = JSON.parse((await run('preflight', template, '--data', people, '--mode', 'Production', '--json')).stdout) as {
          price: number;
        };
        const { id } = JSON.parse((await run('merge', template, people, '--mode', 'Production', '--yes', '--again', '--json')).stdout) as {
          id: number;
        };
        const { weighed, charged, colour: printed, sides: printedSides } = await weighedAndCharged(id);
        mergeCharges.set(`${sides} ${colour}`, charged);
        assert.deepEqual(
          { said: said.price, weighed, charged, printed, printedSides },
          {
            said: charged,
            weighed: charged,
            charged,
            printed: colour === 'FullColor' ? 'FullColor' : 'Black',
            printedSides: sides === 'Duplex' ? 'PrintDuplex' : 'PrintSimplex',
          },
        );
      });

  it('prices a merge as its account prints it: colour costs more, and duplex less for the letter of several pages', () => {
    const of = (key: string) => mergeCharges.get(key)!;
    assert.equal(mergeCharges.size, 4, 'each account setting sent');
    assert.ok(of('Simplex FullColor') > of('Simplex BlackAndWhite'), JSON.stringify([...mergeCharges]));
    assert.ok(of('Duplex BlackAndWhite') < of('Simplex BlackAndWhite'), JSON.stringify([...mergeCharges]));
    assert.ok(of('Duplex FullColor') < of('Simplex FullColor'), JSON.stringify([...mergeCharges]));
  });

  for (const [asked, price] of [
    ['Default', 0.88],
    ['FullColor', 0.88],
    ['Black', 0.68],
  ] as const)
    it(`a postcard in ${asked}: the guard weighs what the sandbox charges, $${price}`, async () => {
      const sent = await run(
        'postcard',
        join(dir, 'front.png'),
        join(dir, 'back.html'),
        '--to',
        TO,
        '--color',
        asked,
        '--mode',
        'Production',
        '--yes',
        '--again',
        '--json',
      );
      const { id } = JSON.parse(sent.stdout) as { id: number };
      const { weighed, charged } = await weighedAndCharged(id);
      assert.deepEqual({ weighed, charged }, { weighed: price, charged: price });
    });
});
