/**
 * `mailroom merge TEMPLATE DATA.csv [--mode M] [--description D] [--yes]`: one letter per row of
 * the CSV from a .docx («Field») or HTML ({{Field}}) template, sent as one batch. The number of
 * letters and the work mode are shown before anything is sent.
 */
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DocumentError, mailMerge, type MailMerge } from '../../client';
import { GLOBAL_OPTIONS, accountOf, connect, print, type Io } from '../context';
import { guardSend, predictedMergePrice } from '../spending';
import { mayCharge } from '../../rulebook';
import { UsageError } from '../usage';
import { encodingLine } from './preflight';
import { workModeOption } from './send';
import type { CommandHelp } from '../help';

export const usage = 'mailroom merge TEMPLATE DATA.csv [--mode Development|Production|Default] [--description D] [--yes] [--over-budget]';

export const help: CommandHelp = {
  summary:
    'Sends one letter per row of a CSV from one template (.docx with «Field»s or HTML with {{Field}}s): a batch. ' +
    'Shows how many letters it makes and the work mode first; Production goes only with --yes or a yes typed on a terminal.',
  options: [
    ['TEMPLATE', 'the letter: .docx or .html'],
    [
      'DATA.csv',
      'a header row naming the fields, then one row per letter: UTF-8, UTF-16 with a byte order mark, or Windows-1252; sent as UTF-8',
    ],
    ['--mode Development|Production|Default', "the work mode; Default (the account's own) by default"],
    ['--description TEXT', 'what the batch is called; "TEMPLATE × DATA.csv" by default'],
    ['--yes', 'send in Production without asking (also above the confirmation threshold; never past the daily budget)'],
    ['--over-budget', "send even if it passes the account's daily budget (config.json), and say so"],
  ],
  global: true,
  examples: ['mailroom merge invite.html people.csv --mode Development'],
};

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      ...GLOBAL_OPTIONS,
      mode: { type: 'string' },
      description: { type: 'string' },
      yes: { type: 'boolean', default: false },
      'over-budget': { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 2) throw new UsageError(usage);
  const [template, data] = positionals as [string, string];
  let merge: MailMerge;
  let templateBytes: Buffer;
  try {
    templateBytes = await readFile(template);
    merge = mailMerge(basename(template), templateBytes, basename(data), await readFile(data));
  } catch (error) {
    if (error instanceof DocumentError) throw new UsageError(error.message);
    throw error;
  }
  const { letters } = merge;
  const mode = workModeOption(values.mode);
  const price = mayCharge(mode) ? await predictedMergePrice({ type: merge.type, template: templateBytes, csv: merge.csv }) : undefined;
  if (!values.json) io.err.write(`${encodingLine({ file: basename(data), encoding: merge.encoding })}\n`);
  const client = connect(values, io);
  try {
    const guard = await guardSend(io, values, client, {
      account: accountOf(values, io),
      mode,
      price,
      what: `Sending ${letters} letter${letters === 1 ? '' : 's'} from ${basename(template)} and ${basename(data)}`,
      yes: values.yes,
      overBudget: values['over-budget'],
    });
    const result = await client.datedA.SendWordMailMerge_Compressed(
      {
        MyDescription: values.description ?? `${basename(template)} × ${basename(data)}`.slice(0, 100),
        FileExtension: merge.type,
        FileBinaryData: merge.template,
        MergeData: merge.mergeData,
        WorkMode: mode,
      },
      { source: `${resolve(template)} + ${resolve(data)}`, ...(price === undefined ? {} : { price }), ...guard },
    );
    print(io, values, { id: result.ResultCode, description: result.ResultDescription, encoding: merge.encoding }, () => [
      String(result.ResultCode),
    ]);
    if (!values.json && result.ResultDescription) io.err.write(`${result.ResultDescription}\n`);
  } finally {
    client.close();
  }
}
