/**
 * 7. XML attacks: the peak resident memory of a sandbox (a process of its own) that answered every
 * attack of test/helpers/xml-attacks.ts, each sent three times, against a fresh one that answered
 * harmless well-formed requests of the same sizes: what the attacks cost beyond their bytes.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { absolute, compared, type Row } from './support/measure';
import { startSandboxProcess } from './support/sandbox-process';
import type { Size, Sizes } from './support/size';
import { harmlessOfSize, xmlAttacks } from '../helpers/xml-attacks';

/** A field of /proc/<pid>/status in bytes (VmHWM: peak resident set; VmRSS: now). */
function procBytes(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]) * 1024;
}

function post(url: string, body: string | Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/MailWS.asmx`,
      { method: 'POST', headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"Mailing/GetLetterStatus"' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Peak resident memory of a fresh sandbox after answering these bodies, each `times` times. */
async function peakAfter(bodies: readonly (string | Buffer)[], times: number): Promise<{ peak: number; start: number }> {
  const sandbox = await startSandboxProcess();
  try {
    await post(sandbox.url, harmlessOfSize(0)); // warm: the parser and the operation loaded
    const start = procBytes(sandbox.pid, 'VmRSS');
    for (let i = 0; i < times; i++) for (const body of bodies) await post(sandbox.url, body);
    return { peak: procBytes(sandbox.pid, 'VmHWM'), start };
  } finally {
    await sandbox.stop();
  }
}

/** How many times each attack (and each harmless request) is sent. */
const TIMES: Sizes<number> = { full: 3, small: 1 };

export async function xmlAttackMemory(size: Size = 'full'): Promise<Row[]> {
  const times = TIMES[size];
  const attacks = xmlAttacks().map(([, body]) => body);
  const harmless = attacks.map((body) => harmlessOfSize(Buffer.byteLength(body)));
  const attacked = await peakAfter(attacks, times);
  const floor = await peakAfter(harmless, times);
  const mb = (bytes: number) => bytes / 1048576;
  return [
    compared(
      'xml attacks',
      `peak RSS after ${attacks.length} attacks × ${times}`,
      'MB',
      mb(attacked.peak),
      { name: 'harmless requests of the same sizes', value: mb(floor.peak) },
      1.25,
    ),
    absolute('xml attacks', 'peak RSS growth under the attacks', 'MB', mb(attacked.peak - attacked.start), 256),
  ];
}
