/**
 * 13. Oversized answers: a server answers a status call (GetLetterStatusV2_Multiple, 1000 IDs)
 * with 300 MB of statuses, without a Content-Length (so the client learns the size only as it
 * reads), over every binding; the calling process's peak resident set (its maxRSS, in a fresh
 * process) against the answer's size. The client reads no further than the operation's bound
 * (about 1.2 MB), so the peak is the process's own, whatever the answer's size.
 */
import { execFile } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { median, type Row } from './support/measure';
import type { Size, Sizes } from './support/size';

const MB = 1024 * 1024;
/** The answer's size, fresh processes per binding, and the bindings. */
const SIZES: Sizes<{ readonly megabytes: number; readonly repeats: number; readonly bindings: readonly string[] }> = {
  full: { megabytes: 300, repeats: 3, bindings: ['soap11', 'soap12', 'http-get', 'http-post'] },
  small: { megabytes: 8, repeats: 1, bindings: ['soap12', 'http-get'] },
};
/** Where the issue puts the peak for a 300 MB answer (the client peaked at 609 MB before answers were bounded). */
const PEAK_TARGET_MB = 400;

const STATUS =
  '<LetterStatusAndDesc><ID>1021984</ID><Status>-1002</Status><Description>Completed in Development</Description><LastUpdateTime>2026-11-26T10:58:48.123</LastUpdateTime></LetterStatusAndDesc>';
const HEADS = {
  soap: '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetLetterStatusV2_MultipleResponse xmlns="Mailing"><GetLetterStatusV2_MultipleResult><ResultCode>-3000</ResultCode><LetterStatuses>',
  http: '<?xml version="1.0" encoding="utf-8"?><GetLetterStatusV2_MultipleResult xmlns="Mailing"><ResultCode>-3000</ResultCode><LetterStatuses>',
};

/** Streams `bytes` of statuses at the socket's pace, and stops when the client lets go. */
function answer(res: ServerResponse, soap: boolean, bytes: number): void {
  res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
  const batch = Buffer.from(STATUS.repeat(Math.floor((64 * 1024) / STATUS.length)));
  let left = bytes;
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      left -= batch.length;
      if (!res.write(batch)) return void res.once('drain', pump);
    }
    if (!res.destroyed)
      res.end(
        soap
          ? '</LetterStatuses></GetLetterStatusV2_MultipleResult></GetLetterStatusV2_MultipleResponse></soap:Body></soap:Envelope>'
          : '</LetterStatuses></GetLetterStatusV2_MultipleResult>',
      );
  };
  res.write(soap ? HEADS.soap : HEADS.http);
  pump();
}

/** One call in a fresh process, run asynchronously: this process's loop serves the answer meanwhile. */
function callOnce(endpoint: string, binding: string): Promise<{ error: string; maxRss: number }> {
  const child = resolve(__dirname, 'oversized-answer-child.ts');
  return new Promise((done, fail) =>
    execFile(process.execPath, ['--import', 'tsx', child, endpoint, binding], { encoding: 'utf8', maxBuffer: 1 << 20 }, (error, out) =>
      error
        ? fail(new Error(`the call's process failed: ${error.message}`))
        : done(JSON.parse(out.trim().split('\n').pop()!) as { error: string; maxRss: number }),
    ),
  );
}

export async function oversizedAnswer(size: Size = 'full'): Promise<Row[]> {
  const { megabytes, repeats, bindings } = SIZES[size];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res, !/\/GetLetterStatusV2_Multiple/.test(req.url ?? ''), megabytes * MB));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows: Row[] = [];
  try {
    for (const binding of bindings) {
      const runs: { error: string; maxRss: number }[] = [];
      for (let i = 0; i < repeats; i++) runs.push(await callOnce(endpoint, binding));
      const refused = runs.every((r) => /^MailWsResponseError: .*is at most/.test(r.error));
      if (!refused) throw new Error(`the oversized answer was not refused over ${binding}: ${runs.map((r) => r.error).join('; ')}`);
      const peak = median(runs.map((r) => r.maxRss)) / MB;
      rows.push({
        benchmark: 'oversized answer',
        case: `${megabytes} MB status answer · ${binding} · peak memory`,
        value: peak,
        unit: 'MB',
        against: { name: "the answer's size", value: megabytes },
        ratio: peak / megabytes,
        target: `< ${PEAK_TARGET_MB} MB`,
        met: peak < PEAK_TARGET_MB,
      });
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
  return rows;
}
