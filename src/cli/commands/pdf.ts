/** `mailroom pdf ID -o FILE`: the PDF the mailer was printed from. */
import { connect, print, progressPrinter, type Io } from '../context';
import { commandLine } from '../arguments';
import { writeUserFile } from '../user-files';
import { UsageError } from '../usage';
import { oneId } from './details';
import type { CommandHelp } from '../help';

export const usage = 'mailroom pdf ID -o FILE';

export const help: CommandHelp = {
  summary: 'Saves the PDF the service printed (or will print) for a mailer.',
  options: [
    ['ID', "the mailer's ID"],
    ['-o, --output FILE', 'where to save it'],
  ],
  global: true,
  examples: ['mailroom pdf 1021984 -o letter.pdf'],
};

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = commandLine('pdf', args, { output: { type: 'string', short: 'o' } });
  const id = oneId(positionals);
  if (!values.output) throw new UsageError('Say where to save it: -o FILE');
  const client = connect(values, io);
  try {
    const progress = progressPrinter(io, 'Receiving');
    const { FileData } = await client.simple.GetPDF({ ID: id }, progress ? { onProgress: progress } : {});
    await writeUserFile(values.output, FileData ?? Buffer.alloc(0), 'the PDF');
    print(io, values, { id, file: values.output, bytes: FileData?.length ?? 0 }, () => [
      `Saved the PDF of ${id} to ${values.output} (${FileData?.length ?? 0} bytes)`,
    ]);
  } finally {
    client.close();
  }
}
