/**
 * A gateway on the loopback in front of the sandbox, as a company proxy or a VPN stands in front of
 * the real service: it passes every request on, until it is cut, when it answers 502 Bad Gateway for
 * a service it cannot reach (as a proxy does once the VPN behind it drops). The end-to-end flow
 * connects to it to see what VS Code shows while the service does not answer, and when a send is
 * refused.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Gateway {
  readonly url: string;
  /** Cut (true): every request is answered 502; mended (false): passed on again. */
  cut(cut: boolean): void;
  /**
   * The next request for this SOAP action is refused with a SOAP fault, as a busy service refuses
   * it: nothing reaches the sandbox, nothing is made.
   */
  refuseNext(action: RegExp): void;
  close(): Promise<void>;
}

/**
 * A SOAP 1.1 fault refusing the request itself (soap:Client): nothing was made, so the extension
 * may offer Edit and Retry. (A soap:Server fault or a gateway's 5xx may come after the work was
 * done: such a send is kept as "outcome unknown" instead.)
 */
const BUSY =
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
  '<soap:Fault><faultcode>soap:Client</faultcode><faultstring>The request was refused. ---&gt; The service is busy.</faultstring></soap:Fault>' +
  '</soap:Body></soap:Envelope>';

export async function startGateway(target: string): Promise<Gateway> {
  const to = new URL(target);
  let cut = false;
  let refuse: RegExp | undefined;
  const server: Server = createServer((incoming, answer) => {
    if (cut) {
      incoming.resume();
      answer.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway: the service does not answer');
      return;
    }
    if (refuse?.test(String(incoming.headers.soapaction ?? ''))) {
      refuse = undefined;
      incoming.resume();
      answer.writeHead(500, { 'content-type': 'text/xml; charset=utf-8' }).end(BUSY);
      return;
    }
    const onward = request(
      { host: to.hostname, port: to.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: to.host } },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    onward.on('error', () => answer.headersSent || answer.writeHead(502).end());
    incoming.pipe(onward);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: (value) => void (cut = value),
    refuseNext: (action) => void (refuse = action),
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
