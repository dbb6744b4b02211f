/**
 * A non-JavaScript SOAP stack as the sandbox's client: Debian's python3-zeep calls every
 * operation of every service through the WSDL the sandbox serves, on SOAP 1.1 and on SOAP 1.2.
 */
import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { operationList } from '../../src/contract';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { projectRoot, soapEncodingXsd, systemPython } from '../helpers/tools';

const run = promisify(execFile);
type Results = Record<string, unknown>;

for (const version of ['soap11', 'soap12'] as const) {
  describe(`sandbox with python3-zeep as the client (${version})`, function () {
    this.timeout(120_000);
    let sandbox: TestSandbox;
    let results: Results;

    before(async () => {
      // The clock stands still: every mailer stays Received, so PDFs are not ready and cancels succeed.
      sandbox = await startTestSandbox();
      const { stdout } = await run(systemPython, [join(projectRoot, 'test', 'tools', 'zeep_client.py'), sandbox.url, version, soapEncodingXsd], {
        maxBuffer: 16 * 1024 * 1024,
      });
      results = JSON.parse(stdout) as Results;
    });
    after(() => sandbox.close());

    it('called every one of the 29 operations', () => {
      const called = new Set(Object.keys(results).filter((k) => !k.includes('(')));
      assert.deepEqual([...called].sort(), operationList.map((op) => `${op.service.key} ${op.name}`).sort());
    });

    it('sent letters, postcards, a batch and an advanced letter', () => {
      const sends = ['simple SendLetterV2', 'simple SendLetterAndAddress', 'simple SendLetterAndAddressV2', 'simple SendPostcardAndAddress', 'datedA SendLetter', 'datedA SendLetterAndAddress', 'datedA SendPostcardAndAddress', 'datedB SendLetterAdvanced'];
      const ids = sends.map((key) => results[key] as number);
      assert.ok(ids.every((id) => id >= 1021984), JSON.stringify(ids));
      assert.deepEqual(results['datedA SendWordMailMerge_Compressed'], { ResultCode: ids[6]! + 1, ResultDescription: '2 letters queued' });
    });

    it('read statuses, lists, ranges, details and batches as the WSDL describes them', () => {
      const first = results['simple SendLetterV2'] as number;
      assert.deepEqual(results['simple GetLetterStatus'], { ResultCode: -3000, Status: -900, LastUpdateTime: '2026-11-22T09:00:00' });
      assert.equal((results['simple GetLetterStatusV2'] as { Description: string }).Description, 'Received');
      const multiple = results['simple GetLetterStatus_Multiple'] as { LetterStatuses: { LetterStatus: { ID: number }[] } };
      assert.deepEqual(multiple.LetterStatuses.LetterStatus.map((s) => s.ID), [first, first + 1]);
      const range = results['simple GetLetterStatusV2_Range'] as { LetterStatuses: { LetterStatusAndDesc: { ID: number }[] } };
      assert.deepEqual(range.LetterStatuses.LetterStatusAndDesc.map((s) => s.ID), [first, first + 1, first + 2, first + 3]);
      const details = results['simple GetLetterDetailsV2'] as Record<string, unknown>;
      assert.equal(details.WorkMode, 'Production');
      assert.equal(details.NumOfSheets, 2);
      assert.equal(details.CompletionTime, '0001-01-01T00:00:00');
      const extended = results['datedA GetDetailsExtended'] as { Details: { ExtendedDetails: Record<string, unknown>[] } };
      assert.equal(extended.Details.ExtendedDetails[0]!.IsBatch, true);
      const batch = results['datedA GetBatchDetails'] as { Items: { ItemsStatusAndDescExtended: { ItemID: number }[] } };
      assert.deepEqual(batch.Items.ItemsStatusAndDescExtended.map((i) => i.ItemID), [1, 2]);
      assert.equal((results['datedA GetStatus'] as { ResultCode: number }).ResultCode, -3000);
    });

    it('got the codes of PDFs not yet printed, a cancel, stored files and settings', () => {
      assert.deepEqual(results['simple GetPDF'], { ResultCode: -3020, FileData: null });
      assert.deepEqual(results['datedA GetPDF'], { ResultCode: -3020, FileData: null });
      assert.equal(results['datedA CancelDelivery'], -3000);
      assert.equal(results['datedA UploadFile'], -3000);
      const files = results['datedA GetUploadedFileDetails'] as { UploadedFiles: { FileDetails: { FileName: string; Permissions: string }[] } };
      assert.deepEqual(files.UploadedFiles.FileDetails.map((f) => [f.FileName, f.Permissions]), [['zeep.html', 'User']]);
      assert.equal(results['datedA DeleteUploadedFile'], -3000);
      assert.equal(results['admin SetUserSettings'], -3000);
      assert.equal(results['admin SetUserSettings (bad)'], -3221, 'Letters_PrintSides is the 9th setting');
    });
  });
}
