/**
 * `mailroom pdf ID -o FILE [--wait]`: the PDF the mailer was printed from. The service makes it
 * when it prints the mailer (Waiting For Delivery) and answers -3020 before: the command then says
 * so, with the mailer's status now, and `--wait` waits for it, asking again until it is printed or
 * ends without a PDF (cancelled, failed). A printed mailer's -3020 is a PDF still being printed (a
 * large batch's is made on first need, on the service's time): `--wait` waits for it too, saying
 * how long, and only a final mailer's PDF still missing after rulebook PRINTING_PATIENCE_MS is
 * said deleted (rulebook/printed-pdf.ts).
 */
import { MailWsError, type MailWsClient } from '../../client';
import { RESULT, STATUS, describeStatus } from '../../contract';
import { PRINTING_ASK_EVERY_MS, PRINTING_PATIENCE_MS, pdfAbsence } from '../../rulebook';
import { connect } from '../connect';
import type { Io } from '../io';
import { print, progressPrinter } from '../output';
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
    [
      '--wait',
      'wait for a mailer not yet printed to be printed, and for a PDF the service is still printing (a large batch), asking again every few seconds (Ctrl-C stops)',
    ],
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

/** How often a wait for a PDF being printed says how long it has waited. */
const SAY_EVERY_MS = 15_000;

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
    /** Since when the service said it is printed and had no PDF: still printing it, until the patience ends. */
    let printingSince: number | undefined;
    let saidPrinting = 0;
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
      const absence = pdfAbsence(answer.status);
      if (absence === 'ended-unprinted') {
        io.err.write(`mailroom: ${id} ended before it was printed (${now}): it has no PDF\n`);
        return EXIT_SERVICE_ERROR;
      }
      if (absence === 'not-printed') {
        if (!values.wait) {
          io.err.write(
            `mailroom: ${id} is not printed yet (${now}): its PDF exists once it is, from Waiting For Delivery on. ` +
              'Ask again then, or add --wait to wait for it\n',
          );
          return EXIT_SERVICE_ERROR;
        }
        if (said !== answer.status) io.err.write(`Waiting for ${id} to be printed: ${now}\n`);
        said = answer.status;
        await sleep(WAIT_STEP_MS);
        continue;
      }
      // Printed, and no PDF now (-3020): the service is still printing it (a large batch takes minutes), or, once final, deleted it.
      const since = (printingSince ??= Date.now());
      const waited = Date.now() - since;
      if (absence === 'being-printed-or-deleted' && waited >= (values.wait ? PRINTING_PATIENCE_MS : WAIT_STEP_MS)) {
        io.err.write(
          values.wait
            ? `mailroom: ${id} was printed (${now}), but the service no longer keeps its PDF (-3020: deleted; still none after ${Math.round(waited / 60_000)} minutes of waiting)\n`
            : `mailroom: ${id} was printed (${now}), but the service has no PDF of it now (-3020): deleted, or a large batch's still being printed. ` +
                `Add --wait to wait up to ${PRINTING_PATIENCE_MS / 60_000} minutes for it\n`,
        );
        return EXIT_SERVICE_ERROR;
      }
      if (!values.wait && absence === 'being-printed') {
        io.err.write(
          `mailroom: ${id} is printed (${now}) and the service is still printing its PDF (-3020: still processing; ` +
            "a large batch's takes minutes). Ask again in a while, or add --wait to wait for it\n",
        );
        return EXIT_SERVICE_ERROR;
      }
      if (values.wait && (saidPrinting === 0 || Date.now() - saidPrinting >= SAY_EVERY_MS)) {
        const also = absence === 'being-printed-or-deleted' ? ', unless it was deleted' : '';
        io.err.write(
          `Waiting for the PDF of ${id}: the service is still printing it (${now}, -3020${also}); ${Math.round(waited / 1000)} s so far\n`,
        );
        saidPrinting = Date.now();
      }
      // Without --wait, a final mailer's PDF is asked for once more before it is said deleted.
      await sleep(values.wait ? PRINTING_ASK_EVERY_MS : WAIT_STEP_MS);
    }
  } finally {
    client.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
