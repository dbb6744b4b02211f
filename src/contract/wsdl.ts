/**
 * The WSDL of a service, written from the contract as ASP.NET publishes an .asmx WSDL:
 * WSDL 1.1, document/literal wrapped, target namespace `Mailing`, soapAction `Mailing/<Operation>`,
 * the Soap and Soap12 bindings sharing one port type, and for services that offer them the HttpGet
 * and HttpPost bindings with their `AbstractTypes` schema (XmlSerializer conventions, see
 * `shared/notes/soap-wire-facts.md`).
 */
import { el, writeXml, type XmlElement } from './xml';
import { NAMESPACE, isValueType, type Field, type Operation, type Service, type TypeRef } from './model';

export const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
export const SOAP_ENCODING_NS = 'http://schemas.xmlsoap.org/soap/encoding/';
export const ABSTRACT_TYPES_NS = `${NAMESPACE}/AbstractTypes`;
const HTTP_TRANSPORT = 'http://schemas.xmlsoap.org/soap/http';

/** How an HTTP GET/POST result's root element is named: `int` or the result structure's name. */
export function httpResultElement(op: Operation): string {
  return op.result.name;
}

function qualifiedType(type: TypeRef): string {
  return type.kind === 'primitive' ? `s:${type.name}` : `tns:${type.name}`;
}

function elementFor(field: Field): XmlElement {
  return el('s:element', {
    minOccurs: field.required ? '1' : '0',
    maxOccurs: '1',
    name: field.name,
    type: qualifiedType(field.type),
  });
}

/** A complex type holding these fields in order (an empty one holds no sequence, as ASP.NET writes it). */
function complexType(fields: readonly Field[], name?: string): XmlElement {
  return el('s:complexType', { name }, fields.length === 0 ? undefined : el('s:sequence', {}, fields.map(elementFor)));
}

/** Named types in order of first use, each after the element that first needs it. */
class TypeCollector {
  private readonly seen = new Set<string>();
  readonly definitions: XmlElement[] = [];

  need(type: TypeRef): void {
    if (type.kind === 'primitive' || this.seen.has(type.name)) return;
    this.seen.add(type.name);
    switch (type.kind) {
      case 'enum':
        this.definitions.push(
          el(
            's:simpleType',
            { name: type.name },
            el(
              's:restriction',
              { base: 's:string' },
              type.values.map((value) => el('s:enumeration', { value })),
            ),
          ),
        );
        return;
      case 'array':
        this.definitions.push(
          el(
            's:complexType',
            { name: type.name },
            el(
              's:sequence',
              {},
              el('s:element', {
                minOccurs: '0',
                maxOccurs: 'unbounded',
                name: type.itemElement,
                nillable: isValueType(type.item) ? undefined : 'true',
                type: qualifiedType(type.item),
              }),
            ),
          ),
        );
        this.need(type.item);
        return;
      case 'structure':
        this.definitions.push(complexType(type.fields, type.name));
        for (const field of type.fields) this.need(field.type);
        return;
    }
  }
}

function hasHttpBindings(service: Service): boolean {
  return service.bindings.includes('http-get') || service.bindings.includes('http-post');
}

function takesBinary(service: Service): boolean {
  return service.operations.some((op) => op.params.some((p) => p.type.kind === 'primitive' && p.type.name === 'base64Binary'));
}

function mailingSchema(service: Service): XmlElement {
  const types = new TypeCollector();
  const items: XmlElement[] = [];
  for (const op of service.operations) {
    items.push(el('s:element', { name: op.name }, complexType(op.params)));
    for (const p of op.params) types.need(p.type);
    items.push(...types.definitions.splice(0));
    const result: Field = { name: op.resultElement, type: op.result, required: isValueType(op.result) };
    items.push(el('s:element', { name: op.responseElement }, complexType([result])));
    types.need(op.result);
    items.push(...types.definitions.splice(0));
  }
  if (hasHttpBindings(service)) {
    const roots = new Map<string, TypeRef>(service.operations.map((op) => [httpResultElement(op), op.result]));
    for (const [name, type] of roots) {
      items.push(el('s:element', { name, nillable: isValueType(type) ? undefined : 'true', type: qualifiedType(type) }));
    }
  }
  return el('s:schema', { elementFormDefault: 'qualified', targetNamespace: NAMESPACE }, items);
}

/** XmlSerializer's encoded form of `byte[]` in HTTP GET/POST messages: repeated `String`. */
function abstractTypesSchema(): XmlElement {
  return el(
    's:schema',
    { targetNamespace: ABSTRACT_TYPES_NS },
    el('s:import', { namespace: SOAP_ENCODING_NS }),
    el(
      's:complexType',
      { name: 'StringArray' },
      el(
        's:complexContent',
        { mixed: 'false' },
        el(
          's:restriction',
          { base: 'soapenc:Array' },
          el('s:sequence', {}, el('s:element', { minOccurs: '0', maxOccurs: 'unbounded', name: 'String', type: 's:string' })),
        ),
      ),
    ),
  );
}

type HttpVerb = 'HttpGet' | 'HttpPost';

function httpVerbs(service: Service): HttpVerb[] {
  const verbs: HttpVerb[] = [];
  if (service.bindings.includes('http-get')) verbs.push('HttpGet');
  if (service.bindings.includes('http-post')) verbs.push('HttpPost');
  return verbs;
}

