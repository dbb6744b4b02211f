/**
 * The spending guard, through the extension and the command line over one send log (the
 * machine's): a Production send above `mailroom.spending.confirmAbove` is asked about after the
 * work mode, with its predicted price, which the send log keeps; one that would pass the daily budget
 * is asked about first, with the amount spent today, which the status bar shows. Both front ends
 * count the same sends as the sandbox charged them (a letter cancelled from the command line counts
 * nothing in VS Code), and give the same verdict.
 */
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startHangingProxy } from '../../helpers/hanging-proxy';
import { spendingDay } from '../../helpers/spending-day';
import {
  EXTENSION_ID,
  inProduction,
  machineSendLog,
  mailroomProbe,
  onSandbox,
  person,
  sendNotes,
  settings,
  typedAddress,
  until,
  sendLogLines,
  workspace,
  connect,
  signOut,
  service,
  sandboxListening,
} from './support';

const lines = sendLogLines;
const amountIn = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1]);
/** Sends notes.txt with these answers; answers the questions asked, in order. */
const sendNotesAsking = (answers: Parameters<typeof sendNotes>[0]) =>
  person.answering(answers, async () => {
    await vscode.commands.executeCommand('mailroom.sendDocument', vscode.Uri.joinPath(workspace(), 'notes.txt'));
    return [...person.asked];
  });

/** The mailers the log says were sent, in order. */
const sentIds = () => lines(machineSendLog()).flatMap((l) => (l.kind === 'answered' && typeof l.id === 'number' ? [l.id] : []));

