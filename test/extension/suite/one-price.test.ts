/**
 * One price (issue 33, part 1), in VS Code: a postcard sent in Production with the colour left at
 * Default is weighed by the spending guard at what the sandbox charges for it, full colour (the
 * service prints its picture side as it is), and one in Black at the black price. Before, VS Code
 * priced a Default postcard as black, and its daily budget counted too little for every one.
 */
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { inProduction, machineSendLog, mailroomProbe, onSandbox, send, sendLogLines, typedAddress, workspace, service } from './support';

describe('One price for a postcard, as the sandbox charges it', () => {
  for (const [colour, price] of [
    ['Default', 0.88],
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
      const lines = sendLogLines(machineSendLog());
      const entry = lines.find((l) => l.kind === 'answered' && l.id === id)?.entry;
      const weighed = lines.find((l) => l.kind === 'sending' && l.entry === entry)?.price;
      const { Details } = await service(probe).datedA.GetDetails({ ID: String(id) });
      assert.deepEqual({ weighed, charged: Details[0]?.Price }, { weighed: price, charged: price });
    });
});
