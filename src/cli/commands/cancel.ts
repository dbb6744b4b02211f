/** `mailroom cancel ID`: stops a mailer not yet handed to the postal service. */
import { parseArgs } from 'node:util';
import { GLOBAL_OPTIONS, connect, print, type Io } from '../context';
import { oneId } from './details';
import type { CommandHelp } from '../help';

export const usage = 'mailroom cancel ID';

export const help: CommandHelp = {
  summary:
    'Cancels a mailer not yet handed to the postal service (Received, In Process or waiting for funds); what was charged is refunded.',
  options: [['ID', "the mailer's ID"]],
  global: true,
  examples: ['mailroom cancel 1021984'],
};

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({ args: [...args], allowPositionals: true, options: GLOBAL_OPTIONS });
  const id = oneId(positionals);
  const client = connect(values, io);
  try {
    await client.datedA.CancelDelivery({ ID: id });
    print(io, values, { id, cancelled: true }, () => [
      `Cancelled ${id}. It may take a few minutes to show; any amount charged is refunded at once.`,
    ]);
  } finally {
    client.close();
  }
}
