/**
 * 1. Call overhead: GetLetterStatusV2 and a 1000-ID GetStatus through the client, per binding,
 * against the same request bytes sent with Node's HTTP over a keep-alive connection (the floor).
 */
import { builtContract } from './support/built';
import { alternate, compared, type Row } from './support/measure';
import { RawSender, recordingProxy } from './support/raw-http';
import type { SandboxProcess } from './support/sandbox-process';
import { benchClient } from './support/seed';
import type { Size, Sizes } from './support/size';

/** Rounds of each call, alternated with its floor; `ids` holds the IDs GetStatus asks for (1000 at full size). */
const ROUNDS: Sizes<number> = { full: 200, small: 5 };

export async function callOverhead(sandbox: SandboxProcess, ids: readonly number[], size: Size = 'full'): Promise<Row[]> {
  const { BINDINGS, formatIds, isSoapBinding } = builtContract;
  const rows: Row[] = [];
  const many = ids.slice(0, 1000);
  const listed = formatIds(many);
  for (const binding of BINDINGS) {
    const calls: [string, (client: ReturnType<typeof benchClient>) => Promise<unknown>][] = [
      ['GetLetterStatusV2', (c) => c.simple.GetLetterStatusV2({ ID: ids[0]! })],
      [`GetStatus, ${many.length} IDs`, (c) => c.datedA.GetStatus({ ID: listed })],
    ];
    for (const [name, call] of calls) {
      const proxy = await recordingProxy(sandbox.url);
      const recorder = benchClient(proxy.url, binding);
      await call(recorder);
      const raw = proxy.last();
      recorder.close();
      proxy.close();
      const client = benchClient(sandbox.url, binding);
      const floor = new RawSender(sandbox.url);
      const [clientMs, floorMs] = await alternate(
        ROUNDS[size],
        () => call(client),
        () => floor.send(raw),
      );
      client.close();
      floor.close();
      rows.push(
        compared(
          'call overhead',
          `${name} · ${binding}`,
          'ms',
          clientMs,
          { name: 'raw HTTP', value: floorMs },
          isSoapBinding(binding) ? 2 : 1.3,
        ),
      );
    }
  }
  return rows;
}
