/**
 * The command line prints as the account does (src/cli/print-settings.ts): once `mailroom call
 * SetUserSettings` set a user Duplex, `mailroom preflight` says a 4-page letter takes 2 sheets
 * duplex and its price, and says where that came from; a Development send of it gets the same
 * sheets and price from a real sandbox, which prints it duplex; the price a Production send
 * predicts (the send log's, which the spending guard weighs) is the one the service charges; a
 * mail merge alike. Without anything set here, config.json's printSides (a profile's own, else the
 * file's) says, else a new account's Simplex, said so.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailWsClient, readSendLog } from '../../src/client';
import { mailroom, type CliRun } from '../helpers/cli';
import { JANE_DOE_LINES, pdfOfSizes } from '../helpers/documents';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { projectRoot } from '../helpers/tools';

interface Assumed {
  value: string;
  from: string;
  at?: string;
  via?: string;
  profile?: string;
}
interface Report {
  ok: boolean;
  pages: number;
  sheets: number;
  price: number;
  print: { printSides: Assumed; printColor: Assumed };
  letters?: { sheets: number; price: number }[];
}

const LETTER = [612, 792] as const;
const sample = (name: string) => join(projectRoot, 'test', 'sample', name);

describe('mailroom: print sides, as SetUserSettings set them', function () {
  this.timeout(60_000);
  let sandbox: TestSandbox;
  let dir: string;
  let letter: string;
  let client: MailWsClient;
  /** A state and a config folder of this test's own: what it sets is never another test's. */
  let env: NodeJS.ProcessEnv;

  const run = async (...args: string[]): Promise<CliRun> => {
    const result = await mailroom(args, { env });
    assert.notEqual(result.code, 2, result.stderr);
    return result;
  };
  const preflight = async (...args: string[]): Promise<Report> => JSON.parse((await run('preflight', ...args, '--json')).stdout) as Report;

  before(async () => {
    sandbox = await startTestSandbox();
    dir = mkdtempSync(join(tmpdir(), 'mailroom-print-sides-'));
    env = {
      XDG_STATE_HOME: join(dir, 'state'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      MAILROOM_ENDPOINT: sandbox.url,
    };
    // Four US Letter pages, the address in the recipient box of page 1: sent without one, no address page is added.
    letter = join(dir, 'four-pages.pdf');
    writeFileSync(letter, await pdfOfSizes([LETTER, LETTER, LETTER, LETTER], { address: JANE_DOE_LINES }));
    client = new MailWsClient({ endpoint: sandbox.url, credentials: { username: 'demo', password: 'demo' } });
  });
  after(async () => {
    client.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const details = async (id: number) => (await client.datedA.GetDetailsExtended({ ID: String(id) })).Details[0]!;

  it('prints as a new account (simplex) until told, and says so with what to set', async () => {
    const r = await preflight(letter);
    assert.equal(r.sheets, 4);
    assert.equal(r.price, 1.03, '$0.55 + 4 × $0.12');
    assert.deepEqual(r.print.printSides, { value: 'Simplex', from: 'new account' });
    const text = await run('preflight', letter);
    assert.match(text.stdout, /^four-pages\.pdf: 4 pages on 4 sheets, \$1\.03, printed in Development mode$/m);
    assert.match(text.stdout, /^Printed simplex \(on one side of each sheet\), in black and white, as a new account's letters print\. /m);
    assert.match(text.stdout, /set printSides or printColor in .*config\.json if they print otherwise\.$/m);
  });

  it('after `mailroom call SetUserSettings` sets Duplex: the preflight says 2 sheets duplex, and a Development send gets the same sheets and price', async () => {
    const set = await run('call', 'SetUserSettings', '--param', 'Username=demo', '--param', 'Settings=[["Letters_PrintSides","Duplex"]]');
    assert.equal(set.stdout.trim(), '-3000', set.stderr);
    const r = await preflight(letter);
    assert.equal(r.ok, true);
    assert.equal(r.pages, 4);
    assert.equal(r.sheets, 2);
    assert.equal(r.price, 0.79, '$0.55 + 2 × $0.12');
    assert.equal(r.print.printSides.value, 'Duplex');
    assert.equal(r.print.printSides.from, 'SetUserSettings');
    assert.equal(r.print.printSides.via, 'command line');
    assert.ok(Math.abs(Date.parse(r.print.printSides.at!) - Date.now()) < 600_000, 'when it was set, on this machine');
    assert.deepEqual(r.print.printColor, { value: 'BlackAndWhite', from: 'new account' });
    const text = await run('preflight', letter);
    assert.match(text.stdout, /^four-pages\.pdf: 4 pages on 2 sheets, \$0\.79, printed in Development mode$/m);
    assert.match(
      text.stdout,
      /^Printed duplex \(on both sides of each sheet\), as mailroom call SetUserSettings set it for demo on \d{4}-\d\d-\d\d \d\d:\d\d; in black and white, as a new account's letters print\./m,
    );

    const sent = await run('send', letter, '--mode', 'Development', '--json');
    const { id } = JSON.parse(sent.stdout) as { id: number };
    const d = await details(id);
    assert.equal(d.PrintSides, 'PrintDuplex', 'the sandbox prints it duplex');
    assert.equal(d.NumOfSheets, r.sheets);
    assert.equal(d.Price, r.price);
  });

  it('predicts the price a Production send is charged (the send log keeps it for the spending guard)', async () => {
    const r = await preflight(letter, '--mode', 'Production');
    const sent = await run('send', letter, '--mode', 'Production', '--yes', '--json');
    const { id } = JSON.parse(sent.stdout) as { id: number };
    const d = await details(id);
    assert.equal(d.NumOfSheets, 2);
    assert.equal(d.Price, r.price);
    const logged = (await readSendLog(join(dir, 'state', 'mailroom', 'sent.jsonl'))).find((s) => s.outcome === 'sent' && s.id === id);
    assert.equal(logged?.price, d.Price, 'the price the guard weighed is the one charged');
  });

  it("prints a mail merge's letters as the account does: the same sheets and price as GetBatchDetails", async () => {
    const set = await run(
      'call',
      'SetUserSettings',
      '--param',
      'Username=demo',
      '--param',
      'Settings=[["Letters_PrintColor","FullColor"]]',
    );
    assert.equal(set.code, 0, set.stderr);
    const r = await preflight(sample('invite.html'), '--data', sample('people.csv'));
    assert.equal(r.print.printSides.value, 'Duplex');
    assert.equal(r.print.printColor.value, 'FullColor');
    const sent = await run('merge', sample('invite.html'), sample('people.csv'), '--mode', 'Development', '--json');
    const { id } = JSON.parse(sent.stdout) as { id: number };
    const batch = await client.datedA.GetBatchDetails({ ID: id });
    assert.equal(batch.PrintSides, 'PrintDuplex');
    assert.equal(batch.PrintColor, 'FullColor');
    assert.equal(batch.Price, r.price);
    assert.deepEqual(
      batch.Items.map((item) => [item.NumOfSheets, item.Price]),
      r.letters!.map((l) => [l.sheets, l.price]),
    );
    assert.ok(
      r.letters!.every((l) => l.sheets === 1 && l.price === 0.87),
      'an address page and a page of text on one sheet, in colour',
    );
  });

  it("without anything set here: config.json's printSides, a profile's own over the file's, else a new account's", async () => {
    const fresh = { ...env, XDG_STATE_HOME: join(dir, 'fresh-state'), XDG_CONFIG_HOME: join(dir, 'fresh-config') };
    const configured = async (config: unknown, ...args: string[]) => {
      mkdirSync(join(dir, 'fresh-config', 'mailroom'), { recursive: true });
      writeFileSync(join(dir, 'fresh-config', 'mailroom', 'config.json'), JSON.stringify(config));
      return mailroom(['preflight', letter, ...args], { env: fresh });
    };
    const report = (result: CliRun) => {
      assert.equal(result.code, 0, result.stderr);
      return JSON.parse(result.stdout) as Report;
    };
    const file = report(await configured({ printSides: 'Duplex' }, '--json'));
    assert.equal(file.sheets, 2);
    assert.deepEqual(file.print.printSides, { value: 'Duplex', from: 'config.json' });
    const profiles = {
      printSides: 'Duplex',
      profiles: { work: { endpoint: sandbox.url, user: 'demo', printSides: 'Simplex' }, home: { endpoint: sandbox.url, user: 'demo' } },
    };
    const work = report(await configured(profiles, '--profile', 'work', '--json'));
    assert.equal(work.sheets, 4);
    assert.deepEqual(work.print.printSides, { value: 'Simplex', from: 'config.json', profile: 'work' });
    const home = report(await configured(profiles, '--profile', 'home', '--json'));
    assert.deepEqual(home.print.printSides, { value: 'Duplex', from: 'config.json' }, "a profile without its own: the file's");
    const text = await configured(profiles, '--profile', 'work');
    assert.match(
      text.stdout,
      /^Printed simplex \(on one side of each sheet\), as printSides says in .*config\.json \(the profile "work"\);/m,
    );
    const none = report(await configured({}, '--json'));
    assert.deepEqual(none.print.printSides, { value: 'Simplex', from: 'new account' });
    const wrong = await configured({ printSides: 'duplex' });
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /printSides is "duplex", not one of Simplex, Duplex/);
  });
});
