/**
 * `mailroom wsdl [SERVICE…] [--out DIR] [--endpoint URL]`: the WSDL of each service as the
 * contract generates it. With `--out`, one file a service; without, the one named service on
 * standard output. A service is named by its key (simple, datedA, datedB, admin) or its path.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_ENDPOINT, generateWsdl, serviceByPath, serviceList, serviceUrl, wsdlFileName, type Service } from '../../contract';
import type { Io } from '../io';
import { UsageError } from '../usage';
import type { CommandHelp } from '../help';
import { commandLine } from '../arguments';

export const usage = 'mailroom wsdl [simple|datedA|datedB|admin|PATH …] [--out DIR] [--endpoint URL]';

export const help: CommandHelp = {
  summary: 'Writes the WSDL of one service to standard output, or of the named services (all by default) to a folder.',
  options: [
    ['simple|datedA|datedB|admin|PATH', 'a service, by key or by path such as /MailWS.asmx'],
    ['--out DIR', "write each service's WSDL into DIR"],
    ['--endpoint URL', 'the address the WSDLs name; the local sandbox by default'],
  ],
  global: false,
  examples: ['mailroom wsdl --out wsdl', 'mailroom wsdl datedA > datedA.wsdl'],
};

function findService(name: string): Service {
  const service = serviceList.find((s) => s.key === name) ?? serviceByPath(name);
  if (!service) {
    throw new UsageError(`No service "${name}"; name one of ${serviceList.map((s) => `${s.key} (${s.path})`).join(', ')}`);
  }
  return service;
}

export function run(args: readonly string[], io: Io): void {
  const out = io.out;
  const { values, positionals } = commandLine('wsdl', args, {
    out: { type: 'string' },
    endpoint: { type: 'string', default: DEFAULT_ENDPOINT },
  });
  const chosen = positionals.length > 0 ? positionals.map(findService) : serviceList;
  if (values.out === undefined) {
    if (chosen.length !== 1) throw new UsageError('Name one service, or write them all with --out DIR');
    out.write(generateWsdl(chosen[0]!, serviceUrl(values.endpoint, chosen[0]!)));
    return;
  }
  mkdirSync(values.out, { recursive: true });
  for (const service of chosen) {
    writeFileSync(join(values.out, wsdlFileName(service)), generateWsdl(service, serviceUrl(values.endpoint, service)));
  }
}
