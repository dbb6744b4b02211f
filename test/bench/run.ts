/**
 * `npm run bench`: every benchmark in one run, against floors and peers measured in the same run.
 * Prints a table of medians and ratios and writes test/bench/results.json. Needs `npm run build`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { callOverhead } from './call-overhead';
import { storage } from './compaction';
import { deadlines } from './deadlines';
import { diagnostics } from './diagnostics';
import { editorResponsiveness } from './event-loop';
import { proofResponsiveness } from './proof-event-loop';
import { extensionCost } from './extension-cost';
import { filtering } from './filtering';
import { largeDocuments } from './large-documents';
import { throughput } from './throughput';
import { tracking } from './tracking';
import { xmlAttackMemory } from './xml-attacks';
import { table, type Row } from './support/measure';
import { startSandboxProcess } from './support/sandbox-process';
import { seedMailers } from './support/seed';

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const rows: Row[] = [];
  const sandbox = await startSandboxProcess();
  try {
    const ids = wanted('calls') || wanted('tracking') ? await seedMailers(sandbox.url, wanted('tracking') ? 10_000 : 1000) : [];
    if (wanted('calls')) rows.push(...(await callOverhead(sandbox, ids)));
    if (wanted('tracking')) rows.push(...(await tracking(sandbox, ids)));
  } finally {
    await sandbox.stop();
  }
  if (wanted('documents')) rows.push(...(await largeDocuments()));
  if (wanted('throughput')) rows.push(...(await throughput()));
  if (wanted('extension')) rows.push(...extensionCost());
  if (wanted('storage')) rows.push(...(await storage()));
  if (wanted('deadlines')) rows.push(...(await deadlines()));
  if (wanted('xml-attacks')) rows.push(...(await xmlAttackMemory()));
  if (wanted('responsiveness')) rows.push(...(await editorResponsiveness()));
  if (wanted('diagnostics')) rows.push(...(await diagnostics()));
  if (wanted('filter')) rows.push(...(await filtering()));
  if (wanted('responsiveness') || wanted('proof-responsiveness')) rows.push(...(await proofResponsiveness()));
  console.log(table(rows));
  writeFileSync(
    join(__dirname, 'results.json'),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2)}\n`,
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
