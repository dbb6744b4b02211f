/**
 * The control path over HTTP: `POST /_mailroom/control/ACTION` with a JSON body, answered with
 * JSON (200 done; 4xx `{"error": "..."}` in words). Only this machine may call it: the socket's
 * own remote address decides (a header could say anything), and anyone else gets 403 — a sandbox
 * bound to a public address serves the Mail WS there, never its control path.
 */
import type { IncomingMessage } from 'node:http';
import type { SandboxState } from '../operations/context';
import type { WireResponse } from '../wire/response';
import { advance, ControlError, fail, funds, reset } from './actions';
import { CONTROL_ACTIONS, CONTROL_PATH, isLoopbackAddress, isLoopbackHost, type ControlAction, type ControlRefusal } from './protocol';

/** Control bodies are a few fields: anything larger is not one. */
export const MAX_CONTROL_BODY = 16 * 1024;

const json = (status: number, value: unknown): WireResponse => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});

const refusal = (status: number, error: string) => json(status, { error } satisfies ControlRefusal);

type Perform = (request: never, sandbox: SandboxState) => Promise<unknown>;
const perform: Readonly<Record<ControlAction, Perform>> = { advance, fail, funds, reset };

export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PATH || pathname.startsWith(`${CONTROL_PATH}/`);
}

export function createControlRoute(sandbox: SandboxState) {
  return async (req: IncomingMessage, pathname: string, body: (max: number) => Promise<Buffer>): Promise<WireResponse> => {
    if (!isLoopbackAddress(req.socket.remoteAddress)) {
      return refusal(
        403,
        `The sandbox's control path answers only callers on this machine, not ${req.socket.remoteAddress ?? 'an unknown address'}.`,
      );
    }
    // A web page open in a browser here is a loopback caller too, acting for whatever site it came
    // from: it sends an Origin (or a cross-site Sec-Fetch-Site), a name it rebound to 127.0.0.1 as
    // Host, and cannot send JSON without the browser asking first, which the sandbox never answers.
    const site = req.headers['sec-fetch-site'];
    if (req.headers.origin !== undefined || (site !== undefined && site !== 'none' && site !== 'same-origin')) {
      return refusal(403, "The sandbox's control path does not answer web pages: call it with mailroom sandbox or from a program.");
    }
    if (!isLoopbackHost(req.headers.host)) {
      return refusal(
        403,
        `The sandbox's control path answers requests to this machine's own names, not to ${req.headers.host ?? 'no host'}.`,
      );
    }
    if (req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      return refusal(415, "A control action's body is JSON: send it with Content-Type: application/json.");
    }
    const action = pathname.slice(CONTROL_PATH.length + 1) as ControlAction;
    if (!CONTROL_ACTIONS.includes(action)) {
      return refusal(404, `No control action ${JSON.stringify(action)}: the sandbox's are ${CONTROL_ACTIONS.join(', ')}.`);
    }
    if (req.method !== 'POST')
      return { ...refusal(405, `Control actions are called with POST, not ${req.method}.`), headers: { Allow: 'POST' } };
    const text = (await body(MAX_CONTROL_BODY)).toString('utf8');
    let request: unknown;
    try {
      request = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      return refusal(400, 'The body of a control action is a JSON object.');
    }
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      return refusal(400, 'The body of a control action is a JSON object.');
    }
    try {
      return json(200, await perform[action](request as never, sandbox));
    } catch (error) {
      if (error instanceof ControlError) return refusal(error.status, error.message);
      throw error;
    }
  };
}

export type ControlRoute = ReturnType<typeof createControlRoute>;
