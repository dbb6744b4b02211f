/**
 * The typed client, loaded when a command first needs it: it carries the SOAP stack (node-soap
 * and its dependencies), which activation has no use for (test/bench/extension-cost.ts). The build makes it a
 * bundle of its own, dist/client.js (see esbuild.mjs); the extension's other files import only
 * its types.
 */
export type ClientModule = typeof import('../client');

let loading: Promise<ClientModule> | undefined;

export function clientModule(): Promise<ClientModule> {
  return (loading ??= import('../client'));
}

/** The service's result code of an error, when it is one (a MailWsError). */
export async function resultCodeOf(error: unknown): Promise<number | undefined> {
  const { MailWsError } = await clientModule();
  return error instanceof MailWsError ? error.code : undefined;
}
