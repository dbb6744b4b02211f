/**
 * One value writer: what the client sends over SOAP 1.1 and 1.2 is the contract codec's request
 * element, laid out by node-soap and framed as each version frames it, and carries the same values
 * as the same call over HTTP POST. Requests are captured on the wire by a loopback server.
 */
import { strict as assert } from 'node:assert';
import { MailWsFault } from '../../src/client';
import { callHttp } from '../../src/client/http-binding';
import { SoapBinding, type CallSettings } from '../../src/client/soap-binding';
import { toSoapValue } from '../../src/client/soap-values';
import { Transport } from '../../src/client/transport';
import {
  NAMESPACE,
  SOAP11_ENVELOPE_NS,
  SOAP12_ENVELOPE_NS,
  childElement,
  el,
  encodeFields,
  formatLeaf,
  operationList,
  readXml,
  writeXml,
  type Operation,
  type ParsedElement,
  type TypeRef,
} from '../../src/contract';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';

/** A value of every leaf the contract has, with text that needs escaping and a time with a fraction. */
function sampleValue(type: TypeRef, index: number): unknown {
  switch (type.kind) {
    case 'enum':
      return type.values[type.values.length - 1];
    case 'structure':
      return Object.fromEntries(type.fields.map((f, i) => [f.name, sampleValue(f.type, index + i)]));
    case 'array':
      return [sampleValue(type.item, index), sampleValue(type.item, index + 1)];
    case 'primitive':
      return {
        string: `é中 & <${index}> "q"`,
        int: 1000 + index,
        decimal: 12.5 + index,
        boolean: index % 2 === 0,
        dateTime: new Date(Date.UTC(2026, 10, 3, 10, 15, 42, 500)),
        base64Binary: Buffer.from([0, 1, 2, 0xfe, 0xff, index & 0xff]),
      }[type.name];
  }
}

function sampleRequest(op: Operation): Record<string, unknown> {
  return Object.fromEntries(op.params.map((p, i) => [p.name, sampleValue(p.type, i)]));
}

/** An element as namespace, name and either its text or its children, whatever its prefixes. */
function shape(node: ParsedElement): unknown {
  return node.children.length > 0 ? [node.ns, node.local, node.children.map(shape)] : [node.ns, node.local, node.text];
}

/**
 * A call's settings, its deadline from now: made when the file was loaded, a deadline had passed by
 * the time the whole suite reached these tests, and every call failed at once as "not sent".
 */
const settings = (): CallSettings => ({ timeoutMs: 5000, deadline: Date.now() + 60_000, maxResponseBytes: 1 << 20 });

describe('client: one value writer for SOAP and HTTP', function () {
  this.timeout(60_000);
  let server: FakeServer;
  const transport = new Transport();
  before(async () => {
    // A fault for every request: only what was sent matters here.
    server = await startFakeServer(() => ({ kind: 'answer', status: 500, body: 'captured' }));
  });
  after(async () => {
    transport.close();
    await server.close();
  });

  /** The request the client puts on the wire for this call. */
  async function captured(send: () => Promise<unknown>) {
    const before = server.requests.length;
    await assert.rejects(send(), MailWsFault);
    assert.equal(server.requests.length, before + 1);
    return server.requests[before]!;
  }

  it('writes a dateTime as the codec does, without an offset, whatever the binding', () => {
    const time = new Date(Date.UTC(2026, 10, 3, 10, 15, 42, 500));
    const type = { kind: 'primitive', name: 'dateTime' } as const;
    assert.equal(toSoapValue(type, time), '2026-11-03T10:15:42.5');
    assert.equal(toSoapValue(type, time), formatLeaf(time, type));
  });

  for (const version of ['soap11', 'soap12'] as const) {
    it(`sends every operation over ${version} as the codec's element, framed as ${version} frames it`, async () => {
      const binding = new SoapBinding(version, server.url, transport);
      for (const op of operationList) {
        const request = sampleRequest(op);
        const sent = await captured(() => binding.call(op, request, settings()));
        const ns = version === 'soap11' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
        const action = `${NAMESPACE}/${op.name}`;
        if (version === 'soap11') {
          assert.equal(sent.headers['content-type'], 'text/xml; charset=utf-8', op.name);
          assert.equal(sent.headers.soapaction, `"${action}"`, op.name);
        } else {
          assert.equal(sent.headers['content-type'], `application/soap+xml; charset=utf-8; action="${action}"`, op.name);
          assert.equal(sent.headers.soapaction, undefined, op.name);
        }
        const envelope = readXml(sent.body);
        assert.deepEqual([envelope.ns, envelope.local], [ns, 'Envelope'], op.name);
        const body = childElement(envelope, ns, 'Body');
        assert.equal(body?.children.length, 1, op.name);
        const expected = readXml(writeXml(el(op.name, { xmlns: NAMESPACE }, encodeFields(op.params, request)), { indent: false }));
        assert.deepEqual(shape(body.children[0]!), shape(expected), op.name);
      }
    });
  }

  it('carries the same values over SOAP 1.1, SOAP 1.2 and HTTP POST', async () => {
    const ops = operationList.filter(
      (op) => op.service.bindings.includes('http-post') && op.params.every((p) => p.type.kind === 'primitive' || p.type.kind === 'enum'),
    );
    assert.ok(
      ops.some((op) => op.params.some((p) => p.type.kind === 'enum')) &&
        ops.some((op) => op.params.some((p) => p.type.kind === 'primitive' && p.type.name === 'boolean')),
    );
    for (const op of ops) {
      const request = sampleRequest(op);
      const form = new URLSearchParams((await captured(() => callHttp(transport, server.url, 'http-post', op, request, settings()))).body);
      for (const version of ['soap11', 'soap12'] as const) {
        const sent = await captured(() => new SoapBinding(version, server.url, transport).call(op, request, settings()));
        const ns = version === 'soap11' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
        const element = childElement(readXml(sent.body), ns, 'Body')!.children[0]!;
        for (const param of op.params) {
          const text = childElement(element, NAMESPACE, param.name)?.text;
          const type = param.type;
          // Bytes travel as base64 over SOAP and as one decimal field per byte over HTTP POST.
          const overHttp =
            type.kind === 'primitive' && type.name === 'base64Binary'
              ? Buffer.from(form.getAll(param.name).map(Number)).toString('base64')
              : form.get(param.name);
          assert.equal(text, overHttp, `${op.name}.${param.name} over ${version}`);
        }
      }
    }
  });
});
