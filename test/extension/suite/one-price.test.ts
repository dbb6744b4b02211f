/**
 * One price (issue 33, part 1), in VS Code: a postcard sent in Production with the colour left at
 * Default is weighed by the spending guard at what the sandbox charges for it, full colour (the
 * service prints its picture side as it is), and one in Black at the black price. Before, VS Code
 * priced a Default postcard as black, and its daily budget counted too little for every one. A
 * letter of an account printing on either side, in black or colour, is shown by its proof, weighed
 * by the guard and charged by the sandbox at one price.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import {
  inProduction,
  machineSendLog,
  mailroomProbe,
  onSandbox,
  person,
  previewOpened,
  run,
  send,
  sendLogLines,
  typedAddress,
  until,
  workspace,
  service,
} from './support';

/** What the guard weighed for mailer `id`: the price on its `sending` line of the machine's send log. */
function weighedFor(id: number): number | undefined {
  const lines = sendLogLines(machineSendLog());
  const entry = lines.find((l) => l.kind === 'answered' && l.id === id)?.entry;
  return lines.find((l) => l.kind === 'sending' && l.entry === entry)?.price;
}

/** A Markdown letter to Jane Doe of several pages: duplex prints it on fewer sheets. */
const letter = `---\nto: Jane Doe, 1 Main St, Springfield, IL 62701\n---\n# Statement\n\n${Array.from(
  { length: 60 },
  (_, i) => `Line ${i + 1} of the statement, with words enough to fill a line of the page.`,
).join('\n\n')}\n`;

