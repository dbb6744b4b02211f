/**
 * A real sandbox on a free loopback port, with its own data directory and a clock the test moves
 * (from T0, or from the clock a test brings),
 * and callers that reach it over real HTTP: node-soap for SOAP 1.1 and 1.2 (through the WSDL the
 * sandbox serves), Mailroom's own codec and binding choice for HTTP GET and POST.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as soap from 'soap';
import { decodeHttpResult, encodeHttpFields } from '../../src/client/http-codec';
import { routeCall } from '../../src/client/route';
import { toSoapFields } from '../../src/client/soap-values';
import { SOAP_DESERIALIZERS, fromSoapValue } from './soap-values';
import { FORM_CONTENT_TYPE, findOperation, serviceByKey, type Binding, type ServiceKey } from '../../src/contract';
import { startSandbox, type SandboxServer, type SandboxOptions } from '../../src/sandbox';
import { JANE_DOE } from './documents';
import { seeded } from './random';

/** 2026-11-22 09:00:00 UTC: a fixed start, so that times in results are predictable. */
export const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

export interface TestSandbox extends SandboxServer {
  readonly dataDir: string;
  /** Moves the sandbox's clock forward. */
  advance(ms: number): void;
  /** The sandbox's clock; a function of its own, so it may be handed on (to a restart). */
  readonly now: () => number;
}

export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mailroom-sandbox-'));
  // T0 unless the test brings a clock (the wall clock, for data another process wrote on it).
  const clock = options.now ?? (() => T0);
  let moved = 0;
  const now = () => clock() + moved;
  // Users in UTC, so that the times tests expect do not depend on the machine's zone.
  const running = await startSandbox({ timeZone: 'UTC', ...options, now, dataDir });
  return {
    ...running,
    dataDir,
    advance: (ms) => {
      moved += ms;
    },
    now,
    async close() {
      await running.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls an operation with a typed request and gives its typed result. */
/** A method of node-soap's client, in its callback form. */
type SoapMethod = (args: unknown, callback: (error: Error | null, value: Record<string, unknown>) => void) => void;

export type Call = (service: ServiceKey, operation: string, request: Record<string, unknown>) => Promise<unknown>;

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body}`);
  }
}

function operation(serviceKey: ServiceKey, name: string) {
  const op = findOperation(serviceByKey(serviceKey), name);
  if (!op) throw new Error(`no ${name} on ${serviceKey}`);
  return op;
}

/**
 * A caller over HTTP GET or POST that, as Mailroom's client does (routeCall), sends what ASP.NET
 * would refuse there over another binding: a long GET as POST, an empty byte array over SOAP 1.1.
 * `faithful: false` sends everything as asked, to see how the service answers it.
 */
export function httpCaller(baseUrl: string, chosen: 'http-get' | 'http-post', options: { readonly faithful?: boolean } = {}): Call {
  let soap11: Call | undefined;
  return async (serviceKey, name, request) => {
    const op = operation(serviceKey, name);
    const binding = options.faithful === false ? chosen : routeCall(chosen, op, request).binding;
    if (binding === 'soap11' || binding === 'soap12') return (soap11 ??= soapCaller(baseUrl, 'soap11'))(serviceKey, name, request);
    const fields = encodeHttpFields(op, request);
    const url = `${baseUrl}${op.service.path}/${op.name}`;
    const response =
      binding === 'http-get'
        ? await fetch(`${url}?${fields}`)
        : await fetch(url, { method: 'POST', headers: { 'Content-Type': FORM_CONTENT_TYPE }, body: fields });
    const body = await response.text();
    if (response.status !== 200) throw new HttpStatusError(response.status, body);
    return decodeHttpResult(op, body);
  };
}

export function soapCaller(baseUrl: string, version: 'soap11' | 'soap12'): Call {
  const clients = new Map<ServiceKey, Promise<soap.Client>>();
  const clientFor = (key: ServiceKey) => {
    let client = clients.get(key);
    if (!client) {
      const service = serviceByKey(key);
      client = soap.createClientAsync(`${baseUrl}${service.path}?wsdl`, {
        forceSoap12Headers: version === 'soap12',
        customDeserializer: SOAP_DESERIALIZERS,
        wsdl_options: {},
      });
      clients.set(key, client);
    }
    return client;
  };
  return async (serviceKey, name, request) => {
    const op = operation(serviceKey, name);
    const client = await clientFor(serviceKey);
    const port = `${op.service.className}${version === 'soap11' ? 'Soap' : 'Soap12'}`;
    const method = (client as unknown as Record<string, Record<string, Record<string, SoapMethod>>>)[op.service.className]![port]![
      op.name
    ]!;
    const result = await new Promise<Record<string, unknown>>((resolve, reject) =>
      method(toSoapFields(op.params, request), (error: Error | null, value: Record<string, unknown>) =>
        error ? reject(error) : resolve(value ?? {}),
      ),
    );
    return fromSoapValue(op.result, result[op.resultElement]);
  };
}

export function callerFor(baseUrl: string, binding: Binding): Call {
  return binding === 'soap11' || binding === 'soap12' ? soapCaller(baseUrl, binding) : httpCaller(baseUrl, binding);
}

/**
 * Makes a letter too large to keep as a print job (src/sandbox/operations/kept-content.ts): it is
 * printed at its send and its PDF is a blob on disk. A comment, so that the letter's pages do not
 * grow with the text layout; and a small picture of noise, which no compression shrinks, so that
 * the PDF a browser draws of it is as large.
 */
export const PRINTED_AT_SEND = `<!-- ${'kept as its printed PDF '.repeat(1000)}--><img src="data:image/bmp;base64,${noiseBmp(120, 60).toString('base64')}" width="60" height="30">`;

/** A 24-bit BMP of seeded noise: a picture every browser draws, written without an encoder. */
function noiseBmp(width: number, height: number): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const bmp = Buffer.alloc(54 + row * height);
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(54, 10);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(width, 18);
  bmp.writeInt32LE(height, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(24, 28);
  bmp.writeUInt32LE(row * height, 34);
  const next = seeded(30);
  for (let i = 54; i < bmp.length; i++) bmp[i] = Math.floor(next() * 256);
  return bmp;
}

/** demo's HTML letter `<p>description</p>` (and `more`) to Jane Doe, in Development unless said; its ID. */
export async function sendLetterToJane(
  call: Call,
  description: string,
  options: { readonly workMode?: string; readonly more?: string } = {},
): Promise<number> {
  return (await call('simple', 'SendLetterAndAddressV2', {
    Username: 'demo',
    Password: 'demo',
    MyDescription: description,
    FileExtension: 'html',
    FileBinaryData: Buffer.from(`<p>${description}</p>${options.more ?? ''}`),
    WorkMode: options.workMode ?? 'Development',
    ...JANE_DOE,
  })) as number;
}
