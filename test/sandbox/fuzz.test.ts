/**
 * The sandbox under mutated requests: valid calls of every operation on every binding it offers,
 * mutated by a seeded generator (so that a failure replays with its seed): bytes flipped, cut,
 * repeated, hostile markup and entities, invalid UTF-8, huge numbers. Every answer must be a
 * well-formed result or a fault; the server must still serve; and its data must read the same
 * after a restart from its journal.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { encodeHttpFields } from '../../src/client/http-codec';
import {
  CONTENT_TYPES,
  FORM_CONTENT_TYPE,
  NAMESPACE,
  SOAP11_ENVELOPE_NS,
  SOAP12_ENVELOPE_NS,
  childElement,
  el,
  encodeFields,
  operationList,
  readXml,
  writeXml,
  type Binding,
  type Field,
  type Operation,
  type TypeRef,
} from '../../src/contract';
import { seeded } from '../helpers/random';
import { httpCaller, startTestSandbox, type TestSandbox } from '../helpers/sandbox';

const SEED = Number(process.env.MAILROOM_FUZZ_SEED ?? 20261122);
const REQUESTS = Number(process.env.MAILROOM_FUZZ_REQUESTS ?? 2400);

/** A plausible value for a parameter: the demo account's credentials, real-looking IDs and addresses. */
function validValue(name: string, type: TypeRef): unknown {
  const named: Record<string, unknown> = {
    Username: 'demo',
    Password: 'demo',
    APIKey: 'demo-key',
    ID: type.kind === 'primitive' && type.name === 'string' ? '1021984-1021990' : 1021984,
    ItemID: '',
    MinID: 1021984,
    MaxID: 1021990,
    FileExtension: 'html',
    ImageSideFileType: 'html',
    AddressSideFileType: 'html',
    MergeData: gzipSync('AttentionLine1,Address1,City\nJane Doe,1 Main St,Springfield\n'),
    MyFileName: 'fuzz.html',
    MyDescription: 'fuzz',
    AttentionLine1: 'Jane Doe',
    Address1: '1 Main St',
    City: 'Springfield',
    State: 'IL',
    PostalCode: '62701',
    Zipcode: '62701',
    Settings: [['Letters_PrintSides', 'Duplex']],
  };
  if (name in named) return named[name];
  switch (type.kind) {
    case 'enum':
      return type.values[type.values.length - 1];
    case 'primitive':
      return { string: 'x', int: 1, decimal: 1.5, boolean: false, dateTime: new Date(0), base64Binary: Buffer.from('<p>Hello</p>') }[
        type.name
      ];
    case 'structure':
      return validFields(type.fields);
    case 'array':
      return [validValue(type.itemElement, type.item)];
  }
}

const validFields = (fields: readonly Field[]) => Object.fromEntries(fields.map((f) => [f.name, validValue(f.name, f.type)]));

interface Seed {
  readonly op: Operation;
  readonly binding: Binding;
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

function seeds(): Seed[] {
  const out: Seed[] = [];
  for (const op of operationList) {
    const request = validFields(op.params);
    const path = op.service.path;
    for (const binding of op.service.bindings) {
      if (binding === 'soap11' || binding === 'soap12') {
        const ns = binding === 'soap11' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
        const envelope = writeXml(
          el(
            'soap:Envelope',
            { 'xmlns:soap': ns },
            el('soap:Body', {}, el(op.name, { xmlns: NAMESPACE }, encodeFields(op.params, request))),
          ),
          { indent: false, declaration: true },
        );
        const headers: Record<string, string> = {
          'Content-Type': binding === 'soap11' ? CONTENT_TYPES.soap11 : `${CONTENT_TYPES.soap12}; action="${op.soapAction}"`,
        };
        if (binding === 'soap11') headers.SOAPAction = `"${op.soapAction}"`;
        out.push({ op, binding, path, method: 'POST', headers, body: Buffer.from(envelope) });
      } else {
        const fields = encodeHttpFields(op, request);
        out.push(
          binding === 'http-get'
            ? { op, binding, path: `${path}/${op.name}?${fields}`, method: 'GET', headers: {}, body: Buffer.alloc(0) }
            : {
                op,
                binding,
                path: `${path}/${op.name}`,
                method: 'POST',
                headers: { 'Content-Type': FORM_CONTENT_TYPE },
                body: Buffer.from(fields),
              },
        );
      }
    }
  }
  return out;
}

const HOSTILE = [
  '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>',
  '&b;',
  '&#0;',
  '<',
  '>',
  '</',
  ']]>',
  '<![CDATA[',
  '\u0000',
  '99999999999999999999',
  '-0',
  'NaN',
  '%',
  '%zz',
  '&',
  '=',
  '\uFFFE',
  '<x xmlns:p="">',
  '"',
  "'",
];

function mutate(input: Buffer, random: () => number): Buffer {
  let bytes = Buffer.from(input);
  const times = 1 + Math.floor(random() * 3);
  for (let t = 0; t < times; t++) {
    const at = Math.floor(random() * (bytes.length + 1));
    switch (Math.floor(random() * 7)) {
      case 0: // flip a byte
        if (bytes.length) bytes[Math.min(at, bytes.length - 1)]! ^= 1 << Math.floor(random() * 8);
        break;
      case 1: // cut a range
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + 1 + Math.floor(random() * 40)))]);
        break;
      case 2: // repeat a range
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + 30), bytes.subarray(at)]);
        break;
      case 3: // hostile text
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(HOSTILE[Math.floor(random() * HOSTILE.length)]!), bytes.subarray(at)]);
        break;
      case 4: // invalid UTF-8
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3, 0x28, 0xff]), bytes.subarray(at)]);
        break;
      case 5: // truncate
        bytes = bytes.subarray(0, at);
        break;
      default: // a digit run made huge
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from('9'.repeat(1 + Math.floor(random() * 30))), bytes.subarray(at)]);
    }
  }
  return bytes;
}

