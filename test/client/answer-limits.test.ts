/**
 * Bounded answers: every operation's answer is bounded by what its result can hold (the
 * contract's answerLimit); a larger answer is refused over every binding, over a real socket,
 * with an error that says what happened and what to do, names no secret, and is not retried;
 * the client stops reading it there. The bounds hold the largest answers the service can give,
 * and a large PDF, larger than any report, still comes through.
 */
import { strict as assert } from 'node:assert';
import { inspect } from 'node:util';
import {
  answerLimit,
  ANSWER_FLOOR_BYTES,
  MAX_PDF_BYTES,
  operationList,
  serviceByKey,
  type Operation,
  type TypeRef,
} from '../../src/contract';
import { MailWsClient, MailWsResponseError } from '../../src/client';
import { httpResult, wholeText } from '../helpers/sandbox-answer';
import { soapResponse } from '../../src/sandbox/wire/soap';
import { startFakeServer, type Behaviour, type FakeServer } from '../helpers/fake-server';

const SECRET = 'pw-9Qz-never-printed';
const BINDINGS = ['soap11', 'soap12', 'http-get', 'http-post'] as const;
type Binding = (typeof BINDINGS)[number];
const simple = (name: string) => serviceByKey('simple').operations.find((op) => op.name === name)!;

/** An answer to `op` over `binding` as the sandbox writes it: its body and content type. */
function answerOf(binding: Binding, op: Operation, result: unknown): { body: string; contentType: string } {
  if (binding === 'soap11' || binding === 'soap12') {
    const wire = soapResponse(binding, op, result);
    return { body: wholeText(wire.body), contentType: wire.contentType };
  }
  return { body: httpResult(op, result), contentType: 'text/xml; charset=utf-8' };
}

/** The largest value of a type a report of the service holds, every string escaped as long as XML escapes it. */
function largest(type: TypeRef, items: number): unknown {
  switch (type.kind) {
    case 'primitive':
      return {
        string: '"'.repeat(100),
        int: -2147483648,
        decimal: -Number.MAX_SAFE_INTEGER / 1000,
        dateTime: new Date(Date.UTC(2026, 10, 26, 23, 59, 59, 999)),
        boolean: false,
        base64Binary: Buffer.alloc(0),
      }[type.name];
    case 'enum':
      return type.values.reduce((a, b) => (b.length > a.length ? b : a));
    case 'structure':
      return Object.fromEntries(type.fields.map((f) => [f.name, largest(f.type, items)]));
    case 'array':
      return Array.from({ length: items }, () => largest(type.item, items));
  }
}

