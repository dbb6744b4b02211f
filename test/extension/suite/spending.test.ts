/**
 * The spending guard: a Production send above `mailroom.spending.confirmAbove` is asked about
 * again with its predicted price, which the send log keeps; one that would pass
 * `mailroom.spending.dailyBudget` is refused with the amount spent today, which the status bar shows.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import {
  inProduction,
  mailroomApi,
  notes,
  onSandbox,
  person,
  send,
  sendLogLines,
  sendNotes,
  sentSince,
  settings,
  typedAddress,
  until,
} from './support';

const lines = sendLogLines;

const amountIn = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1]);

describe('The spending guard', () => {
  afterEach(async () => {
    person.settle();
    await settings().update('spending.confirmAbove', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('spending.dailyBudget', undefined, vscode.ConfigurationTarget.Global);
  });

  it('asks again above the threshold with the amount, and refuses past the daily budget with the amount spent today', async () => {
    const api = await mailroomApi();
    await onSandbox(api);
    const log = vscode.Uri.joinPath(api.globalStorageUri, 'sent.jsonl').fsPath;
    const address = { AttentionLine1: 'Mo Hart', Address1: '4 Elm St', City: 'Ogdenville' };
    await settings().update('spending.confirmAbove', 0.1, vscode.ConfigurationTarget.Global);

    // Declined at the amount: nothing leaves.
    let before = lines(log).length;
    const declined = await inProduction(() =>
      send([...typedAddress(api, address), { confirm: true }, { confirm: false }], 'mailroom.sendDocument', notes()),
    );
    assert.equal(declined, undefined, 'no mailer said to be sent');
    assert.equal(lines(log).length, before, 'nothing sent, nothing logged');

    // Asked with the amount, and sent: the log keeps the price asked about.
    before = lines(log).length;
    let question = '';
    const from = person.notices.length;
    await inProduction(() =>
      person.answering([...typedAddress(api, address), { confirm: true }, { confirm: true }], async () => {
        await vscode.commands.executeCommand('mailroom.sendDocument', notes());
        question = person.asked.find((q) => q.includes('you asked to confirm')) ?? '';
      }),
    );
    assert.ok(sentSince(from), 'sent once confirmed');
    assert.match(question, /^notes\.txt to Mo Hart, Ogdenville costs about \$\d+\.\d\d, above the \$0\.10 you asked to confirm/);
    const price = amountIn(question, /costs about \$(\d+\.\d\d)/);
    assert.ok(price > 0.1);
    const [sending] = lines(log).slice(before);
    assert.equal(sending?.kind, 'sending');
    assert.equal(sending.price, price, 'the send log keeps the predicted price');
    assert.equal(sending.workMode, 'Production');

    // The status bar shows today's Production spending, this send's included.
    const spent = await until('the status bar to show the spending', async () => {
      const text = api.statusBarItem.text;
      return /\$\d+\.\d\d today/.test(text) ? amountIn(text, /\$(\d+\.\d\d) today/) : undefined;
    });
    assert.ok(spent >= price, `${spent} spent, ${price} of it now`);

    // A budget of what was spent: the next send would pass it, and is refused with the amount, before any question.
    await settings().update('spending.dailyBudget', spent, vscode.ConfigurationTarget.Global);
    before = lines(log).length;
    const shown = person.notices.length;
    const refused = await inProduction(() => send(typedAddress(api, address), 'mailroom.sendDocument', notes()));
    assert.equal(refused, undefined, 'no mailer said to be sent');
    assert.equal(lines(log).length, before, 'nothing sent');
    const told = person.shown(shown, 'error');
    assert.equal(told.length, 1, told.join('\n'));
    assert.match(
      told[0]!,
      /^Mailroom: not sent\. \$\d+\.\d\d spent today in Production by the local sandbox; this send's \$\d+\.\d\d would pass the daily budget of \$\d+\.\d\d/,
    );
    assert.equal(amountIn(told[0]!, /^Mailroom: not sent\. \$(\d+\.\d\d)/), spent);

    // Development costs nothing: the budget does not stop it, and nothing is asked about money.
    assert.ok(await sendNotes(typedAddress(api, address)), 'sent in Development');
  });
});
