/**
 * 2. Tracking at scale: the statuses of 10,000 tracked mailers, in how many calls and how long
 * against the same requests sent raw; and the Mailers tree's getChildren (and getTreeItem for
 * every row it returns) over 10,000 mailers.
 */
import type { MailerStatus } from '../../src/client';
import type { MailersNode, MailersTree as Tree } from '../../src/extension/views/mailers-tree';
import type { TrackedMailers as Tracked } from '../../src/extension/tracked-mailers';
import { builtClient, bundle } from './support/built';
import { absolute, alternate, compared, median, type Row } from './support/measure';
import { RawSender, recordingProxy } from './support/raw-http';
import type { SandboxProcess } from './support/sandbox-process';
import { benchClient } from './support/seed';
import { installVscodeStandIn, memento } from './support/vscode-stand-in';

export async function tracking(sandbox: SandboxProcess, ids: readonly number[], rounds = 10): Promise<Row[]> {
  const rows: Row[] = [];
  let calls = 0;
  const proxy = await recordingProxy(sandbox.url);
  const recorder = benchClient(proxy.url, 'soap11', () => calls++);
  const statuses = await builtClient.fetchStatuses(recorder, ids);
  recorder.close();
  proxy.close();
  if (statuses.size !== ids.length) throw new Error(`${statuses.size} statuses for ${ids.length} mailers`);
  rows.push(absolute('tracking', `GetStatus calls for ${ids.length} mailers`, 'calls', calls, Math.ceil(ids.length / 1000)));
  const raw = new RawSender(sandbox.url);
  const client = benchClient(sandbox.url, 'soap11');
  const requests = proxy.all();
  const [clientMs, floorMs] = await alternate(
    rounds,
    () => builtClient.fetchStatuses(client, ids),
    async () => {
      for (const request of requests) await raw.send(request);
    },
    2,
  );
  rows.push(
    compared('tracking', `refresh ${ids.length} mailers · soap11`, 'ms', clientMs, {
      name: `${requests.length} raw calls`,
      value: floorMs,
    }),
  );
  client.close();
  raw.close();
  rows.push(...treeRows(ids, statuses));
  return rows;
}

function treeRows(ids: readonly number[], statuses: ReadonlyMap<number, MailerStatus>): Row[] {
  installVscodeStandIn();
  const { MailersTree, TrackedMailers } = bundle<{ MailersTree: typeof Tree; TrackedMailers: typeof Tracked }>(
    'test/bench/support/tree-entry.ts',
    'tree',
    ['vscode'],
  );
  const state = memento();
  const connection = { accountKey: 'bench|demo', onDidChange: () => ({ dispose: () => undefined }) };
  const mailers = new TrackedMailers(state, connection);
  void mailers.add(ids.map((id) => ({ id, description: `Letter ${id}`, price: 0.62 })));
  void mailers.update(statuses);
  // No filter on: the tree as most people see it (filtering has its own benchmark, filtering.ts).
  const noFilter = { current: {}, onDidChange: () => ({ dispose: () => undefined }) };
  const tree = new MailersTree(mailers, async () => [], noFilter as never);
  const children: number[] = [];
  const items: number[] = [];
  for (let i = 0; i < 21; i++) {
    let rowsShown: MailersNode[] = [];
    children.push(
      timedSync(() => (rowsShown = tree.getChildren().flatMap((group) => (group.kind === 'group' ? tree.getChildren(group) : [])))),
    );
    items.push(timedSync(() => rowsShown.forEach((node) => tree.getTreeItem(node))));
  }
  return [
    absolute('tracking', `Mailers tree getChildren, ${ids.length} mailers`, 'ms', median(children), 50),
    absolute('tracking', `Mailers tree getTreeItem × ${ids.length}`, 'ms', median(items)),
  ];
}

function timedSync(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
