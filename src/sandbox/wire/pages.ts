/**
 * What a browser sees at a service path, as ASP.NET shows it: the discovery document (`?disco`),
 * the list of operations, and per operation (`?op=Name`) its parameters, sample requests and
 * responses for each binding, and a form to try it over HTTP POST (or GET).
 */
import {
  NAMESPACE,
  XSD_NS,
  XSI_NS,
  el,
  escapeText,
  httpResultElement,
  placeholder,
  sampleRequest,
  sampleResponse,
  writeXml,
  SOAP11_ENVELOPE_NS,
  SOAP12_ENVELOPE_NS,
  type Field,
  type Operation,
  type Service,
  type TypeRef,
} from '../../contract';

export function discoDocument(service: Service, serviceUrl: string): string {
  const soapRefs = ['Soap', 'Soap12'].map((suffix, i) =>
    el('soap', {
      address: serviceUrl,
      [`xmlns:q${i + 1}`]: NAMESPACE,
      binding: `q${i + 1}:${service.className}${suffix}`,
      xmlns: 'http://schemas.xmlsoap.org/disco/soap/',
    }),
  );
  return writeXml(
    el(
      'discovery',
      { 'xmlns:xsd': XSD_NS, 'xmlns:xsi': XSI_NS, xmlns: 'http://schemas.xmlsoap.org/disco/' },
      el('contractRef', { ref: `${serviceUrl}?wsdl`, docRef: serviceUrl, xmlns: 'http://schemas.xmlsoap.org/disco/scl/' }),
      soapRefs,
    ),
    { indent: true },
  );
}

const STYLE = `body{font-family:Verdana,sans-serif;margin:0;color:#000;background:#fff}
#content{margin:0 2em 2em}.heading1{background:#003366;color:#fff;font-size:1.6em;padding:.4em 2em;margin:0 0 1em}
pre{background:#e5e5cc;padding:.5em;white-space:pre-wrap;font-size:.85em}h2,h3{font-size:1.1em}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left;font-size:.9em}
.intro{margin-bottom:1em}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeText(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action 'self'">
<style>${STYLE}</style></head>
<body><div id="content"><p class="heading1">${escapeText(title)}</p>${body}</div></body></html>`;
}

export function serviceHelpPage(service: Service): string {
  const items = service.operations
    .map((op) => `<li><a href="${escapeText(service.path)}?op=${op.name}">${op.name}</a><br>${escapeText(op.doc)}</li>`)
    .join('\n');
  return page(
    service.className,
    `<p class="intro">The following operations are supported. For a formal definition, please review the
<a href="${escapeText(service.path)}?WSDL">Service Description</a>.</p><ul>${items}</ul>
<p>This is Mailroom's local sandbox of the Mail Submission and Tracking web service (${escapeText(service.title)}).</p>`,
  );
}

function typeText(type: TypeRef): string {
  return type.kind === 'array' ? `${typeText(type.item)}[]` : type.name;
}

function parameterRows(params: readonly Field[]): string {
  return params
    .map((p) => `<tr><td>${p.name}</td><td>${typeText(p.type)}</td><td>${p.required ? 'required' : 'optional'}</td></tr>`)
    .join('');
}

function soapSample(op: Operation, version: 'soap11' | 'soap12', host: string): string {
  const ns = version === 'soap11' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
  const envelope = (body: ReturnType<typeof el>) =>
    writeXml(el('soap:Envelope', { 'xmlns:xsi': XSI_NS, 'xmlns:xsd': XSD_NS, 'xmlns:soap': ns }, el('soap:Body', {}, body)), {
      indent: true,
    });
  const headers =
    version === 'soap11'
      ? `Content-Type: text/xml; charset=utf-8\nContent-Length: length\nSOAPAction: "${op.soapAction}"`
      : `Content-Type: application/soap+xml; charset=utf-8\nContent-Length: length`;
  const responseType = version === 'soap11' ? 'text/xml' : 'application/soap+xml';
  return (
    `POST ${op.service.path} HTTP/1.1\nHost: ${host}\n${headers}\n\n${envelope(sampleRequest(op))}` +
    `\n\nHTTP/1.1 200 OK\nContent-Type: ${responseType}; charset=utf-8\nContent-Length: length\n\n${envelope(sampleResponse(op))}`
  );
}

