/** Mailers for the benchmarks to read: small HTML letters sent over HTTP POST, many at a time. */
import type { MailWsClient } from '../../../src/client';
import { builtClient } from './built';

export const DEMO = { username: 'demo', password: 'demo', apiKey: 'demo-key' } as const;

export function benchClient(endpoint: string, binding: MailWsClient['binding'] = 'soap11', onCall?: () => void): MailWsClient {
  return new builtClient.MailWsClient({
    endpoint,
    binding,
    credentials: DEMO,
    minIntervalMs: 0,
    retry: { attempts: 1, baseDelayMs: 0 },
    ...(onCall ? { onCall } : {}),
  });
}

export async function seedMailers(endpoint: string, count: number, concurrency = 32): Promise<number[]> {
  const client = benchClient(endpoint, 'http-post');
  const letter = Buffer.from('<p>Hello</p>');
  const ids: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      ids.push(
        await client.simple.SendLetterAndAddressV2({
          MyDescription: 'bench',
          FileExtension: 'html',
          FileBinaryData: letter,
          WorkMode: 'Development',
          AttentionLine1: 'Jane Doe',
          Address1: '1 Main St',
          City: 'Springfield',
          State: 'IL',
          PostalCode: '62701',
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  client.close();
  return ids.sort((a, b) => a - b);
}
