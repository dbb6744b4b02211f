/**
 * 2. Tracking at scale: the statuses of 10,000 tracked mailers (the IDs given; run.ts seeds them),
 * in how many calls and how long against the same requests sent raw; and the Mailers tree's
 * getChildren (and getTreeItem for every row it returns) over as many mailers.
 */
import type { MailerStatus } from '../../src/client';
import type { MailersNode, MailersTree as Tree } from '../../src/extension/views/mailers-tree';
import type { TrackedMailers as Tracked } from '../../src/extension/tracked-mailers';
import { builtClient, bundle } from './support/built';
import { absolute, alternate, compared, median, type Row } from './support/measure';
import { RawSender, recordingProxy } from './support/raw-http';
import type { SandboxProcess } from './support/sandbox-process';
import { benchClient } from './support/seed';
import type { Size, Sizes } from './support/size';
import { installVscodeStandIn, memento } from './support/vscode-stand-in';

/** Rounds of the refresh against its floor, and of the tree's getChildren and getTreeItem. */
const ROUNDS: Sizes<{ readonly refresh: number; readonly tree: number }> = {
  full: { refresh: 10, tree: 21 },
  small: { refresh: 1, tree: 3 },
};

export async function tracking(sandbox: SandboxProcess, ids: readonly number[], size: Size = 'full'): Promise<Row[]> {
  const rounds = ROUNDS[size];
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
    rounds.refresh,
    () => builtClient.fetchStatuses(client, ids),
    async () => {
      for (const request of requests) await raw.send(request);
    },
    Math.min(2, rounds.refresh),
  );
  rows.push(
    compared('tracking', `refresh ${ids.length} mailers · soap11`, 'ms', clientMs, {
      name: `${requests.length} raw calls`,
      value: floorMs,
    }),
  );
  client.close();
  raw.close();
  rows.push(...(await treeRows(ids, statuses, rounds.tree)));
  return rows;
}

async function treeRows(ids: readonly number[], statuses: ReadonlyMap<number, MailerStatus>, rounds: number): Promise<Row[]> {
  installVscodeStandIn();
  const { MailersTree, TrackedMailers } = bundle<{ MailersTree: typeof Tree; TrackedMailers: typeof Tracked }>(
    'test/bench/support/tree-entry.ts',
    'tree',
    ['vscode'],
  );
  const state = memento();
  const connection = { accountKey: 'bench|demo', onDidChange: () => ({ dispose: () => undefined }) };
  const mailers = new TrackedMailers(state, connection);
  await mailers.add(ids.map((id) => ({ id, description: `Letter ${id}`, price: 0.62 })));
  await mailers.update(statuses);
  // No filter on: the tree as most people see it (filtering has its own benchmark, filtering.ts).
  const noFilter = { current: {}, onDidChange: () => ({ dispose: () => undefined }) };
  // No account listed, no recipients kept: the rows as they are, grouped by status.
  const tree = new MailersTree(
    mailers,
    async () => [],
    noFilter as never,
    { listed: [], accountKey: undefined },
    async () => undefined,
  );
  const children: number[] = [];
  const items: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let rowsShown: MailersNode[] = [];
    children.push(
      timedSync(() => (rowsShown = tree.getChildren().flatMap((group) => (group.kind === 'group' ? tree.getChildren(group) : [])))),
    );
    items.push(timedSync(() => rowsShown.forEach((node) => tree.getTreeItem(node))));
    // A tree that shows fewer rows (another account's key, a filter on) would time less work.
    if (rowsShown.length !== ids.length) throw new Error(`the Mailers tree shows ${rowsShown.length} of ${ids.length} mailers`);
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
