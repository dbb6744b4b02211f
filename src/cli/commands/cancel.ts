/** `mailroom cancel ID`: stops a mailer not yet handed to the postal service. */
import { MailWsError, MailWsFailure, type MailWsClient } from '../../client';
import { describeStatus, RESULT } from '../../contract';
import { accountOf } from '../account-options';
import { connect } from '../connect';
import type { Io } from '../io';
import { print } from '../output';
import { EXIT_OK, EXIT_SERVICE_ERROR } from '../usage';
import { unknownAnswer, unknownMailers } from '../unknown-mailers';
import { commandLine } from '../arguments';
import { batchLetters } from '../../client';
import { oneId } from './details';
import type { CommandHelp } from '../help';

export const usage = 'mailroom cancel ID';

export const help: CommandHelp = {
  summary:
    'Cancels a mailer not yet handed to the postal service (Received, In Process or waiting for funds); what was charged is refunded. ' +
    'A batch (a mail merge) is cancelled whole, every letter in it: the service cancels no single item; the output says how many letters.',
  options: [['ID', "the mailer's ID"]],
  global: true,
  examples: ['mailroom cancel 1021984'],
};

/** -3022 said once, with the mailer's status now, which says why (printed, mailed, cancelled already). */
async function deniedWords(client: MailWsClient, id: number): Promise<string> {
  const denied = `${id} cannot be cancelled (CancelDelivery answered -3022: cancellation denied)`;
  try {
    const status = (await client.datedA.GetStatus({ ID: String(id) })).Statuses[0]?.Status;
    return status === undefined ? `${denied}.` : `${denied}: it is ${status} ${describeStatus(status)}.`;
  } catch (error) {
    if (!(error instanceof MailWsFailure)) throw error;
    return `${denied}; its status could not be read (${error.message}).`;
  }
}

export async function run(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = commandLine('cancel', args, {});
  const id = oneId(positionals);
  const client = connect(values, io);
  try {
    let letters: number | undefined;
    try {
      // A batch is cancelled whole (CancelDelivery takes no ItemID): what it covered is said after.
      letters = await batchLetters(client, id);
      await client.datedA.CancelDelivery({ ID: id });
    } catch (error) {
      if (error instanceof MailWsError && error.code === RESULT.CancellationDenied) {
        io.err.write(`mailroom: ${await deniedWords(client, id)}\n`);
        return EXIT_SERVICE_ERROR;
      }
      const answered = unknownAnswer(error);
      if (answered === undefined) throw error;
      io.err.write(`mailroom: ${unknownMailers([id], accountOf(values, io), answered)}\n`);
      return EXIT_SERVICE_ERROR;
    }
    const covered = letters === undefined ? `Cancelled ${id}.` : `Cancelled batch ${id}: ${lettersWord(letters)}.`;
    print(io, values, { id, cancelled: true, ...(letters !== undefined && { batch: true, letters }) }, () => [
      `${covered} It may take a few minutes to show; any amount charged is refunded at once.`,
    ]);
    return EXIT_OK;
  } finally {
    client.close();
  }
}

/** "1 letter", "2,000 letters". */
function lettersWord(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'letter' : 'letters'}`;
}
