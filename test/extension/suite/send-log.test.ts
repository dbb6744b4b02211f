/**
 * The extension's send log: each send written to the machine's send log (the command line's too)
 * before the request leaves and completed with the mailer's ID, with the SHA-256 of the bytes sent; with `mailroom.sendLog.workspace`
 * on, also to `.mailroom/sent.jsonl` in the workspace, for a team's git.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as vscode from 'vscode';
import { letterDocument } from '../../../src/client';
import { machineSendLog, mailroomProbe, onSandbox, person, sendNotes, settings, typedAddress, workspace, sendLogLines } from './support';
import { drawDocument } from '../../../src/printing';

const lines = sendLogLines;

describe('The send log', () => {
  const team = () => vscode.Uri.joinPath(workspace(), '.mailroom', 'sent.jsonl').fsPath;
  afterEach(async () => {
    person.settle();
    await settings().update('sendLog.workspace', undefined, vscode.ConfigurationTarget.Workspace);
    rmSync(vscode.Uri.joinPath(workspace(), '.mailroom').fsPath, { recursive: true, force: true });
  });

  it("writes every send to the machine's log, and to the workspace's when the setting is on", async () => {
    const probe = await mailroomProbe();
    await onSandbox(probe);
    const own = machineSendLog();
    const address = { AttentionLine1: 'Lou Gale', Address1: '9 Birch Rd', City: 'Ogdenville', State: 'OR', PostalCode: '97301' };

    const before = lines(own).length;
    const quiet = await sendNotes(typedAddress(probe, address));
    assert.ok(quiet, 'sent');
    const [sending, answered] = lines(own).slice(before);
    assert.equal(sending?.kind, 'sending');
    assert.equal(answered?.kind, 'answered');
    assert.equal(answered.entry, sending.entry);
    assert.equal(answered.id, quiet);
    assert.equal(sending.user, 'demo');
    assert.equal(sending.source, vscode.Uri.joinPath(workspace(), 'notes.txt').fsPath);
    assert.match(String(sending.recipient), /^Lou Gale, 9 Birch Rd, Ogdenville, OR,? 97301$/);
    const notes = await letterDocument('notes.txt', readFileSync(vscode.Uri.joinPath(workspace(), 'notes.txt').fsPath));
    // What is sent is the PDF its engine draws of the letter, the same bytes each time it is drawn.
    const drawn = await drawDocument({ type: notes.type, data: notes.data });
    const sent = drawn?.pdf ?? notes.data;
    assert.equal(sending.sha256, createHash('sha256').update(sent).digest('hex'), 'the SHA-256 of the bytes sent');
    assert.ok(!existsSync(team()), 'no workspace log while the setting is off');

    await settings().update('sendLog.workspace', true, vscode.ConfigurationTarget.Workspace);
    const shared = await sendNotes(typedAddress(probe, address));
    assert.deepEqual(
      lines(team()).map((l) => [l.kind, l.kind === 'answered' ? l.id : l.description]),
      [
        ['sending', 'notes.txt'],
        ['answered', shared],
      ],
    );
    assert.deepEqual(lines(own).slice(-2), lines(team()), 'the same lines in both logs');
    assert.ok(!readFileSync(own, 'utf8').includes('"password'), 'no secret');
  });
});
