/**
 * One day's sends that both front ends must count alike (src/rulebook/charges.ts), made through the
 * command line as a person makes them, over a sandbox and a hanging proxy in front of it: a letter
 * cancelled (refunded at once), one failed at -1018 (before printing: refunded), one at -1010 (no
 * funds: never charged), a `Default` send the service ran in Development (the user's own work
 * mode), one charged, and one whose answer never came (counted at its predicted price). The
 * command line's test (test/cli/spending.test.ts) and the extension's (test/extension/suite/
 * spending.test.ts) run it, then ask each front end for its verdict. node:* only, so that it also
 * runs inside the extension host.
 */
import { strict as assert } from 'node:assert';
import type { CliRun } from './cli';
import type { HangingProxy } from './hanging-proxy';

/** The command line of this build, as the user of the day, with a budget file of the caller's. */
export type Mailroom = (args: readonly string[]) => Promise<CliRun>;

export interface SpendingDay {
  /** What one letter costs (every letter of the day is the same one, to the same recipient). */
  readonly price: number;
  /** What the day adds to the spending, as the service counts it: the letter charged, and the one whose answer never came. */
  readonly charged: number;
  /** What it adds when the service does not say how the sends ended: every send that may charge, at its predicted price. */
  readonly unanswered: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Makes the day's sends at `endpoint` (the sandbox) and, for the one whose answer never came,
 * at `proxy` (in front of it, hung for that send). The user's own work mode must be Development.
 */
export async function spendingDay(
  mailroom: Mailroom,
  letter: string,
  to: string,
  endpoint: string,
  proxy: HangingProxy,
): Promise<SpendingDay> {
  const at = (url: string, ...args: string[]) => mailroom([...args, '--endpoint', url]);
  // The same letter again and again: --again, since this is a day of money, not of repeats.
  const send = async (mode: string) => {
    const sent = await at(endpoint, 'send', letter, '--to', to, '--mode', mode, '--yes', '--json', '--again');
    assert.equal(sent.code, 0, `send in ${mode}: ${sent.stderr}`);
    return (JSON.parse(sent.stdout) as { id: number }).id;
  };
  const ok = (what: string, run: CliRun) => assert.equal(run.code, 0, `${what}: ${run.stderr}`);

  const cancelled = await send('Production');
  ok('cancel', await at(endpoint, 'cancel', String(cancelled)));
  const refunded = await send('Production');
  ok('sandbox fail -1018', await at(endpoint, 'sandbox', 'fail', String(refunded), '-1018'));
  const noFunds = await send('Production');
  ok('sandbox fail -1010', await at(endpoint, 'sandbox', 'fail', String(noFunds), '-1010'));
  const inDevelopment = await send('Default');
  const charged = await send('Production');

  const details = await at(endpoint, 'details', String(charged), '--json');
  ok('details', details);
  const { Price: price, WorkMode } = JSON.parse(details.stdout) as { Price: number; WorkMode: string };
  assert.equal(WorkMode, 'Production');
  assert.ok(price > 0);
  const mode = JSON.parse((await at(endpoint, 'details', String(inDevelopment), '--json')).stdout) as { WorkMode: string };
  assert.equal(mode.WorkMode, 'Development', "the Default send ran in the user's own work mode, Development");

  // Its answer never comes: the proxy takes the request and holds it; the send log keeps its predicted price.
  proxy.hang();
  try {
    const unknown = await at(proxy.url, 'send', letter, '--to', to, '--mode', 'Production', '--yes', '--again', '--timeout', '1');
    assert.notEqual(unknown.code, 0, 'no answer came');
    assert.match(unknown.stderr, /outcome|unknown|answer/i, unknown.stderr);
  } finally {
    proxy.release();
    proxy.drop();
  }
  return { price, charged: cents(2 * price), unanswered: cents(6 * price) };
}
