/**
 * A non-JavaScript client of the sandbox: Debian's python3-zeep calls every operation of every
 * service through the WSDL the sandbox serves, on the SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST
 * ports (dated service B and the admin service have no HTTP ports: over SOAP 1.1 then). So the
 * HTTP GET and POST answers are read by a reader that shares nothing with Mailroom's codec; what
 * zeep read is compared with what the sandbox holds, read again over SOAP by node-soap, and
 * every port's story with the SOAP 1.1 one (each on a fresh sandbox on the same fixed clock).
 */
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { findOperation, operationList, serviceByKey, type ServiceKey } from '../../src/contract';
import { startTestSandbox, soapCaller } from '../helpers/sandbox';
import { fromSoapValue } from '../helpers/soap-values';
import { once } from '../helpers/steps';
import { pdfPages, projectRoot, soapEncodingXsd, systemPython } from '../helpers/tools';

const run = promisify(execFile);
type Results = Record<string, unknown>;
const VERSIONS = ['soap11', 'soap12', 'http-get', 'http-post'] as const;

interface Told {
  /** Per "service Operation", what zeep decoded. */
  readonly results: Results;
  /** The same read requests answered again by the sandbox over SOAP 1.1, read by node-soap, typed. */
  readonly held: Record<string, unknown>;
  /** Text of the first letter as printed, once the clock moved on. */
  readonly printed: string;
}

/** zeep's view of a result (JSON: numbers, ISO text, arrays in their item element) typed as the contract types it. */
function typed(key: string, value: unknown): unknown {
  const [service, name] = key.split(' ') as [ServiceKey, string];
  return fromSoapValue(findOperation(serviceByKey(service), name)!.result, value);
}

/** zeep's story on a fresh sandbox, once per port, for whichever test asks first. */
const stories = new Map(
  VERSIONS.map((version) => [
    version,
    once(async (): Promise<Told> => {
      // The clock stands still while zeep runs: every mailer stays Received, so PDFs are not ready and cancels succeed.
      const sandbox = await startTestSandbox();
      try {
        const { stdout } = await run(
          systemPython,
          [join(projectRoot, 'test', 'tools', 'zeep_client.py'), sandbox.url, version, soapEncodingXsd],
          {
            maxBuffer: 16 * 1024 * 1024,
          },
        );
        const { results, requests } = JSON.parse(stdout) as { results: Results; requests: Record<string, Record<string, unknown>> };
        const soap = soapCaller(sandbox.url, 'soap11');
        const held: Record<string, unknown> = {};
        for (const [key, request] of Object.entries(requests)) {
          const [service, name] = key.split(' ') as [ServiceKey, string];
          // Reads only; the stored files were deleted after zeep listed them (checked below as listed).
          if (!name.startsWith('Get') || key === 'datedA GetUploadedFileDetails') continue;
          held[key] = await soap(service, name, request);
        }
        sandbox.advance(60_000);
        const pdf = (await soap('simple', 'GetPDF', { Username: 'demo', Password: 'demo', ID: results['simple SendLetterV2'] })) as {
          FileData: Buffer;
        };
        return {
          results,
          held,
          printed: pdfPages(pdf.FileData)
            .map((p) => p.text)
            .join('\n'),
        };
      } finally {
        await sandbox.close();
      }
    }),
  ]),
);

