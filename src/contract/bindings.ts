/** The four bindings on the wire: namespaces, content types and how SOAP actions are named. */
import type { Binding } from './services';

export const SOAP11_ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_ENVELOPE_NS = 'http://www.w3.org/2003/05/soap-envelope';

export const CONTENT_TYPES = {
  soap11: 'text/xml; charset=utf-8',
  soap12: 'application/soap+xml; charset=utf-8',
  'http-get': 'text/xml; charset=utf-8',
  'http-post': 'text/xml; charset=utf-8',
} as const satisfies Record<Binding, string>;

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

export const BINDINGS: readonly Binding[] = ['soap11', 'soap12', 'http-get', 'http-post'];

export function isSoapBinding(binding: Binding): binding is 'soap11' | 'soap12' {
  return binding === 'soap11' || binding === 'soap12';
}
