import { builtContract } from './test/bench/support/built';
const { formatIds } = builtContract;
import { startSandboxProcess } from './test/bench/support/sandbox-process';
import { benchClient, seedMailers } from './test/bench/support/seed';
void (async () => {
  const s = await startSandboxProcess();
  const ids = await seedMailers(s.url, 1000);
  const c = benchClient(s.url, (process.argv[2] ?? 'http-get') as 'http-get');
  const q = formatIds(ids);
  for (let i = 0; i < 30; i++) await c.datedA.GetStatus({ ID: q });
  const { Session } = await import('node:inspector/promises');
  const session = new Session(); session.connect();
  await session.post('Profiler.enable'); await session.post('Profiler.start');
  for (let i = 0; i < 100; i++) await c.datedA.GetStatus({ ID: q });
  const { profile } = await session.post('Profiler.stop');
  const self = new Map<string, number>();
  const dt = profile.timeDeltas!; const samples = profile.samples!;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < samples.length; i++) { const n = byId.get(samples[i]!)!; const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / 1000).toFixed(1).padStart(8), 'ms', k);
  console.log('total', total / 1000);
  c.close(); await s.stop();
})();
