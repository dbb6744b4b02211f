/**
 * The four WSDLs, read by three independent parties: xmllint (well-formedness, and its schemas
 * validating sample messages), node-soap (loaded from memory, no network) and Python's zeep.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as soap from 'soap';
import {
  el,
  generateWsdl,
  httpResultElement,
  sampleRequest,
  sampleResponse,
  serviceList,
  writeXml,
  type Field,
  type LeafSample,
  type Operation,
  type Service,
  type TypeRef,
} from '../../src/contract';
import { runPythonTool, soapEncodingXsd, useTempDir, xmllint } from '../helpers/tools';

const LOCATION = 'http://127.0.0.1:8317';

/** Values of each type that a schema must accept, text that must survive escaping included. */
const typedSample: LeafSample = (type) => {
  if (type.kind === 'enum') return type.values[type.values.length - 1]!;
  return {
    string: 'é中&<>"',
    int: '-42',
    decimal: '12.50',
    dateTime: '2014-11-03T10:15:42.1234567',
    boolean: 'true',
    base64Binary: 'aGk=',
  }[type.name];
};

function wsdlText(service: Service): string {
  return generateWsdl(service, LOCATION + service.path);
}

describe('WSDL: well formed, and its schemas valid (xmllint)', () => {
  const dir = useTempDir();

  for (const service of serviceList) {
    describe(`${service.title} ${service.path}`, () => {
      let schemaFiles: string[] = [];
      let wsdlFile = '';

      before(() => {
        wsdlFile = join(dir(), `${service.key}.wsdl`);
        writeFileSync(wsdlFile, wsdlText(service));
        const outdir = join(dir(), service.key);
        mkdirSync(outdir);
        schemaFiles = runPythonTool('schemas', wsdlFile, outdir, soapEncodingXsd).trim().split('\n');
      });

      it('is well formed', () => {
        const result = xmllint('--noout', wsdlFile);
        assert.ok(result.ok, result.output);
      });

      it('has the AbstractTypes schema exactly when it offers HTTP GET/POST', () => {
        assert.equal(schemaFiles.length, service.bindings.includes('http-get') ? 2 : 1);
      });

      it('validates a sample request and response of every operation', () => {
        const files: string[] = [];
        for (const op of service.operations) {
          for (const [kind, body] of [
            ['in', sampleRequest(op, typedSample)],
            ['out', sampleResponse(op, typedSample)],
          ] as const) {
            const file = join(dir(), `${service.key}-${op.name}-${kind}.xml`);
            writeFileSync(file, writeXml(body, { indent: true }));
            files.push(file);
          }
        }
        const result = xmllint('--noout', '--schema', schemaFiles[0]!, ...files);
        assert.ok(result.ok, result.output);
        assert.equal(result.output.match(/ validates/g)?.length, files.length, result.output);
      });

      it('refuses a sample with a value not of its type, or without a required element', () => {
        const op = service.operations.find((o) => o.params.some((p) => p.required)) ?? service.operations[0]!;
        const required = op.params.find((p) => p.required);
        const bad: string[] = [];
        const write = (name: string, body: ReturnType<typeof el>) => {
          const file = join(dir(), `${service.key}-${name}.xml`);
          writeFileSync(file, writeXml(body, { indent: true }));
          bad.push(file);
        };
        write('extra', el(op.name, { xmlns: 'Mailing' }, el('NotAParameter', {}, 'x')));
        if (required) {
          write(
            'wrong-type',
            sampleRequest(op, (t) => (t === required.type ? 'not-a-value' : typedSample(t))),
          );
          const request = sampleRequest(op, typedSample);
          write(
            'missing',
            el(
              op.name,
              { xmlns: 'Mailing' },
              request.children.filter((c) => typeof c !== 'string' && c.name !== required.name),
            ),
          );
        }
        for (const file of bad) {
          const result = xmllint('--noout', '--schema', schemaFiles[0]!, file);
          assert.ok(!result.ok && /fails to validate/.test(result.output), `${file}: ${result.output}`);
        }
      });

      if (service.bindings.includes('http-get')) {
        it('declares the HTTP GET/POST result roots, and base64Binary as a StringArray', () => {
          const files: string[] = [];
          for (const op of service.operations) {
            const root = sampleHttpResult(op);
            const file = join(dir(), `${service.key}-${op.name}-http.xml`);
            writeFileSync(file, writeXml(root, { indent: true }));
            files.push(file);
          }
          const result = xmllint('--noout', '--schema', schemaFiles[0]!, ...files);
          assert.ok(result.ok, result.output);

          const wrapper = join(dir(), `${service.key}-abstract.xsd`);
          writeFileSync(
            wrapper,
            `<?xml version="1.0"?><s:schema xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:s1="Mailing/AbstractTypes" targetNamespace="urn:check" elementFormDefault="qualified">` +
              `<s:import namespace="Mailing/AbstractTypes" schemaLocation="${schemaFiles[1]}"/>` +
              `<s:element name="FileBinaryData" type="s1:StringArray"/></s:schema>`,
          );
          const instance = join(dir(), `${service.key}-bytes.xml`);
          writeFileSync(
            instance,
            `<FileBinaryData xmlns="urn:check"><String xmlns="">104</String><String xmlns="">105</String></FileBinaryData>`,
          );
          const bytes = xmllint('--noout', '--schema', wrapper, instance);
          assert.ok(bytes.ok, bytes.output);
        });
      }
    });
  }
});