function messages(service: Service): XmlElement[] {
  const out: XmlElement[] = [];
  for (const op of service.operations) {
    out.push(el('wsdl:message', { name: `${op.name}SoapIn` }, el('wsdl:part', { name: 'parameters', element: `tns:${op.name}` })));
    out.push(
      el('wsdl:message', { name: `${op.name}SoapOut` }, el('wsdl:part', { name: 'parameters', element: `tns:${op.responseElement}` })),
    );
  }
  for (const verb of httpVerbs(service)) {
    for (const op of service.operations) {
      const parts = op.params.map((p) =>
        el('wsdl:part', {
          name: p.name,
          type: p.type.kind === 'primitive' && p.type.name === 'base64Binary' ? 's1:StringArray' : 's:string',
        }),
      );
      out.push(el('wsdl:message', { name: `${op.name}${verb}In` }, parts));
      out.push(
        el('wsdl:message', { name: `${op.name}${verb}Out` }, el('wsdl:part', { name: 'Body', element: `tns:${httpResultElement(op)}` })),
      );
    }
  }
  return out;
}

function portType(service: Service, suffix: 'Soap' | HttpVerb): XmlElement {
  return el(
    'wsdl:portType',
    { name: `${service.className}${suffix}` },
    service.operations.map((op) =>
      el(
        'wsdl:operation',
        { name: op.name },
        el('wsdl:documentation', { 'xmlns:wsdl': WSDL_NS }, op.doc),
        el('wsdl:input', { message: `tns:${op.name}${suffix}In` }),
        el('wsdl:output', { message: `tns:${op.name}${suffix}Out` }),
      ),
    ),
  );
}

function soapBinding(service: Service, prefix: 'soap' | 'soap12'): XmlElement {
  const suffix = prefix === 'soap' ? 'Soap' : 'Soap12';
  const body = () => el(`${prefix}:body`, { use: 'literal' });
  return el(
    'wsdl:binding',
    { name: `${service.className}${suffix}`, type: `tns:${service.className}Soap` },
    el(`${prefix}:binding`, { transport: HTTP_TRANSPORT }),
    service.operations.map((op) =>
      el(
        'wsdl:operation',
        { name: op.name },
        el(`${prefix}:operation`, { soapAction: op.soapAction, style: 'document' }),
        el('wsdl:input', {}, body()),
        el('wsdl:output', {}, body()),
      ),
    ),
  );
}

function httpBinding(service: Service, verb: HttpVerb): XmlElement {
  const input = verb === 'HttpGet' ? el('http:urlEncoded') : el('mime:content', { type: 'application/x-www-form-urlencoded' });
  return el(
    'wsdl:binding',
    { name: `${service.className}${verb}`, type: `tns:${service.className}${verb}` },
    el('http:binding', { verb: verb === 'HttpGet' ? 'GET' : 'POST' }),
    service.operations.map((op) =>
      el(
        'wsdl:operation',
        { name: op.name },
        el('http:operation', { location: `/${op.name}` }),
        el('wsdl:input', {}, input),
        el('wsdl:output', {}, el('mime:mimeXml', { part: 'Body' })),
      ),
    ),
  );
}

/**
 * The WSDL document of a service. `location` is the service's own URL (base URL and path), which
 * ASP.NET writes from the request that asked for the WSDL.
 */
export function generateWsdl(service: Service, location: string): string {
  const verbs = httpVerbs(service);
  const abstractTypes = verbs.length > 0 && takesBinary(service);
  const name = service.className;
  const root = el(
    'wsdl:definitions',
    {
      'xmlns:soap': 'http://schemas.xmlsoap.org/wsdl/soap/',
      'xmlns:tm': 'http://microsoft.com/wsdl/mime/textMatching/',
      'xmlns:soapenc': SOAP_ENCODING_NS,
      'xmlns:mime': 'http://schemas.xmlsoap.org/wsdl/mime/',
      'xmlns:tns': NAMESPACE,
      'xmlns:s1': abstractTypes ? ABSTRACT_TYPES_NS : undefined,
      'xmlns:s': XSD_NS,
      'xmlns:soap12': 'http://schemas.xmlsoap.org/wsdl/soap12/',
      'xmlns:http': 'http://schemas.xmlsoap.org/wsdl/http/',
      targetNamespace: NAMESPACE,
      'xmlns:wsdl': WSDL_NS,
    },
    el('wsdl:types', {}, mailingSchema(service), abstractTypes ? abstractTypesSchema() : undefined),
    messages(service),
    portType(service, 'Soap'),
    verbs.map((verb) => portType(service, verb)),
    soapBinding(service, 'soap'),
    soapBinding(service, 'soap12'),
    verbs.map((verb) => httpBinding(service, verb)),
    el(
      'wsdl:service',
      { name },
      el('wsdl:port', { name: `${name}Soap`, binding: `tns:${name}Soap` }, el('soap:address', { location })),
      el('wsdl:port', { name: `${name}Soap12`, binding: `tns:${name}Soap12` }, el('soap12:address', { location })),
      verbs.map((verb) => el('wsdl:port', { name: `${name}${verb}`, binding: `tns:${name}${verb}` }, el('http:address', { location }))),
    ),
  );
  return writeXml(root, { indent: true });
}
