/**
 * `mailroom call OPERATION [--service PATH] [--param Name=Value …] [--file Name=PATH …]`: any of
 * the 29 operations, its typed result printed as JSON (binary data as base64). Values are read by
 * their contract type; structures and lists are given as JSON (`--param Settings='[["a","b"]]'`).
 * Credentials are added as for every command. With no --service, the one service that has the
 * operation is used (naming it is needed for SendLetterAndAddress, SendPostcardAndAddress, GetPDF).
 */
import { resolve } from 'node:path';
import { MailWsInputError, workModeAsked } from '../../client';
import { ValueError, operationList, parseLeaf, serviceByPath, serviceList, type Field, type Operation } from '../../contract';
import { connect } from '../connect';
import type { Io } from '../io';
import { print } from '../output';
import { guardSend, refusalOf } from '../spending';
import { UsageError } from '../usage';
import { checkLengths } from '../limits';
import type { CommandHelp } from '../help';
import { commandLine } from '../arguments';
import { readUserFile } from '../user-files';

export const usage =
  'mailroom call OPERATION [--service PATH] [--param Name=Value …] [--file Name=PATH …] [--yes] [--over-budget] [--again]';

export const help: CommandHelp = {
  summary:
    'Calls any operation of the contract by name and prints its typed result as JSON. Values are read by their type: ' +
    'structures and lists as JSON, binary data as base64 (or --file).',
  options: [
    ['OPERATION', 'the operation, such as GetStatus'],
    ['--service PATH', 'its service (such as /2009-02-26/MailWS.asmx or datedA), when two services have it'],
    ['--param Name=Value', 'a parameter; repeat for more'],
    ['--file Name=PATH', "a binary parameter from a file's bytes; repeat for more"],
    [
      '--yes, --over-budget',
      "a send that may print for real (WorkMode Production, or Default or none: the account's own mode) goes only with --yes or a yes typed on a terminal; " +
        'while a spending guard is set (config.json), its price cannot be predicted here, so it goes only with --yes (a confirmation threshold) and --over-budget (a daily budget)',
    ],
    ['--again', 'a send of the same bytes to the same recipient as one made within the last 30 days goes only with --again'],
  ],
  global: true,
  examples: ['mailroom call GetStatus --param ID=1021984-1021990'],
};

function operationOf(name: string, servicePath: string | undefined): Operation {
  const candidates = operationList.filter((op) => op.name === name);
  if (candidates.length === 0)
    throw new UsageError(`No operation "${name}"; the operations are ${[...new Set(operationList.map((o) => o.name))].join(', ')}`);
  if (servicePath === undefined) {
    if (candidates.length > 1)
      throw new UsageError(`${name} is on ${candidates.map((o) => o.service.path).join(' and ')}: say which with --service`);
    return candidates[0]!;
  }
  const service = serviceByPath(servicePath) ?? serviceList.find((s) => s.key === servicePath);
  const op = candidates.find((o) => o.service === service);
  if (!op) throw new UsageError(`${servicePath} has no ${name}`);
  return op;
}

/** A value from its command-line text, by the field's type. */
function valueOf(op: Operation, field: Field, text: string): unknown {
  const type = field.type;
  try {
    if (type.kind === 'primitive' && type.name === 'base64Binary') return Buffer.from(text, 'base64');
    if (type.kind === 'primitive' || type.kind === 'enum') return parseLeaf(text, type);
    return JSON.parse(text) as unknown;
  } catch (error) {
    if (error instanceof ValueError || error instanceof SyntaxError)
      throw new MailWsInputError(op.name, field.name, `cannot be "${text}": ${error.message}`);
    throw error;
  }
}

function pairs(list: readonly string[] | undefined, flag: string): [string, string][] {
  return (list ?? []).map((pair) => {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new UsageError(`--${flag} takes Name=Value, not "${pair}"`);
    return [pair.slice(0, eq), pair.slice(eq + 1)];
  });
}

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = commandLine('call', args, {
    service: { type: 'string' },
    param: { type: 'string', multiple: true },
    file: { type: 'string', multiple: true },
    yes: { type: 'boolean', default: false },
    'over-budget': { type: 'boolean', default: false },
    again: { type: 'boolean', default: false },
  });
  if (positionals.length !== 1) throw new UsageError(usage);
  const op = operationOf(positionals[0]!, values.service);
  const field = (name: string) => {
    const f = op.params.find((p) => p.name === name);
    if (!f) throw new UsageError(`${op.name} takes ${op.params.map((p) => p.name).join(', ')}; not ${name}`);
    return f;
  };
  const request: Record<string, unknown> = {};
  const params = pairs(values.param, 'param');
  checkLengths(params.map(([name, text]) => [`--param ${name}`, name, text]));
  for (const [name, text] of params) request[name] = valueOf(op, field(name), text);
  const files = pairs(values.file, 'file');
  for (const [name, path] of files) {
    field(name);
    request[name] = await readUserFile(path, `the file for ${name}`);
  }
  const client = connect({ ...values, json: true }, io);
  try {
    // A raw send is not priced here; with a spending guard set, the person says it may go, and one that may print for real is asked about as `send` asks.
    const mode = workModeAsked(request);
    const guard =
      op.effect === 'send'
        ? await guardSend(io, values, client, {
            mode: mode === 'Development' || mode === 'Production' ? mode : 'Default',
            price: undefined,
            what: `Calling ${op.name}`,
          })
        : undefined;
    const source = files.map(([, path]) => resolve(path)).join(' + ');
    const result = await client.call(op, request, { ...(source ? { source } : {}), ...guard?.options }).catch((error: unknown) => {
      throw (guard && refusalOf(error, guard.account)) ?? error;
    });
    print(io, { json: true }, result, () => []);
  } finally {
    client.close();
  }
}