describe('One price for a letter, as the account prints it', function () {
  this.timeout(180_000);
  const charged = new Map<string, number>();
  const uri = () => vscode.Uri.joinPath(workspace(), 'one-price.md');
  /** Change User Settings, as a person answers it, for one of demo's settings. */
  const change = (setting: string, value: string) =>
    run([{ input: 'demo' }, { pick: setting }, { pick: value }, { pick: /Apply 1 setting/ }], 'mailroom.changeUserSettings');

  before(async () => {
    await vscode.workspace.fs.writeFile(uri(), Buffer.from(letter));
  });
  after(async () => {
    // The sandbox's demo prints as a new account again for the suites after, and this machine says so.
    await change('Letters_PrintSides', 'Simplex');
    await change('Letters_PrintColor', 'BlackAndWhite');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(uri()).then(undefined, () => undefined);
  });

  for (const sides of ['Simplex', 'Duplex'] as const)
    for (const colour of ['BlackAndWhite', 'FullColor'] as const)
      it(`shows, weighs and is charged one price for a letter of an account printing ${sides} in ${colour}`, async () => {
        const probe = await mailroomProbe();
        await onSandbox(probe);
        await change('Letters_PrintSides', sides);
        await change('Letters_PrintColor', colour);
        // A letter of its own each time: the same bytes sent again would be asked about as a repeat.
        await vscode.workspace.fs.writeFile(uri(), Buffer.from(`${letter}\nPrinted ${sides} in ${colour}.\n`));
        // In Production, where the guard weighs a send (Development is never charged).
        const preview = await inProduction(() => previewOpened(probe, () => run([], 'mailroom.previewBeforeSending', uri())));
        assert.ok(preview, 'the proof opened');
        try {
          const facts = preview.proofView!.facts;
          const before = probe.mailers.list().map((m) => m.id);
          const told = person.notices.length;
          person.answer({ confirm: true });
          preview.receive({ type: 'send', sha256: facts.sha256! });
          const id = await until('the letter to be sent', async () => probe.mailers.list().find((m) => !before.includes(m.id))?.id);
          await until('the person to be told', async () =>
            person.shown(told).some((m) => m.includes(`as mailer ${id}`)) ? true : undefined,
          );
          person.settle();
          const [details] = (await service(probe).datedA.GetDetailsExtended({ ID: String(id) })).Details;
          assert.deepEqual(
            {
              proof: facts.price,
              weighed: weighedFor(id),
              charged: details!.Price,
              sides: details!.PrintSides,
              colour: details!.PrintColor,
            },
            {
              proof: details!.Price,
              weighed: details!.Price,
              charged: details!.Price,
              sides: sides === 'Duplex' ? 'PrintDuplex' : 'PrintSimplex',
              colour: colour === 'FullColor' ? 'FullColor' : 'Black',
            },
          );
          charged.set(`${sides} ${colour}`, details!.Price);
        } finally {
          preview.panel.dispose();
        }
      });

  it('weighs a mail merge in Production at the amount its work-mode pick showed, what GetDetails says the batch was charged', async () => {
    const probe = await mailroomProbe();
    await onSandbox(probe);
    const data = vscode.Uri.joinPath(workspace(), 'one-price-merge.csv');
    // Names of their own: rows sent before would be asked about as repeats.
    const rows = ['Una Price', 'Ovid Price', 'Pia Price'].map((name, i) => `${name} ${Date.now()},${i + 1} Oak St,Springfield,IL,62701`);
    await vscode.workspace.fs.writeFile(data, Buffer.from(['AttentionLine1,Address1,City,State,PostalCode', ...rows, ''].join('\n')));
    try {
      const before = probe.mailers.list().map((m) => m.id);
      await person.answering(
        [{ pick: 'one-price-merge.csv' }, { pick: /^Send 3 letters in Production mode \(about \$\d+\.\d\d\)$/ }, { confirm: true }],
        () => vscode.commands.executeCommand<void>('mailroom.sendMailMerge', vscode.Uri.joinPath(workspace(), 'invite.html')),
      );
      const id = await until('the batch to be sent', async () => probe.mailers.list().find((m) => !before.includes(m.id))?.id);
      const [details] = (await service(probe).datedA.GetDetailsExtended({ ID: String(id) })).Details;
      assert.ok(details!.Price > 0, `a price: ${details!.Price}`);
      assert.equal(weighedFor(id), details!.Price, 'the guard weighed what the sandbox charged');
    } finally {
      await vscode.workspace.fs.delete(data).then(undefined, () => undefined);
    }
  });

  it('prices colour dearer and duplex cheaper, so the four prices above are four rules, not one', () => {
    const of = (key: string) => charged.get(key)!;
    assert.equal(charged.size, 4, JSON.stringify([...charged]));
    assert.ok(of('Simplex FullColor') > of('Simplex BlackAndWhite'), JSON.stringify([...charged]));
    assert.ok(of('Duplex BlackAndWhite') < of('Simplex BlackAndWhite'), JSON.stringify([...charged]));
  });
});

describe('One price for a postcard, as the sandbox charges it', () => {
  for (const [colour, price] of [
    ['Default', 0.88],
    ['FullColor', 0.88],
    ['Black', 0.68],
  ] as const)
    it(`weighs a postcard in ${colour} at $${price}, what GetDetails says it was charged`, async () => {
      const probe = await mailroomProbe();
      await onSandbox(probe);
      const address = { AttentionLine1: 'Ann Lee', Address1: '4 Elm St', City: 'Capital City', State: 'IL', PostalCode: '62703' };
      const id = await inProduction(() =>
        send(
          [
            { pick: 'postcard-back.html' },
            { pick: 'FitToPage' },
            { pick: 'Default' },
            { pick: colour },
            { pick: 'FirstClass' },
            ...typedAddress(probe, { ...address, AttentionLine1: `Ann Lee ${colour}` }),
            { pick: /in Production mode/ },
            { confirm: true },
          ],
          'mailroom.sendPostcard',
          vscode.Uri.joinPath(workspace(), 'postcard-front.html'),
        ),
      );
      assert.ok(id, 'the postcard was sent');
      const weighed = weighedFor(id);
      const { Details } = await service(probe).datedA.GetDetails({ ID: String(id) });
      assert.deepEqual({ weighed, charged: Details[0]?.Price }, { weighed: price, charged: price });
    });
});
