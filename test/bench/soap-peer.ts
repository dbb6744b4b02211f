/**
 * The peer of the throughput benchmark: the `soap` package's own server (soap.listen) serving the
 * simple and dated A services from the contract's WSDLs, each operation answering a constant
 * (no work at all). With `same-answer [count]`, GetStatus answers a constant list of `count`
 * statuses (1000 unless given), the size of the sandbox's answer, so that only the serializing is
 * compared. Prints its URL; runs until killed.
 */
import { createServer } from 'node:http';
import * as soap from 'soap';
import { generateWsdl, serviceByKey, serviceUrl, type Operation } from '../../src/contract';

const sameAnswer = process.argv[2] === 'same-answer';
const statuses = {
  ResultCode: -3000,
  Statuses: {
    LetterStatusAndDesc: Array.from({ length: Number(process.argv[3] ?? 1000) }, (_, i) => ({
      ID: 1021984 + i,
      Status: -1002,
      Description: 'Completed: successfully processed in Development work mode',
      LastUpdateTime: '2026-11-22T06:10:34.123',
    })),
  },
};
const trivial = (op: Operation) => () => ({
  [op.resultElement]: sameAnswer && op.name === 'GetStatus' ? statuses : op.result.kind === 'structure' ? { ResultCode: -3000 } : 1,
});

const server = createServer((_req, res) => {
  res.statusCode = 404;
  res.end();
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  for (const key of ['simple', 'datedA'] as const) {
    const service = serviceByKey(key);
    const handlers = Object.fromEntries(service.operations.map((op) => [op.name, trivial(op)]));
    soap.listen(server, {
      path: service.path,
      services: { [service.className]: { [`${service.className}Soap`]: handlers, [`${service.className}Soap12`]: handlers } },
      xml: generateWsdl(service, serviceUrl(url, service)),
    });
  }
  console.log(`soap peer listening on ${url}`);
});
