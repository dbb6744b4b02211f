/**
 * `mailroom pdf ID -o FILE [--wait]`: the PDF the mailer was printed from. The service makes it
 * when it prints the mailer (Waiting For Delivery) and answers -3020 before: the command then says
 * so, with the mailer's status now, and `--wait` waits for it, asking again until it is printed or
 * ends without a PDF (cancelled, failed).
 */
import { MailWsError, type MailWsClient } from '../../client';
import { RESULT, STATUS, describeStatus, isFinalStatus, isPrintedStatus } from '../../contract';
import { connect, print, progressPrinter, type Io } from '../context';
import { commandLine } from '../arguments';
import { STANDARD_STREAM, writeUserFile } from '../user-files';
import { UsageError, EXIT_SERVICE_ERROR } from '../usage';
import { oneId } from './details';
import type { CommandHelp } from '../help';

export const usage = 'mailroom pdf ID -o FILE [--wait]';

export const help: CommandHelp = {
  summary:
    'Saves the PDF the service printed for a mailer. The service makes it when it prints the mailer (from Waiting For ' +
    'Delivery on); asked before, the command says so with the status the mailer is in, and --wait waits until it is printed.',
  options: [
    ['ID', "the mailer's ID"],
    ['-o, --output FILE', 'where to save it; - for standard output'],
    ['--wait', 'wait for a mailer not yet printed to be printed, asking the service again every few seconds (Ctrl-C stops)'],
  ],
  global: true,
  examples: ['mailroom pdf 1021984 -o letter.pdf', 'mailroom pdf 1021984 -o letter.pdf --wait'],
};

/** How long between two questions while waiting; the client paces the real service's Get methods to one per 6 s itself. */
const WAIT_STEP_MS = 1000;

type Answer = { readonly pdf: Buffer } | { readonly status: number; readonly error: MailWsError };

/** The PDF, or (while the service has none: -3020) the mailer's status now. */
async function ask(client: MailWsClient, id: number, io: Io): Promise<Answer> {
  const progress = progressPrinter(io, 'Receiving');
  try {
    const { FileData } = await client.simple.GetPDF({ ID: id }, progress ? { onProgress: progress } : {});
    return { pdf: FileData ?? Buffer.alloc(0) };
  } catch (error) {
    if (!(error instanceof MailWsError && error.code === RESULT.PdfNotAvailable)) throw error;
    const status = (await client.datedA.GetStatus({ ID: String(id) })).Statuses[0]?.Status;
    // A mailer this user cannot see: the service's own answer says it best.
    if (status === undefined || status === STATUS.NoPermissions) throw error;
    return { status, error };
  }
}

export async function run(args: readonly string[], io: Io): Promise<number | undefined> {
  const { values, positionals } = commandLine('pdf', args, {
    output: { type: 'string', short: 'o' },
    wait: { type: 'boolean', default: false },
  });
  const id = oneId(positionals);
  if (!values.output) throw new UsageError('Say where to save it: -o FILE');
  const client = connect(values, io);
  try {
    let said: number | undefined;
    let printedSeen = false;
    for (;;) {
      const answer = await ask(client, id, io);
      if ('pdf' in answer) {
        await writeUserFile(values.output, answer.pdf, 'the PDF');
        // Written to standard output (-o -), the PDF is all it holds: what was done is said on standard error.
        if (values.output === STANDARD_STREAM) io.err.write(`Wrote the PDF of ${id} to standard output (${answer.pdf.length} bytes)\n`);
        else
          print(io, values, { id, file: values.output, bytes: answer.pdf.length }, () => [
            `Saved the PDF of ${id} to ${values.output} (${answer.pdf.length} bytes)`,
          ]);
        return undefined;
      }
      const now = `${answer.status} ${describeStatus(answer.status)}`;
      if (isPrintedStatus(answer.status)) {
        // The status was read after the refusal: printed meanwhile, the PDF is asked for once more before it is said gone.
        if (!printedSeen) {
          printedSeen = true;
          continue;
        }
        io.err.write(`mailroom: ${id} was printed (${now}), but the service no longer keeps its PDF (-3020: deleted)\n`);
        return EXIT_SERVICE_ERROR;
      }
      if (isFinalStatus(answer.status)) {
        io.err.write(`mailroom: ${id} ended before it was printed (${now}): it has no PDF\n`);
        return EXIT_SERVICE_ERROR;
      }
      if (!values.wait) {
        io.err.write(
          `mailroom: ${id} is not printed yet (${now}): its PDF exists once it is, from Waiting For Delivery on. ` +
            'Ask again then, or add --wait to wait for it\n',
        );
        return EXIT_SERVICE_ERROR;
      }
      if (said !== answer.status) io.err.write(`Waiting for ${id} to be printed: ${now}\n`);
      said = answer.status;
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  } finally {
    client.close();
  }
}