describe('bounded answers', function () {
  this.timeout(60_000);

  describe('the bounds, from the contract', () => {
    it('every operation has one, never below the floor that holds a fault or an error page', () => {
      assert.equal(operationList.length, 29);
      for (const op of operationList) assert.ok(answerLimit(op).bytes >= ANSWER_FLOOR_BYTES, op.name);
    });

    it('a status report of 1000 mailers is bounded by about a megabyte, GetPDF by its largest PDF', () => {
      const status = answerLimit(serviceByKey('datedA').operations.find((op) => op.name === 'GetStatus')!);
      assert.ok(status.bytes < 2 * 1024 * 1024, String(status.bytes));
      assert.equal(status.holds, '1000 statuses');
      const pdf = answerLimit(simple('GetPDF'));
      assert.ok(pdf.bytes >= (MAX_PDF_BYTES / 3) * 4, String(pdf.bytes));
      assert.equal(pdf.holds, 'a 256 MB PDF');
    });

    it('holds the largest answer of every report of up to 1000 items, over every binding the service offers', () => {
      for (const op of operationList) {
        const { holds } = answerLimit(op);
        // The batches' 200,000 items and GetPDF's 256 MB are the same walk at a size not built here.
        if (/batch items|PDF/.test(holds)) continue;
        const items = /^20 /.test(holds) ? 20 : 1000;
        const result = largest(op.result, items);
        for (const binding of op.service.bindings) {
          const { body } = answerOf(binding, op, result);
          assert.ok(Buffer.byteLength(body) <= answerLimit(op).bytes, `${op.name} over ${binding}: ${Buffer.byteLength(body)} bytes`);
        }
      }
    });
  });

  describe('over a real socket', () => {
    let server: FakeServer | undefined;
    afterEach(async () => {
      await server?.close();
      server = undefined;
    });
    const clientOver = async (binding: Binding, script: Behaviour[]) => {
      server = await startFakeServer(script);
      return new MailWsClient({
        endpoint: server.url,
        binding,
        credentials: { username: 'demo', password: SECRET },
        retry: { attempts: 3, baseDelayMs: 1 },
        timeoutMs: 30_000,
      });
    };

    /** An answer of `op` over `binding` holding one item, cut around it to repeat it. */
    function answerParts(binding: Binding, op: Operation, result: Record<string, unknown>, item: string) {
      const { body, contentType } = answerOf(binding, op, result);
      const first = body.indexOf(`<${item}>`);
      const end = body.lastIndexOf(`</${item}>`) + `</${item}>`.length;
      return { contentType, head: body.slice(0, first), repeat: body.slice(first, end), tail: body.slice(end) };
    }
    const statusAnswerParts = (binding: Binding) =>
      answerParts(
        binding,
        simple('GetLetterStatusV2_Multiple'),
        {
          ResultCode: -3000,
          LetterStatuses: [{ ID: 1021984, Status: -1002, Description: 'Completed in Development', LastUpdateTime: new Date() }],
        },
        'LetterStatusAndDesc',
      );

    const ANSWER = 64 * 1024 * 1024;
    for (const binding of BINDINGS) {
      for (const declared of [true, false]) {
        it(`refuses a status report of 64 MB, stops reading it, and does not ask again (${binding}, ${declared ? 'with' : 'without'} its length)`, async () => {
          const client = await clientOver(binding, [{ kind: 'stream', ...statusAnswerParts(binding), bytes: ANSWER, declared }]);
          const error = await client.simple.GetLetterStatusV2_Multiple({ ID: '1021984,1021985' }).catch((e: unknown) => e);
          client.close();
          assert.ok(error instanceof MailWsResponseError, String(error));
          const limit = answerLimit(simple('GetLetterStatusV2_Multiple'));
          assert.match(
            error.message,
            /^GetLetterStatusV2_Multiple: the answer could not be read: a GetLetterStatusV2_Multiple answer is at most 1\.\d MB, holding 1000 statuses, but /,
          );
          assert.match(
            error.message,
            declared ? /it said it was 64 MB, and was not read;/ : /it went on past that, and was not read further;/,
          );
          assert.match(
            error.inWords,
            /^The service's answer could not be read: .*check that http:\/\/127\.0\.0\.1:\d+\/MailWS\.asmx(\/GetLetterStatusV2_Multiple)? is the Mail WS/,
          );
          assert.ok(!inspect(error, { depth: 8 }).includes(SECRET), 'the error names no password');
          assert.equal(server!.requests.length, 1, 'a refused answer is not asked for again');
          const written = await server!.streamed[0]!;
          // The socket's buffers hold a few megabytes at most: the rest was never written.
          assert.ok(written < limit.bytes + 16 * 1024 * 1024, `the server wrote ${written} bytes of ${ANSWER}`);
        });
      }
    }

    it("says to ask for a batch's items in parts when its report says it is larger than the most items one holds", async () => {
      const op = serviceByKey('datedA').operations.find((o) => o.name === 'GetBatchStatus')!;
      const item = { ItemID: 1, Status: -1002, Description: 'Completed in Development', LastUpdateTime: new Date() };
      const parts = answerParts('soap11', op, { ResultCode: -3000, ID: 7, Statuses: [item] }, 'LetterBatchStatusAndDesc');
      const client = await clientOver('soap11', [{ kind: 'stream', ...parts, bytes: 300 * 1024 * 1024, declared: true }]);
      const error = await client.datedA.GetBatchStatus({ ID: 7, ItemID: '' }).catch((e: unknown) => e);
      client.close();
      assert.ok(error instanceof MailWsResponseError, String(error));
      assert.match(
        error.message,
        /a GetBatchStatus answer is at most \d+(\.\d)? MB, holding 200000 batch items, but it said it was 300 MB, and was not read; ask for its items in parts, naming them in ItemID, or check that/,
      );
      assert.ok((await server!.streamed[0]!) < 32 * 1024 * 1024);
    });

    for (const binding of BINDINGS) {
      it(`takes a 12 MB PDF, larger than any report (${binding})`, async () => {
        const pdf = Buffer.alloc(12 * 1024 * 1024);
        for (let i = 0; i < pdf.length; i += 4093) pdf[i] = i % 251;
        const { body, contentType } = answerOf(binding, simple('GetPDF'), { ResultCode: -3000, FileData: pdf });
        const client = await clientOver(binding, [{ kind: 'answer', contentType, body }]);
        const result = await client.simple.GetPDF({ ID: 1021984 });
        client.close();
        assert.ok(result.FileData?.equals(pdf));
      });
    }
  });
});