/** Sends a request as it is; undefined when Node itself will not send it (a path with characters HTTP forbids). */
function send(
  url: string,
  agent: Agent,
  seed: Seed,
  body: Buffer,
  path: string,
): Promise<{ status: number; type: string; text: string } | undefined> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    let req: ReturnType<typeof request>;
    try {
      req = request(
        {
          hostname,
          port,
          path: path.startsWith('/') ? path : `/${path}`,
          method: seed.method,
          agent,
          headers: { ...seed.headers, ...(seed.method === 'POST' ? { 'Content-Length': String(body.length) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type'] ?? ''),
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', fail);
        },
      );
    } catch {
      return done(undefined);
    }
    req.on('error', fail);
    req.end(seed.method === 'POST' ? body : undefined);
  });
}

/**
 * What an answer must be: a well-formed result of the operation, a fault, a plain HTTP error, or
 * (for a path mutated into the service's own) its help page.
 */
function checkAnswer(seed: Seed, answer: { status: number; type: string; text: string } | undefined, what: string): void {
  if (!answer) return;
  assert.ok([200, 400, 404, 405, 413, 415, 500].includes(answer.status), `${what}: HTTP ${answer.status}`);
  const soap = seed.binding === 'soap11' || seed.binding === 'soap12';
  if (answer.status === 200 && /^text\/html/.test(answer.type)) {
    assert.match(answer.text, /^<!DOCTYPE html>/, `${what}: a help page`);
  } else if (answer.status === 200) {
    const root = readXml(answer.text);
    if (soap) {
      const body = childElement(root, root.ns, 'Body');
      assert.ok(body && body.children.length === 1, `${what}: a SOAP answer with one body element`);
    } else {
      assert.equal(root.ns, NAMESPACE, `${what}: a result in the Mailing namespace`);
    }
  } else if (answer.status === 500 && soap && /xml/.test(answer.type)) {
    const root = readXml(answer.text);
    assert.ok(childElement(childElement(root, root.ns, 'Body')!, root.ns, 'Fault'), `${what}: a SOAP fault`);
  }
}

describe('sandbox under mutated requests (fuzz)', function () {
  this.timeout(120_000);
  let sandbox: TestSandbox;

  it(`answers ${REQUESTS} mutated calls of every operation and binding well, and loses nothing (seed ${SEED})`, async () => {
    // Its own data directory, kept across the restart below (a sandbox given none deletes its own).
    const dataDir = mkdtempSync(join(tmpdir(), 'mailroom-fuzz-'));
    sandbox = await startTestSandbox({ dataDir });
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const random = seeded(SEED);
    const all = seeds();
    assert.equal(new Set(all.map((s) => s.op.service.key + s.op.name)).size, 29, 'every operation has a seed');
    try {
      // The unmutated seeds first: each must be answered as a result, not refused.
      for (const seed of all) {
        const answer = await send(sandbox.url, agent, seed, seed.body, seed.path);
        checkAnswer(seed, answer, `${seed.binding} ${seed.op.name} unmutated`);
        assert.equal(answer?.status, 200, `${seed.binding} ${seed.op.name} unmutated: ${answer?.text.slice(0, 200)}`);
      }
      let next = 0;
      const worker = async () => {
        while (next < REQUESTS) {
          const n = next++;
          const seed = all[Math.floor(random() * all.length)]!;
          const mutatePath = seed.method === 'GET' || random() < 0.1;
          const body = mutatePath ? seed.body : mutate(seed.body, random);
          const path = mutatePath ? mutate(Buffer.from(seed.path), random).toString('latin1').replace(/[\s#]/g, '') : seed.path;
          const answer = await send(sandbox.url, agent, seed, body, path || '/');
          checkAnswer(seed, answer, `request ${n} (${seed.binding} ${seed.op.name}, seed ${SEED})`);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));

      // Still serving, and the data reads the same after a restart from the journal.
      const call = httpCaller(sandbox.url, 'http-post');
      const id = (await call('simple', 'SendLetterV2', {
        Username: 'demo',
        Password: 'demo',
        MyDescription: 'after',
        FileExtension: 'html',
        FileBinaryData: Buffer.from('<p>a</p>'),
        WorkMode: 'Development',
      })) as number;
      const range = { Username: 'demo', Password: 'demo', MinID: 1021984, MaxID: id };
      const before = await call('simple', 'GetLetterStatusV2_Range', range);
      const files = await call('datedA', 'GetUploadedFileDetails', { Username: 'demo', Password: 'demo' }).catch((e: Error) => e.message);
      await sandbox.close();
      sandbox = await startTestSandbox({ dataDir });
      const again = httpCaller(sandbox.url, 'http-post');
      assert.deepEqual(await again('simple', 'GetLetterStatusV2_Range', range), before);
      assert.deepEqual(
        await again('datedA', 'GetUploadedFileDetails', { Username: 'demo', Password: 'demo' }).catch((e: Error) => e.message),
        files,
      );
    } finally {
      agent.destroy();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