for (const version of VERSIONS) {
  describe(`sandbox with python3-zeep as the client (${version})`, function () {
    this.timeout(120_000);
    let results: Results;

    beforeEach(async () => {
      ({ results } = await stories.get(version)!());
    });

    it('called every one of the 29 operations', () => {
      const called = new Set(Object.keys(results).filter((k) => !k.includes('(')));
      assert.deepEqual([...called].sort(), operationList.map((op) => `${op.service.key} ${op.name}`).sort());
    });

    it('sent letters, postcards, a batch and an advanced letter', () => {
      const sends = [
        'simple SendLetterV2',
        'simple SendLetterAndAddress',
        'simple SendLetterAndAddressV2',
        'simple SendPostcardAndAddress',
        'datedA SendLetter',
        'datedA SendLetterAndAddress',
        'datedA SendPostcardAndAddress',
        'datedB SendLetterAdvanced',
      ];
      const ids = sends.map((key) => results[key] as number);
      assert.ok(
        ids.every((id) => id >= 1021984),
        JSON.stringify(ids),
      );
      assert.deepEqual(results['datedA SendWordMailMerge_Compressed'], { ResultCode: ids[6]! + 1, ResultDescription: '2 letters queued' });
    });

    it('read statuses, lists, ranges, details and batches as the WSDL describes them', () => {
      const first = results['simple SendLetterV2'] as number;
      assert.deepEqual(results['simple GetLetterStatus'], { ResultCode: -3000, Status: -900, LastUpdateTime: '2026-11-22T09:00:00' });
      assert.equal((results['simple GetLetterStatusV2'] as { Description: string }).Description, 'Received');
      const multiple = results['simple GetLetterStatus_Multiple'] as { LetterStatuses: { LetterStatus: { ID: number }[] } };
      assert.deepEqual(
        multiple.LetterStatuses.LetterStatus.map((s) => s.ID),
        [first, first + 1],
      );
      const range = results['simple GetLetterStatusV2_Range'] as { LetterStatuses: { LetterStatusAndDesc: { ID: number }[] } };
      assert.deepEqual(
        range.LetterStatuses.LetterStatusAndDesc.map((s) => s.ID),
        [first, first + 1, first + 2, first + 3],
      );
      const details = results['simple GetLetterDetailsV2'] as Record<string, unknown>;
      assert.equal(details.WorkMode, 'Production');
      assert.equal(details.NumOfSheets, 2);
      assert.equal(details.CompletionTime, '0001-01-01T00:00:00');
      const extended = results['datedA GetDetailsExtended'] as { Details: { ExtendedDetails: Record<string, unknown>[] } };
      assert.equal(extended.Details.ExtendedDetails[0]!.IsBatch, true);
      const batch = results['datedA GetBatchDetails'] as { Items: { ItemsStatusAndDescExtended: { ItemID: number }[] } };
      assert.deepEqual(
        batch.Items.ItemsStatusAndDescExtended.map((i) => i.ItemID),
        [1, 2],
      );
      assert.equal((results['datedA GetStatus'] as { ResultCode: number }).ResultCode, -3000);
    });

    it('got the codes of PDFs not yet printed, a cancel, stored files and settings', () => {
      assert.deepEqual(results['simple GetPDF'], { ResultCode: -3020, FileData: null });
      assert.deepEqual(results['datedA GetPDF'], { ResultCode: -3020, FileData: null });
      assert.equal(results['datedA CancelDelivery'], -3000);
      assert.equal(results['datedA UploadFile'], -3000);
      const files = results['datedA GetUploadedFileDetails'] as {
        UploadedFiles: { FileDetails: { FileName: string; Permissions: string }[] };
      };
      assert.deepEqual(
        files.UploadedFiles.FileDetails.map((f) => [f.FileName, f.Permissions]),
        [['zeep.html', 'User']],
      );
      assert.equal(results['datedA DeleteUploadedFile'], -3000);
      assert.equal(results['admin SetUserSettings'], -3000);
      assert.equal(results['admin SetUserSettings (bad)'], -3221, 'Letters_PrintSides is the 9th setting');
    });

    it('read what the sandbox holds: every read answered alike over SOAP to node-soap', async () => {
      const { held, printed } = await stories.get(version)!();
      const keys = Object.keys(held);
      assert.equal(keys.length, 15, keys.join(', '));
      for (const key of keys) assert.deepEqual(typed(key, results[key]), held[key], key);
      // The document zeep sent (as decimal bytes over HTTP, base64 over SOAP) is the one printed.
      assert.match(printed, /Hello from zeep/);
      assert.match(printed, /é/);
    });
  });
}

describe('sandbox with python3-zeep: every port tells the same story', function () {
  this.timeout(300_000);
  it('HTTP GET, HTTP POST and SOAP 1.2 answer zeep as SOAP 1.1 does, on the same clock', async () => {
    const soap11 = (await stories.get('soap11')!()).results;
    for (const version of ['soap12', 'http-get', 'http-post'] as const)
      assert.deepEqual((await stories.get(version)!()).results, soap11, version);
  });
});
