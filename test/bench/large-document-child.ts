/**
 * One send of a large PDF, in a process of its own so that its peak memory is its own: prints the
 * client's CPU time, the same bytes' Buffer.toString('base64') time, and the growth of the peak
 * resident set during the send. Run by large-documents.ts.
 */
import { builtClient } from './support/built';
import { DEMO } from './support/seed';

/** A PDF of exactly `size` bytes: one stream object of filler, written into one buffer. */
function pdfOfSize(size: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n3 0 obj <</Length 0>>\nstream\n',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
  const pdf = Buffer.alloc(size, 0x41);
  head.copy(pdf, 0);
  tail.copy(pdf, size - tail.length);
  return pdf;
}

async function main(): Promise<void> {
  const [endpoint, binding, megabytes] = process.argv.slice(2) as [string, 'soap11', string];
  const client = new builtClient.MailWsClient({ endpoint, binding, credentials: DEMO, minIntervalMs: 0, timeoutMs: 300_000 });
  const send = (pdf: Buffer) =>
    client.simple.SendLetterAndAddressV2({
      MyDescription: 'large',
      FileExtension: 'pdf',
      FileBinaryData: pdf,
      WorkMode: 'Development',
      AttentionLine1: 'Jane Doe',
      Address1: '1 Main St',
      City: 'Springfield',
    });
  await send(pdfOfSize(4096)); // warm: the SOAP stack loaded, the connection open
  const pdf = pdfOfSize(Number(megabytes) * 1024 * 1024);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const cpuBefore = process.cpuUsage();
  await send(pdf);
  const cpu = process.cpuUsage(cpuBefore);
  const peakGrowth = process.resourceUsage().maxRSS * 1024 - rssBefore;
  const base64Start = process.cpuUsage();
  const encoded = pdf.toString('base64');
  const base64 = process.cpuUsage(base64Start);
  client.close();
  console.log(
    JSON.stringify({
      cpuMs: (cpu.user + cpu.system) / 1000,
      base64Ms: (base64.user + base64.system) / 1000,
      peakGrowth,
      size: pdf.length,
      encoded: encoded.length,
    }),
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