function httpSample(op: Operation, verb: 'GET' | 'POST', host: string): string {
  const query = op.params
    .map((p) =>
      p.type.kind === 'primitive' && p.type.name === 'base64Binary'
        ? `${p.name}=byte&${p.name}=byte`
        : `${p.name}=${p.type.kind === 'primitive' ? p.type.name : 'string'}`,
    )
    .join('&');
  const request =
    verb === 'GET'
      ? `GET ${op.service.path}/${op.name}?${query} HTTP/1.1\nHost: ${host}`
      : `POST ${op.service.path}/${op.name} HTTP/1.1\nHost: ${host}\nContent-Type: application/x-www-form-urlencoded\nContent-Length: length\n\n${query}`;
  const response = sampleResponse(op).children[0];
  const root =
    response && typeof response !== 'string'
      ? el(
          httpResultElement(op),
          op.result.kind === 'structure' ? { 'xmlns:xsi': XSI_NS, 'xmlns:xsd': XSD_NS, xmlns: NAMESPACE } : { xmlns: NAMESPACE },
          response.children,
        )
      : el(httpResultElement(op));
  return `${request}\n\nHTTP/1.1 200 OK\nContent-Type: text/xml; charset=utf-8\nContent-Length: length\n\n${writeXml(root, { indent: true })}`;
}

function testForm(op: Operation): string {
  const verb = op.service.bindings.includes('http-post') ? 'POST' : op.service.bindings.includes('http-get') ? 'GET' : undefined;
  if (!verb) return '<p>The test form is only available for operations that accept HTTP GET or POST.</p>';
  const rows = op.params
    .map((p) => {
      const hint =
        p.type.kind === 'enum'
          ? p.type.values.join(', ')
          : placeholder(p.type.kind === 'primitive' ? p.type : { kind: 'primitive', name: 'string' });
      return `<tr><td>${p.name}:</td><td><input type="text" size="50" name="${p.name}" placeholder="${escapeText(hint)}"></td></tr>`;
    })
    .join('');
  return `<form target="_blank" action="${escapeText(op.service.path)}/${op.name}" method="${verb}">
<table><tr><th>Parameter</th><th>Value</th></tr>${rows}
<tr><td></td><td><input type="submit" value="Invoke"></td></tr></table></form>`;
}

export function operationHelpPage(op: Operation, host: string): string {
  const sections = [
    `<h2>${op.name}</h2><p>${escapeText(op.doc)}</p>`,
    `<h3>Parameters</h3><table><tr><th>Name</th><th>Type</th><th></th></tr>${parameterRows(op.params)}</table>`,
    `<h3>Result</h3><p>${typeText(op.result)}</p>`,
    `<h3>Test</h3>${testForm(op)}`,
    `<h3>SOAP 1.1</h3><pre>${escapeText(soapSample(op, 'soap11', host))}</pre>`,
    `<h3>SOAP 1.2</h3><pre>${escapeText(soapSample(op, 'soap12', host))}</pre>`,
  ];
  if (op.service.bindings.includes('http-get')) sections.push(`<h3>HTTP GET</h3><pre>${escapeText(httpSample(op, 'GET', host))}</pre>`);
  if (op.service.bindings.includes('http-post')) sections.push(`<h3>HTTP POST</h3><pre>${escapeText(httpSample(op, 'POST', host))}</pre>`);
  return page(
    op.service.className,
    `<p><a href="${escapeText(op.service.path)}">Click here</a> for a complete list of operations.</p>${sections.join('\n')}`,
  );
}
