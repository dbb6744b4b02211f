/**
 * One status call answered with far more than a status report can hold, in a process of its own
 * so that its peak memory is its own: prints what the call threw and the process's peak resident
 * set. Run by oversized-answer.ts.
 */
import { builtClient } from './support/built';
import { DEMO } from './support/seed';

async function main(): Promise<void> {
  const [endpoint, binding] = process.argv.slice(2) as [string, 'soap11' | 'soap12' | 'http-get' | 'http-post'];
  const client = new builtClient.MailWsClient({ endpoint, binding, credentials: DEMO, minIntervalMs: 0, timeoutMs: 300_000 });
  const error = await client.simple.GetLetterStatusV2_Multiple({ ID: '1021984-1022983' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  client.close();
  console.log(
    JSON.stringify({
      error: error instanceof Error ? `${error.name}: ${error.message}` : 'none',
      maxRss: process.resourceUsage().maxRSS * 1024,
    }),
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