function sampleHttpResult(op: Operation) {
  const response = sampleResponse(op, typedSample);
  const result = response.children[0];
  assert.ok(result && typeof result !== 'string');
  return el(httpResultElement(op), { xmlns: 'Mailing' }, result.children);
}

/** What node-soap's describe() says of a type: `s:int`, `Enum|s:string|a,b`, or a nested object. */
function nodeSoapShape(type: TypeRef): unknown {
  switch (type.kind) {
    case 'primitive':
      return `s:${type.name}`;
    case 'enum':
      return `${type.name}|s:string|${type.values.join(',')}`;
    case 'structure':
      return Object.fromEntries(type.fields.map((f) => [f.name, nodeSoapShape(f.type)]));
    case 'array':
      return { [`${type.itemElement}[]`]: nodeSoapShape(type.item) };
  }
}

function withoutNamespaces(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'targetNSAlias' && key !== 'targetNamespace')
      .map(([key, v]) => [key, withoutNamespaces(v)]),
  );
}

function fieldsShape(fields: readonly Field[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.name, nodeSoapShape(f.type)]));
}

describe('WSDL: node-soap loads each one from memory, without the network', () => {
  for (const service of serviceList) {
    it(`${service.title}: describes every operation with its parameters and result`, async () => {
      const fetched: string[] = [];
      const httpClient = {
        request(url: string): never {
          fetched.push(url);
          throw new Error(`network access refused: ${url}`);
        },
      } as unknown as soap.HttpClient;
      const options = { httpClient };
      const wsdl = new soap.WSDL(wsdlText(service), `${LOCATION}${service.path}?WSDL`, options);
      await new Promise<void>((resolve, reject) => wsdl.onReady((err) => (err ? reject(err) : resolve())));
      const client = new soap.Client(wsdl, undefined, options);
      const described = withoutNamespaces(client.describe()) as Record<
        string,
        Record<string, Record<string, { input: object; output: object }>>
      >;
      const ports = described[service.className];
      assert.ok(ports, `service ${service.className}`);
      assert.deepEqual(Object.keys(ports), [`${service.className}Soap`, `${service.className}Soap12`]);
      for (const port of Object.values(ports)) {
        assert.deepEqual(
          Object.keys(port),
          service.operations.map((op) => op.name),
        );
        for (const op of service.operations) {
          const entry = port[op.name]!;
          assert.deepEqual(
            Object.keys(entry.input),
            op.params.map((p) => p.name),
            `${op.name} parameter order`,
          );
          assert.deepEqual(entry.input, fieldsShape(op.params), `${op.name} input`);
          assert.deepEqual(entry.output, { [op.resultElement]: nodeSoapShape(op.result) }, `${op.name} output`);
        }
      }
      assert.deepEqual(fetched, []);
    });
  }
});

interface ZeepPort {
  binding: string;
  operations: Record<string, { input: [string, string][]; output: { element: string; type: string; fields: [string, string][] } }>;
}

describe('WSDL: Python zeep reads each one', function () {
  this.timeout(120_000);
  const dir = useTempDir();

  for (const service of serviceList) {
    it(`${service.title}: every binding, operation, parameter and result`, () => {
      const file = join(dir(), `${service.key}.wsdl`);
      writeFileSync(file, wsdlText(service));
      const ports = JSON.parse(runPythonTool('describe', file, soapEncodingXsd)) as Record<string, ZeepPort>;
      const expectedPorts: Record<string, string> = {
        [`${service.className}Soap`]: 'Soap11Binding',
        [`${service.className}Soap12`]: 'Soap12Binding',
      };
      if (service.bindings.includes('http-get')) expectedPorts[`${service.className}HttpGet`] = 'HttpGetBinding';
      if (service.bindings.includes('http-post')) expectedPorts[`${service.className}HttpPost`] = 'HttpPostBinding';
      assert.deepEqual(Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, port.binding])), expectedPorts);

      for (const port of Object.values(ports)) {
        const soapBinding = port.binding.startsWith('Soap');
        assert.deepEqual(Object.keys(port.operations).sort(), service.operations.map((op) => op.name).sort());
        for (const op of service.operations) {
          const seen = port.operations[op.name]!;
          const input = op.params.map((p): [string, string] => [
            p.name,
            soapBinding ? p.type.name : p.type.name === 'base64Binary' ? 'StringArray' : 'string',
          ]);
          assert.deepEqual(seen.input, input, `${port.binding} ${op.name} input`);
          const fields = op.result.kind === 'structure' ? op.result.fields.map((f): [string, string] => [f.name, f.type.name]) : [];
          assert.deepEqual(
            seen.output,
            { element: soapBinding ? op.resultElement : httpResultElement(op), type: op.result.name, fields },
            `${port.binding} ${op.name} output`,
          );
        }
      }
    });
  }
});
