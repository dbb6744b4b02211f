/**
 * Calling a running sandbox's control path (protocol.ts), for the command line and the extension:
 * the sandbox's base URL, an action and its request; the reply, or a ControlFailure in words.
 */
import { CONTROL_PATH, type ControlAction, type ControlActions, type ControlRefusal } from './protocol';

export class ControlFailure extends Error {
  override readonly name = 'ControlFailure';
}

/** The control URL of an action on the sandbox at `endpoint` (its base URL; a service path on it is ignored). */
export function controlUrl(endpoint: string, action: ControlAction): string {
  return `${new URL(endpoint).origin}${CONTROL_PATH}/${action}`;
}

export async function callControl<A extends ControlAction>(
  endpoint: string,
  action: A,
  request: ControlActions[A]['request'],
  timeoutMs = 30_000,
): Promise<ControlActions[A]['reply']> {
  const url = controlUrl(endpoint, action);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new ControlFailure(`no sandbox answered at ${new URL(endpoint).origin} (${cause})`, { cause: error });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ControlFailure(
      `${new URL(endpoint).origin} is not a Mailroom sandbox (HTTP ${response.status} to ${CONTROL_PATH}/${action})`,
    );
  }
  if (!response.ok) {
    // A sandbox's refusal; anything else that answered JSON says only its HTTP status.
    const error = (body as Partial<Record<keyof ControlRefusal, unknown>>).error;
    throw new ControlFailure(typeof error === 'string' ? error : `HTTP ${response.status}`);
  }
  return body as ControlActions[A]['reply'];
}
