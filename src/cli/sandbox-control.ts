/**
 * `mailroom sandbox advance DURATION | fail ID CODE | funds USER AMOUNT | reset`: a running
 * sandbox's clock and outcomes, through its control path (src/sandbox/control/), at --endpoint,
 * else MAILROOM_ENDPOINT (or a profile's), else the local sandbox's default address.
 */
import { parseArgs } from 'node:util';
import { callControl, ControlFailure } from '../sandbox/control/client';
import { CHOSEN_FAILURES, failureChoices, formatDuration, parseDuration, type ControlAction } from '../sandbox/control/protocol';
import { dollars, moneyOutcome, parseDollars } from '../rulebook';
import { endpointOf, type Io } from './context';
import { EXIT_OK, EXIT_SERVICE_ERROR, UsageError } from './usage';

const ARITY: Readonly<Record<ControlAction, readonly string[]>> = {
  advance: ['DURATION'],
  fail: ['ID', 'CODE'],
  funds: ['USER', 'AMOUNT'],
  reset: [],
};

function wholeNumber(text: string, what: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw new UsageError(`${what} is a whole number, not "${text}"`);
  return Number(text);
}

export async function runControl(action: ControlAction, args: readonly string[], io: Io): Promise<number> {
  // A failure code is negative: -1018 is an argument here, not a flag, wherever it stands.
  const negatives: string[] = [];
  const { values, positionals: given } = parseArgs({
    args: args.map((arg) => (/^-\d/.test(arg) ? `\0${negatives.push(arg) - 1}` : arg)),
    allowPositionals: true,
    options: {
      endpoint: { type: 'string' },
      profile: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const positionals = given.map((arg) => (arg.startsWith('\0') ? negatives[Number(arg.slice(1))]! : arg));
  const expected = ARITY[action];
  if (positionals.length !== expected.length) {
    throw new UsageError(
      `mailroom sandbox ${[action, ...expected].join(' ')} takes ${expected.length || 'no'} argument${expected.length === 1 ? '' : 's'}`,
    );
  }
  const endpoint = endpointOf(values, io);
  const out = (human: string, reply: unknown) => io.out.write(values.json ? `${JSON.stringify(reply)}\n` : `${human}\n`);
  try {
    switch (action) {
      case 'advance': {
        const text = positionals[0]!;
        if (parseDuration(text) === undefined)
          throw new UsageError(`DURATION is a number and a unit, such as 60s, 2h, 3d or 1h30m, not "${text}"`);
        const reply = await callControl(endpoint, 'advance', { duration: text });
        out(
          `The sandbox's clock moved ${formatDuration(reply.advancedMs)} ahead (${formatDuration(reply.offsetMs)} in all): it is now ${reply.now}.`,
          reply,
        );
        break;
      }
      case 'fail': {
        const id = wholeNumber(positionals[0]!, 'ID');
        const code = wholeNumber(positionals[1]!, 'CODE');
        if (!CHOSEN_FAILURES.includes(code)) {
          throw new UsageError(
            `CODE is one of ${failureChoices()
              .map((f) => `${f.code} (${f.description})`)
              .join(', ')}; not ${code}`,
          );
        }
        const reply = await callControl(endpoint, 'fail', { id, code });
        const money = moneyOutcome(reply);
        const refund = money.refunded > 0 ? `; ${dollars(money.refunded)} refunded` : '';
        out(`Mailer ${reply.id} failed: ${reply.status} ${reply.description}${refund}.${paidFor(money.paidFor)}`, reply);
        break;
      }
      case 'funds': {
        const amount = parseDollars(positionals[1]!);
        if (amount === undefined)
          throw new UsageError(`AMOUNT is dollars, 0 or more, to the cent (such as 25 or 12.50), not "${positionals[1]}"`);
        const reply = await callControl(endpoint, 'funds', { user: positionals[0]!, amount });
        out(`Account ${reply.account} now has ${dollars(reply.balance)}.${paidFor(moneyOutcome(reply).paidFor)}`, reply);
        break;
      }
      case 'reset': {
        const reply = await callControl(endpoint, 'reset', {});
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
