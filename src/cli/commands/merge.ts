/**
 * `mailroom merge TEMPLATE DATA.csv [--mode M] [--description D] [--yes]`: one letter per row of
 * the CSV from a .docx («Field») or HTML ({{Field}}) template, sent as one batch. The number of
 * letters and the work mode are shown before anything is sent.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { DocumentError, keptRowsFile, mailMerge, mergeWithRows, type CallOptions, type MailMerge } from '../../client';
import { CSV_DELIMITER_NAMES, type EnumValue } from '../../contract';
import { connect } from '../connect';
import type { Io } from '../io';
import { print } from '../output';
import { guardSend, predictedMergePrice, refusalOf, rowList, sayRepeated } from '../spending';
import { mayCharge, mergeRowKeys, RepeatedSend, strictestMode } from '../../rulebook';
import { dollars } from '../../formats';
import { printingOf, printSettingsOf } from '../print-settings';
import { Refused, UsageError } from '../usage';
import { printing } from '../printing';
import { checkLengths } from '../limits';
import { encodingLine } from './preflight';
import { SENDING_OPTIONS, workModeOption } from './send';
import type { CommandHelp } from '../help';
import { commandLine } from '../arguments';
import { STANDARD_STREAM, readUserFile, userFileName, writeUserFile } from '../user-files';

export const usage =
  'mailroom merge TEMPLATE DATA.csv [--mode Development|Production|Default] [--description D] [--yes] [--over-budget] [--again | --skip-sent] [--only-passing]';

export const help: CommandHelp = {
  summary:
    'Sends one letter per row of a CSV from one template (.docx with «Field»s or HTML with {{Field}}s): a batch. ' +
    'Shows how many letters it makes and the work mode first; a merge that may print for real (Production, or Default, the ' +
    "account's own mode) goes only with --yes or a yes typed on a terminal, and a script without --yes is refused with exit code 3.",
  options: [
    ['TEMPLATE', 'the letter: .docx or .html (- reads it from standard input)'],
    [
      'DATA.csv',
      'a header row naming the fields, then one row per letter: UTF-8, UTF-16 (with a byte order mark or without), or Windows-1252, ' +
        'separated by commas, semicolons or tabs (as the header is); sent as comma-separated UTF-8 (- reads it from standard input)',
    ],
    ['--mode Development|Production|Default', "the work mode; Default (the account's own) by default"],
    ['--description TEXT', 'what the batch is called; "TEMPLATE × DATA.csv" by default'],
    [
      '--yes',
      "send what may print for real (Production, or Default, the account's own mode) without asking, as a script must (also above the confirmation threshold; never past the daily budget)",
    ],
    ['--over-budget', 'send even if it passes the daily budget (config.json) of the user you send as, and say so'],
    [
      '--again',
      'send every row although some letters went to the same recipients within the last 30 days (repeats.windowDays in config.json); the send log says so',
    ],
    ['--skip-sent', 'leave out the rows whose letters went to the same recipients within that time, and send the others'],
    [
      '--only-passing',
      'send only the rows the preflight finds nothing failing in: they are written first to DATA-passing.csv beside DATA.csv, in its encoding, and that is what is sent',
    ],
  ],
  global: true,
  examples: ['mailroom merge invite.html people.csv --mode Development'],
};

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = commandLine('merge', args, {
    ...SENDING_OPTIONS,
    'skip-sent': { type: 'boolean', default: false },
    'only-passing': { type: 'boolean', default: false },
  });
  if (positionals.length !== 2) throw new UsageError(usage);
  if (values.again && values['skip-sent'])
    throw new UsageError('Choose --again (send every row) or --skip-sent (leave out those sent before), not both');
  const [template, data] = positionals as [string, string];
  if (values['only-passing'] && data === STANDARD_STREAM)
    throw new UsageError('--only-passing writes the rows that pass in a file beside the data: name the data file, not -');
  checkLengths([['--description', 'MyDescription', values.description]]);
  let merge: MailMerge;
  let templateBytes: Buffer;
  let templateName: string;
  // Either may be standard input (-): the template's type is then told by what it holds.
  const dataName = data === STANDARD_STREAM ? 'stdin.csv' : basename(data);
  try {
    templateBytes = await readUserFile(template, 'the template');
    templateName = userFileName(template, templateBytes);
    merge = mailMerge(templateName, templateBytes, dataName, await readUserFile(data, 'the data'));
  } catch (error) {
    if (error instanceof DocumentError) throw new UsageError(error.message);
    throw error;
  }
  const mode = workModeOption(values.mode);
  if (values['only-passing']) merge = await onlyPassing(io, merge, templateBytes, data, mode);
  const { letters } = merge;
  // Priced as the account prints (sides, colour), as `mailroom preflight` says it.
  const printed = printingOf(await printSettingsOf(values, io));
  const price = mayCharge(mode)
    ? await predictedMergePrice({ type: merge.type, template: templateBytes, csv: merge.csv }, printed)
    : undefined;
  if (!values.json) io.err.write(`${encodingLine({ file: dataName, encoding: merge.encoding, delimiter: merge.delimiter })}\n`);
  const client = connect(values, io);
  try {
    const guard = await guardSend(io, values, client, {
      mode,
      price,
      // The amount where it may charge; unknown, never $0.00, where it cannot be predicted (no row's address read).
      what:
        `Sending ${letters} letter${letters === 1 ? '' : 's'} from ${templateName} and ${dataName}` +
        (mayCharge(mode) ? (price === undefined ? ' (price unknown)' : ` (about ${dollars(price)})`) : ''),
    });
    const send = (batch: MailMerge, options: CallOptions) =>
      client.datedA.SendWordMailMerge_Compressed(
        {
          MyDescription: values.description ?? `${templateName} × ${dataName}`.slice(0, 100),
          FileExtension: batch.type,
          FileBinaryData: batch.template,
          MergeData: batch.mergeData,
          WorkMode: mode,
        },
        { source: `${resolve(template)} + ${resolve(data)}`, rows: mergeRowKeys(batch.template, batch.fields, batch.rows), ...options },
      );
    let result;
    try {
      result = await send(merge, { ...(price === undefined ? {} : { price }), ...guard.options });
    } catch (error) {
      // Rows sent before, refused under the send log's lock (nothing was sent): --skip-sent sends the others.
      if (!(error instanceof RepeatedSend && error.verdict.rows && values['skip-sent'])) throw refusalOf(error, guard.account) ?? error;
      const sent = new Set(error.verdict.rows);
      if (sent.size === merge.letters) {
        io.err.write(`Nothing sent: all ${merge.letters} rows went before (--skip-sent).\n`);
        print(io, values, { id: null, skipped: [...sent] }, () => []);
        return;
      }
      const rest = mergeWithRows(merge, (row) => !sent.has(row));
      io.err.write(
        `Leaving out ${sent.size} row${sent.size === 1 ? '' : 's'} sent before (${rowList([...sent])}); sending the other ${rest.letters}.\n`,
      );
      const restPrice = mayCharge(mode)
        ? await predictedMergePrice({ type: rest.type, template: rest.template, csv: rest.csv }, printed)
        : undefined;
      result = await send(rest, { ...(restPrice === undefined ? {} : { price: restPrice }), ...guard.at(restPrice) }).catch(
        (again: unknown) => {
          throw refusalOf(again, guard.account) ?? again;
        },
      );
    }
    sayRepeated(io, guard.noted(), mode);
    print(
      io,
      values,
      {
        id: result.ResultCode,
        description: result.ResultDescription,
        encoding: merge.encoding,
        delimiter: CSV_DELIMITER_NAMES[merge.delimiter],
      },
      () => [String(result.ResultCode)],
    );
    if (!values.json && result.ResultDescription) io.err.write(`${result.ResultDescription}\n`);
  } finally {
    client.close();
  }
}

/**
 * The merge of only the rows the preflight finds nothing failing in (printing's passingRows),
 * written first as a CSV beside the data, in the data's own encoding, so that what is sent is a
 * file the user has. Refused when no row passes, or when the merge fails whatever rows it keeps
 * (the header, the template); the merge as it is when every row passes.
 */
