/** `mailroom cancel ID`: stops a mailer not yet handed to the postal service. */
import { parseArgs } from 'node:util';
import { GLOBAL_OPTIONS, connect, print, type Io } from '../context';
import { oneId } from './details';

export const usage = 'mailroom cancel ID';

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
