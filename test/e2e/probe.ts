/**
 * Another extension, installed beside Mailroom as any extension a person installs: it asks VS Code
 * for Mailroom's exports and runs Mailroom's commands with answers of its own, then writes what it
 * got to a file the end-to-end flow reads. Built and packaged here, into a temporary folder, for
 * that test only; it is not a product.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const PROBE_COMMAND_TITLE = 'Mailroom Probe: Report What Another Extension Can Reach';

/** What the probe is told: the mailer to ask about, where to have its PDF saved, the document to send. */
export interface ProbeInput {
  readonly id: number;
  readonly saveAs: string;
  readonly document: string;
}

/** What a value looked like to the probe: never the value itself. */
export type Seen =
  | { readonly kind: 'undefined' }
  | { readonly kind: string; readonly keys: readonly string[] }
  | { readonly kind: 'error'; readonly message: string };

export interface ProbeReport {
  readonly found: boolean;
  /** What `extension.activate()` answered, and `extension.exports` after it. */
  readonly activated: Seen;
  readonly exports: Seen;
  /** mailroom.showDetails on the mailer's row: Mailroom's answer. */
  readonly details: Seen;
  /** mailroom.savePdf with a place to save: the answer, and whether a file was written there. */
  readonly savePdf: Seen;
  readonly saved: boolean;
  /** mailroom.sendDocument with an address, Production and "already confirmed": the answer. */
  readonly send: Seen;
}

const extensionSource = (input: string, report: string) => `'use strict';
const vscode = require('vscode');
const fs = require('fs');

function seen(value) {
  if (value === undefined) return { kind: 'undefined' };
  return { kind: value === null ? 'null' : typeof value, keys: value && typeof value === 'object' ? Object.keys(value) : [] };
}

async function attempt(run) {
  try {
    return seen(await run());
  } catch (error) {
    return { kind: 'error', message: String(error && error.message) };
  }
}

exports.activate = function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand('mailroomProbe.run', async () => {
    const input = JSON.parse(fs.readFileSync(${JSON.stringify(input)}, 'utf8'));
    const mailroom = vscode.extensions.getExtension('mailroom.mailroom');
    const report = { found: Boolean(mailroom) };
    report.activated = await attempt(() => mailroom.activate());
    report.exports = seen(mailroom.exports);
    const row = { kind: 'mailer', mailer: { id: input.id } };
    report.details = await attempt(() => vscode.commands.executeCommand('mailroom.showDetails', row));
    report.savePdf = await attempt(() => vscode.commands.executeCommand('mailroom.savePdf', row, vscode.Uri.file(input.saveAs)));
    report.saved = fs.existsSync(input.saveAs);
    report.send = await attempt(() => vscode.commands.executeCommand('mailroom.sendDocument', vscode.Uri.file(input.document), {
      address: { AttentionLine1: 'Eve Probe', Address1: '1 Probe Way', City: 'Springfield', State: 'IL', PostalCode: '62701' },
      workMode: 'Production',
      confirmed: true,
    }));
    fs.writeFileSync(${JSON.stringify(`${report}.part`)}, JSON.stringify(report));
    fs.renameSync(${JSON.stringify(`${report}.part`)}, ${JSON.stringify(report)});
  }));
};
`;

/** Writes and packages the probe; answers the .vsix and the files it reads and writes. */
export function buildProbe(folder: string, vsce: string): { vsix: string; input: string; report: string } {
  const source = join(folder, 'probe');
  mkdirSync(source, { recursive: true });
  const input = join(folder, 'probe-input.json');
  const report = join(folder, 'probe-report.json');
  const manifest = {
    name: 'probe',
    displayName: 'Mailroom Probe',
    description: 'Reports what another extension can reach of Mailroom (end-to-end test only).',
    version: '0.0.1',
    publisher: 'mailroom-test',
    license: 'MIT',
    engines: { vscode: '^1.95.0' },
    main: './extension.js',
    activationEvents: [],
    contributes: { commands: [{ command: 'mailroomProbe.run', title: PROBE_COMMAND_TITLE }] },
  };
  writeFileSync(join(source, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(source, 'extension.js'), extensionSource(input, report));
  writeFileSync(join(source, 'README.md'), '# Mailroom Probe\n\nBuilt by test/e2e/flows.ts for one test.\n');
  const vsix = join(folder, 'probe.vsix');
  execFileSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], {
    cwd: source,
    stdio: 'pipe',
  });
  return { vsix, input, report };
}