async function onlyPassing(io: Io, merge: MailMerge, template: Uint8Array, data: string, mode: EnumValue<'WorkMode'>): Promise<MailMerge> {
  const { passingRows, preflightMerge } = await printing();
  const workMode = strictestMode(mode);
  const report = await preflightMerge({ type: merge.type, template, csv: merge.csv }, { workMode }, { letters: false });
  const pass = passingRows(report);
  const first = report.findings.find((f) => f.severity === 'error');
  if (!pass) {
    throw new Refused(
      `Not sent: the merge fails whatever rows it keeps (${first?.code ?? ''}: ${first?.message ?? ''}). ` +
        `\`mailroom preflight TEMPLATE --data ${basename(data)}\` shows every finding.`,
    );
  }
  if (pass.length === 0)
    throw new Refused(`Not sent: no row of ${basename(data)} passes the preflight (the first: ${first?.message ?? ''}).`);
  if (pass.length === merge.letters) return merge;
  let kept;
  try {
    kept = keptRowsFile(merge, basename(data), pass);
  } catch (error) {
    if (error instanceof DocumentError) throw new Refused(`Not sent: ${error.message}.`);
    throw error;
  }
  const out = join(dirname(data), kept.name);
  if (existsSync(out)) throw new Refused(`Not sent: ${out} is there already; move it away to have the rows that pass written there.`);
  await writeUserFile(out, kept.bytes, 'the rows that pass');
  const failing = merge.letters - pass.length;
  const left = Array.from({ length: merge.letters }, (_, i) => i + 1).filter((row) => !pass.includes(row));
  io.err.write(
    `Sending the ${pass.length} row${pass.length === 1 ? '' : 's'} that pass of ${merge.letters} (${failing} fail${failing === 1 ? 's' : ''}: ` +
      `${rowList(left)}), written to ${out} (${merge.encoding}).\n`,
  );
  return kept.merge;
}