/** The command line of this build, run as a person runs it in a terminal of this machine (the same send log). */
function mailroomCli(args: readonly string[], config: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const cli = join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', XDG_CONFIG_HOME: config }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('The spending guard', () => {
  let config: string;
  before(() => (config = mkdtempSync(join(tmpdir(), 'mailroom-cli-config-'))));
  after(() => rmSync(config, { recursive: true, force: true }));
  afterEach(async () => {
    person.settle();
    await settings().update('spending.confirmAbove', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('spending.dailyBudget', undefined, vscode.ConfigurationTarget.Global);
  });
  const cliBudget = (dailyBudget: number) => {
    mkdirSync(join(config, 'mailroom'), { recursive: true });
    writeFileSync(join(config, 'mailroom', 'config.json'), JSON.stringify({ spending: { dailyBudget } }));
  };

  it('asks again above the threshold with the amount, and asks first past the daily budget with the amount spent today', async () => {
    const probe = await mailroomProbe();
    await onSandbox(probe);
    const log = machineSendLog();
    const address = { AttentionLine1: 'Mo Hart', Address1: '4 Elm St', City: 'Ogdenville', State: 'OR', PostalCode: '97301' };
    await settings().update('spending.confirmAbove', 0.1, vscode.ConfigurationTarget.Global);

    // The work mode, then the amount: declined at the amount, nothing leaves.
    let before = lines(log).length;
    const declined = await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: true }, { confirm: false }]));
    assert.equal(lines(log).length, before, 'nothing sent, nothing logged');
    assert.match(
      declined.at(-2) ?? '',
      /in Production mode on the local sandbox\? Nothing is printed or mailed/,
      'the work mode first, in what the sandbox does',
    );
    assert.match(declined.at(-1) ?? '', /you asked to confirm/, 'the amount last');

    // Asked with the amount, and sent: the log keeps the price asked about.
    before = lines(log).length;
    let question = '';
    await inProduction(() =>
      person.answering([...typedAddress(probe, address), { confirm: true }, { confirm: true }], async () => {
        await vscode.commands.executeCommand('mailroom.sendDocument', vscode.Uri.joinPath(workspace(), 'notes.txt'));
        question = person.asked.find((q) => q.includes('you asked to confirm')) ?? '';
      }),
    );
    assert.match(question, /^notes\.txt to Mo Hart, Ogdenville costs about \$\d+\.\d\d, above the \$0\.10 you asked to confirm/);
    const price = amountIn(question, /costs about \$(\d+\.\d\d)/);
    assert.ok(price > 0.1);
    const [sending, answered] = lines(log).slice(before);
    assert.equal(sending?.kind, 'sending');
    assert.equal(sending.price, price, 'the send log keeps the predicted price');
    assert.equal(sending.workMode, 'Production');
    assert.equal(answered?.kind, 'answered');

    // The status bar shows today's Production spending, this send's included.
    const spent = await until('the status bar to show the spending', async () => {
      const text = probe.statusBar.text;
      return /\$\d+\.\d\d today/.test(text) ? amountIn(text, /\$(\d+\.\d\d) today/) : undefined;
    });
    assert.ok(spent >= price, `${spent} spent, ${price} of it now`);
    await settings().update('spending.confirmAbove', undefined, vscode.ConfigurationTarget.Global);

    // A budget of what was spent: the next send would pass it, and is asked about first, with the amounts; declined, nothing leaves.
    await settings().update('spending.dailyBudget', spent, vscode.ConfigurationTarget.Global);
    before = lines(log).length;
    const refused = await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: false }]));
    assert.equal(lines(log).length, before, 'nothing sent');
    const over = refused.at(-1) ?? '';
    assert.match(
      over,
      /^\$\d+\.\d\d spent today in Production by demo at the local sandbox; this send's \$\d+\.\d\d would pass the daily budget of \$\d+\.\d\d \(mailroom\.spending\.dailyBudget\)\. Send it anyway\?/,
    );
    assert.equal(amountIn(over, /^\$(\d+\.\d\d)/), spent);

    // Development costs nothing: the budget does not stop it, and nothing is asked about money.
    before = sentIds().length;
    await sendNotes(typedAddress(probe, address));
    assert.equal(sentIds().length, before + 1, `sent in Development: ${JSON.stringify(person.notices.slice(-3))}`);
  });

  it('counts the same sends as the command line, as the service charged them, and gives the same verdict', async () => {
    const probe = await mailroomProbe();
    await onSandbox(probe);
    await sandboxListening(probe);
    const endpoint = probe.account!.endpoint;
    const address = { AttentionLine1: 'Rae Lund', Address1: '7 Oak Ave', City: 'Ogdenville', State: 'OR', PostalCode: '97301' };
    const notes = vscode.Uri.joinPath(workspace(), 'notes.txt').fsPath;
    const cliSend = (...flags: string[]) =>
      mailroomCli(
        [
          'send',
          notes,
          '--to',
          'Rae Lund, 7 Oak Ave, Ogdenville, OR 97301',
          '--mode',
          'Production',
          '--endpoint',
          endpoint,
          '--json',
          ...flags,
        ],
        config,
      );
    /**
     * What demo spent today, found here from the log and GetDetails (not by the rulebook): each of
     * today's sends that may charge, at the price the sandbox reports for a Production mailer not
     * cancelled or failed; a send whose answer never came at its predicted price (it may have been made).
     */
    const chargedToday = async () => {
      const today = new Date().toDateString();
      const sendings = lines(machineSendLog()).filter(
        (l) =>
          l.kind === 'sending' &&
          l.user === 'demo' &&
          l.workMode !== 'Development' &&
          /^http:\/\/(127\.|localhost|\[::1\])/.test(String(l.endpoint)) &&
          new Date(String(l.time)).toDateString() === today,
      );
      const answers = new Map(lines(machineSendLog()).flatMap((l) => (l.kind === 'answered' ? [[l.entry, l] as const] : [])));
      const unknown = sendings.filter((l) => answers.get(l.entry) === undefined || answers.get(l.entry)?.outcome === 'unknown');
      const sentToday = sendings.flatMap((l) => {
        const id = answers.get(l.entry)?.id;
        return typeof id === 'number' ? [id] : [];
      });
      const { Details } = await service(probe).datedA.GetDetails({ ID: sentToday.join(',') });
      const charged = Details.filter((d) => d.WorkMode === 'Production' && [-900, -910, -990, -995, -1000].includes(d.Status));
      const total = charged.reduce((sum, d) => sum + d.Price, 0) + unknown.reduce((sum, l) => sum + (l.price ?? 0), 0);
      return Math.round(total * 100) / 100;
    };
    const statusBarShows = (amount: number) =>
      until(`the status bar to show $${amount.toFixed(2)} today`, async () =>
        probe.statusBar.text.includes(`$${amount.toFixed(2)} today`) ? true : undefined,
      ).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; it shows "${probe.statusBar.text}"`);
      });

    // From the command line: sent, and cancelled at once (refunded): it counts nothing anywhere.
    const sent = await cliSend('--yes');
    assert.equal(sent.code, 0, sent.stderr);
    const cancelled = (JSON.parse(sent.stdout) as { id: number }).id;
    const cancel = await mailroomCli(['cancel', String(cancelled), '--endpoint', endpoint], config);
    assert.equal(cancel.code, 0, cancel.stderr);

    // From VS Code: one more letter; the budget is then what is spent and one more letter, no more.
    await inProduction(() => sendNotes([...typedAddress(probe, address), { confirm: true }]));
    const price = Number(lines(machineSendLog()).at(-2)?.price);
    assert.ok(price > 0);
    const spent = await chargedToday();
    await statusBarShows(spent);
    const budget = Math.round((spent + price) * 100) / 100;
    await settings().update('spending.dailyBudget', budget, vscode.ConfigurationTarget.Global);
    cliBudget(budget);

    // VS Code goes within the budget exactly (the cancelled letter would have passed it): no budget question.
    let before = sentIds().length;
    // To another recipient: the same letter to Rae Lund again would be a repeat (repeats.test.ts).
    const within = await inProduction(() =>
      sendNotesAsking([...typedAddress(probe, { ...address, AttentionLine1: 'Rae Lund Jr.' }), { confirm: true }]),
    );
    assert.equal(sentIds().length, before + 1, 'sent within the budget');
    assert.ok(!within.some((q) => /daily budget/.test(q)), within.join('\n'));

    // Now both refuse the next letter, saying the same amount spent today.
    before = sentIds().length;
    const refused = await cliSend('--yes');
    assert.equal(refused.code, 2, refused.stdout);
    assert.match(refused.stderr, /Not sent: \$\d+\.\d\d spent today in Production by demo at .*would pass the daily budget/);
    const asked = (await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: false }]))).at(-1) ?? '';
    assert.match(asked, /would pass the daily budget/);
    assert.equal(amountIn(asked, /^\$(\d+\.\d\d)/), amountIn(refused.stderr, /Not sent: \$(\d+\.\d\d)/), 'the same spending');
    assert.equal(amountIn(asked, /^\$(\d+\.\d\d)/), budget);
    assert.equal(sentIds().length, before, 'nothing sent by either');
  });

  it('gives the same verdict as the command line on the shared day, and with the service not answering counts every send at its predicted price, and says so', async function () {
    // A whole day of sends, a dozen of them from the command line, each a process drawing its letter with the engines.
    this.timeout(180_000);
    const probe = await mailroomProbe();
    await onSandbox(probe);
    await sandboxListening(probe);
    const endpoint = probe.account!.endpoint;
    const notes = vscode.Uri.joinPath(workspace(), 'notes.txt').fsPath;
    const address = { AttentionLine1: 'Ada Pike', Address1: '9 Birch Rd', City: 'Ogdenville', State: 'OR', PostalCode: '97301' };
    const proxy = await startHangingProxy(endpoint);
    /** What the command line says demo spent today, at this endpoint: refused under a budget of a cent, with the amount. */
    const cliSpent = async (at: string) => {
      cliBudget(0.01);
      const refused = await mailroomCli(
        ['send', notes, '--to', 'Ada Pike, 9 Birch Rd, Salem, OR 97301', '--mode', 'Production', '--yes', '--again', '--endpoint', at],
        config,
      );
      assert.equal(refused.code, 2, refused.stderr);
      return { spent: amountIn(refused.stderr, /Not sent: \$(\d+\.\d\d) spent today/), said: refused.stderr };
    };
    /** What VS Code says the active account spent today: asked first under a budget of a cent, with the amount; declined. */
    const vscodeSpent = async () => {
      await settings().update('spending.dailyBudget', 0.01, vscode.ConfigurationTarget.Global);
      const from = person.notices.length;
      const asked = (await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: false }]))).at(-1) ?? '';
      assert.match(asked, /would pass the daily budget/);
      return { spent: amountIn(asked, /^\$(\d+\.\d\d)/), said: asked, notices: person.notices.slice(from).map((n) => n.message) };
    };
    try {
      const before = await cliSpent(endpoint);
      assert.equal((await vscodeSpent()).spent, before.spent, 'the same spending before the day');

      cliBudget(1000);
      const day = await spendingDay(
        (args) => mailroomCli(args, config),
        notes,
        'Rae Lund, 7 Oak Ave, Ogdenville, OR 97301',
        endpoint,
        proxy,
      );
      // The cancelled letter, the refunded failure, the -1010 and the Development run count nothing; the charged and the unanswered one their prices.
      const cli = await cliSpent(endpoint);
      const code = await vscodeSpent();
      assert.equal(cli.spent, Math.round((before.spent + day.charged) * 100) / 100, cli.said);
      assert.equal(code.spent, cli.spent, `${code.said}\n${cli.said}`);
      // Both say whose spending it is: demo's, at the service.
      assert.match(cli.said, /spent today in Production by demo at /);
      assert.match(code.said, /spent today in Production by demo at the local sandbox/);

      // Within the budget: both go on to the work mode's question (declined: nothing sent).
      const within = Math.round((cli.spent + day.price) * 100) / 100;
      cliBudget(within);
      const cliWithin = await mailroomCli(
        ['send', notes, '--to', 'Ada Pike, 9 Birch Rd, Salem, OR 97301', '--mode', 'Production', '--again', '--endpoint', endpoint],
        config,
      );
      assert.match(cliWithin.stderr, /Not sent: Production mode prints/);
      await settings().update('spending.dailyBudget', within, vscode.ConfigurationTarget.Global);
      const asked = await inProduction(() => sendNotesAsking([...typedAddress(probe, address), { confirm: false }]));
      assert.ok(!asked.some((q) => /daily budget/.test(q)), asked.join('\n'));
      assert.match(asked.at(-1) ?? '', /in Production mode/);

      // GetDetails down (VS Code signed in through the proxy): every send that may charge counts at its predicted price, and both say so.
      proxy.refuse('GetDetails');
      await connect(probe, proxy.url, 'soap11', 'demo', { password: 'demo' });
      // The status bar's tooltip says so too.
      await until('the tooltip to say the service did not answer', async () =>
        /counted at the predicted prices/.test(probe.statusBar.tooltip) ? true : undefined,
      ).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; it says "${probe.statusBar.tooltip}"`);
      });
      const cliOffline = await cliSpent(proxy.url);
      assert.match(
        cliOffline.said,
        /The service did not say how your recent sends ended .*: they count as made, at their predicted prices\./,
      );
      const codeOffline = await vscodeSpent();
      assert.ok(
        codeOffline.notices.some((n) =>
          /the service did not say how your recent sends ended .*: they count as made, at their predicted prices\./.test(n),
        ),
        codeOffline.notices.join('\n'),
      );
      assert.equal(codeOffline.spent, cliOffline.spent, `${codeOffline.said}\n${cliOffline.said}`);
      // At least the day's four sends that cost nothing now count, at the letter's price each.
      assert.ok(cliOffline.spent >= cli.spent + 4 * day.price - 0.005, `${cliOffline.spent} offline, ${cli.spent} online`);
    } finally {
      proxy.refuse();
      if (probe.account?.endpoint === proxy.url) await signOut();
      await onSandbox(probe);
      await proxy.close();
    }
  });

  it('never lets sends started at once from the command line and VS Code pass the budget together', async () => {
    const probe = await mailroomProbe();
    await onSandbox(probe);
    await sandboxListening(probe);
    const endpoint = probe.account!.endpoint;
    const notes = vscode.Uri.joinPath(workspace(), 'notes.txt').fsPath;
    const to = 'Lee Moss, 3 Ash Ct, Salem, OR 97301';
    const cliSend = (...flags: string[]) =>
      mailroomCli(
        ['send', notes, '--to', to, '--mode', 'Production', '--yes', '--again', '--json', '--endpoint', endpoint, ...flags],
        config,
      );
    // What demo spent, and what the letter costs: a letter sent and read back.
    cliBudget(1000);
    const first = await cliSend();
    assert.equal(first.code, 0, first.stderr);
    const details = await mailroomCli(
      ['details', String((JSON.parse(first.stdout) as { id: number }).id), '--json', '--endpoint', endpoint],
      config,
    );
    const price = (JSON.parse(details.stdout) as { Price: number }).Price;
    cliBudget(0.01);
    const spent = amountIn((await cliSend()).stderr, /Not sent: \$(\d+\.\d\d) spent today/);
    assert.ok(price > 0 && spent >= price, `${spent} spent, ${price} a letter`);

    // Room for two letters; three command lines and VS Code send one each, at once.
    const budget = Math.round((spent + 2 * price) * 100) / 100;
    cliBudget(budget);
    await settings().update('spending.dailyBudget', budget, vscode.ConfigurationTarget.Global);
    await settings().update('confirmProduction', false, vscode.ConfigurationTarget.Global);
    const before = sentIds().length;
    const notices = person.notices.length;
    try {
      // To a recipient of its own (not a repeat); the budget's question, if VS Code asks it before the others are written, is declined.
      person.answer(
        ...typedAddress(probe, {
          AttentionLine1: `Lee Moss ${Date.now()}`,
          Address1: '3 Ash Ct',
          City: 'Salem',
          State: 'OR',
          PostalCode: '97301',
        }),
        {
          confirm: false,
        },
      );
      const [, ...fromCli] = await Promise.all([
        inProduction(async () => {
          await vscode.commands.executeCommand('mailroom.sendDocument', vscode.Uri.joinPath(workspace(), 'notes.txt'));
        }),
        cliSend(),
        cliSend(),
        cliSend(),
      ]);
      const askedBudget = person.asked.some((q) => /daily budget/.test(q));
      const left = person.takeBack();
      assert.equal(left.length, askedBudget ? 0 : 1, `asked: ${person.asked.join(' | ')}`);
      person.settle();
      // VS Code's send went, or was refused for the budget (asked first, or under the lock), and for nothing else.
      const errors = person.shown(notices, 'error');
      assert.ok(
        errors.every((e) => /Meanwhile other sends by demo at the local sandbox took the daily budget/.test(e)),
        errors.join('\n'),
      );
      const sent = sentIds().length - before;
      assert.equal(sent, 2, [...fromCli.map((r) => r.stderr), ...person.shown(notices)].join('\n'));
      for (const refused of fromCli.filter((r) => r.code !== 0)) assert.match(refused.stderr, /Not sent: .*daily budget/);
      cliBudget(0.01);
      const after = amountIn((await cliSend()).stderr, /Not sent: \$(\d+\.\d\d) spent today/);
      assert.ok(after <= budget + 0.005, `${after} spent, the budget ${budget}`);
    } finally {
      await settings().update('confirmProduction', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
