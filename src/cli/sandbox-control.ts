/**
 * `mailroom sandbox advance DURATION | fail ID CODE | funds USER AMOUNT | reset`: a running
 * sandbox's clock and outcomes, through its control path (src/sandbox/control/), at --endpoint,
 * else MAILROOM_ENDPOINT (or a profile's), else the local sandbox's default address.
 */
import { callControl, ControlFailure } from '../sandbox/control/client';
import { CHOSEN_FAILURES, failureChoices, formatDuration, type ControlAction, type ControlActions } from '../sandbox/control/protocol';
import { moneyOutcome } from '../rulebook';
import { dollars } from '../formats';
import { commandLine, dollarsAmount, durationMs, mailerId, wholeNumber } from './arguments';
import { endpointOf, timeoutOf } from './account-options';
import type { Io } from './io';
import { EXIT_OK, EXIT_SERVICE_ERROR, UsageError } from './usage';

const ARITY: Readonly<Record<ControlAction, readonly string[]>> = {
  advance: ['DURATION'],
  fail: ['ID', 'CODE'],
  funds: ['USER', 'AMOUNT'],
  reset: [],
};

export async function runControl(action: ControlAction, args: readonly string[], io: Io): Promise<number> {
  // The global options as every command takes them: --timeout bounds the control call, --verbose says it.
  const { values, positionals } = commandLine(`sandbox ${action}`, args, {});
  const expected = ARITY[action];
  if (positionals.length !== expected.length) {
    throw new UsageError(
      `mailroom sandbox ${[action, ...expected].join(' ')} takes ${expected.length || 'no'} argument${expected.length === 1 ? '' : 's'}`,
    );
  }
  const endpoint = endpointOf(values, io);
  const timeoutMs = timeoutOf(values, io);
  const control = async <A extends ControlAction>(name: A, request: ControlActions[A]['request']) => {
    const started = Date.now();
    try {
      return await callControl(endpoint, name, request, timeoutMs);
    } finally {
      if (values.verbose) io.err.write(`mailroom: sandbox ${name} at ${new URL(endpoint).origin}, ${Date.now() - started} ms\n`);
    }
  };
  const out = (human: string, reply: unknown) => io.out.write(values.json ? `${JSON.stringify(reply)}\n` : `${human}\n`);
  try {
    switch (action) {
      case 'advance': {
        const text = positionals[0]!;
        durationMs(text, 'DURATION');
        const reply = await control('advance', { duration: text });
        out(
          `The sandbox's clock moved ${formatDuration(reply.advancedMs)} ahead (${formatDuration(reply.offsetMs)} in all): it is now ${reply.now}.`,
          reply,
        );
        break;
      }
      case 'fail': {
        const id = mailerId(positionals[0]!);
        const code = wholeNumber(positionals[1]!, 'CODE', { min: Number.MIN_SAFE_INTEGER });
        if (!CHOSEN_FAILURES.includes(code)) {
          throw new UsageError(
            `CODE is one of ${failureChoices()
              .map((f) => `${f.code} (${f.description})`)
              .join(', ')}; not ${code}`,
          );
        }
        const reply = await control('fail', { id, code });
        const money = moneyOutcome(reply);
        const refund = money.refunded > 0 ? `; ${dollars(money.refunded)} refunded` : '';
        out(`Mailer ${reply.id} failed: ${reply.status} ${reply.description}${refund}.${paidFor(money.paidFor)}`, reply);
        break;
      }
      case 'funds': {
        const amount = dollarsAmount(positionals[1]!, 'AMOUNT');
        const reply = await control('funds', { user: positionals[0]!, amount });
        out(`Account ${reply.account} now has ${dollars(reply.balance)}.${paidFor(moneyOutcome(reply).paidFor)}`, reply);
        break;
      }
      case 'reset': {
        const reply = await control('reset', {});
        out(
          `The sandbox forgot ${reply.mailers} mailer${reply.mailers === 1 ? '' : 's'} and ${reply.storedFiles} stored file${reply.storedFiles === 1 ? '' : 's'}; accounts and users stay.`,
          reply,
        );
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof ControlFailure)) throw error;
    io.err.write(`mailroom: ${error.message}\n`);
    return EXIT_SERVICE_ERROR;
  }
  return EXIT_OK;
}

/** The mailers waiting for funds that the money paid for, as a sentence (none: nothing). */
function paidFor(funded: readonly number[]): string {
  if (funded.length === 0) return '';
  return ` It paid for ${funded.length === 1 ? 'mailer' : 'mailers'} ${funded.join(', ')}, waiting for funds.`;
}
