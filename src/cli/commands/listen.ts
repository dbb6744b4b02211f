/**
 * `mailroom listen [--port P] [--host ADDR] [--json]`: a feedback push receiver that prints each
 * push the service (or the sandbox) sends and answers `0`. A line for people, or with --json one
 * JSON object a line (the push's own field names, and the status in words as Description).
 * "Listening…" and a line for each request refused as not a push go to standard error, so that
 * standard output holds only pushes.
 */
import { startPushReceiver, type FeedbackPush } from '../../client/push-receiver';
import { describeStatus } from '../../contract';
import type { Io } from '../io';
import type { CommandHelp } from '../help';
import { untilStopped } from '../until-stopped';
import { commandLine, portNumber } from '../arguments';

/** Next to the sandbox's 8317. */
export const DEFAULT_LISTEN_PORT = 8318;

export const usage = 'mailroom listen [--port P] [--host ADDR] [--json]';

export const help: CommandHelp = {
  summary:
    'Receives feedback pushes (Feedback_FeedbackType=Post): prints each one and answers 0, until Ctrl+C. Register the URL ' +
    'it prints as Feedback_Post_FeedbackURL (with Feedback_Post_WhenToSend_Completed, _Error or _BatchErrors set to True). ' +
    'A request that is not a push is answered 400 and said on standard error, with why.',
  options: [
    ['--port P', `where to listen; ${DEFAULT_LISTEN_PORT} by default, 0 for any free port`],
    ['--host ADDR', 'the address to listen on; 127.0.0.1 (this machine only) by default'],
    ['--json', 'one JSON object a line for each push'],
  ],
  global: false,
  examples: ['mailroom listen', 'mailroom listen --port 0 --json'],
};

export function describePush(push: FeedbackPush): string {
  const item = push.ItemID === 0 ? '' : ` item ${push.ItemID}`;
  return `${push.StatusTime}  ${push.ID}${item}: ${push.Status} ${describeStatus(push.Status)}`;
}

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values } = commandLine(
    'listen',
    args,
    { port: { type: 'string', default: String(DEFAULT_LISTEN_PORT) }, host: { type: 'string', default: '127.0.0.1' } },
    { positionals: false },
  );
  const port = portNumber(values.port);
  const receiver = await startPushReceiver({
    port,
    host: values.host,
    onPush: (push) =>
      io.out.write(values.json ? `${JSON.stringify({ ...push, Description: describeStatus(push.Status) })}\n` : `${describePush(push)}\n`),
    // On standard error, which holds what is not a push: standard output stays the pushes alone.
    onRefused: ({ from, method, problem }) =>
      io.err.write(`Refused a ${method} from ${from} (answered 400): not a feedback push: ${problem}\n`),
  });
  io.err.write(`Listening for feedback pushes on ${receiver.url}\n`);
  await untilStopped();
  await receiver.close();
}
