/**
 * The TypeScript request and result types are computed from the contract tables. These checks
 * run in the type checker (`tsc --noEmit`, part of `npm test`): a wrong derivation fails the build.
 */
import { strict as assert } from 'node:assert';
import type { RequestOf, ResultOf, Structure } from '../../src/contract';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_: T): void {}

describe('contract: derived TypeScript types', () => {
  it('makes value types required and strings optional in requests', () => {
    expectType<
      Equal<
        RequestOf<'simple', 'SendLetterV2'>,
        {
          WorkMode: 'Default' | 'Production' | 'Development';
          Username?: string;
          Password?: string;
          MyDescription?: string;
          FileExtension?: string;
          FileBinaryData?: Uint8Array;
        }
      >
    >(true);
    expectType<Equal<RequestOf<'simple', 'GetLetterStatus'>['ID'], number>>(true);
    expectType<Equal<RequestOf<'datedA', 'GetStatus'>['ID'], string | undefined>>(true);
    expectType<Equal<RequestOf<'datedA', 'UploadFile'>['Overwrite'], boolean>>(true);

    const request: RequestOf<'datedA', 'CancelDelivery'> = { Username: 'u', Password: 'p', ID: 7 };
    // @ts-expect-error ID is a required int
    const missing: RequestOf<'datedA', 'CancelDelivery'> = { Username: 'u', Password: 'p' };
    // @ts-expect-error an unknown work mode
    const wrongMode: RequestOf<'datedA', 'SendLetter'> = { WorkMode: 'Sometimes' };
    assert.equal(request.ID, 7);
    assert.ok(missing && wrongMode);
  });

  it('keeps the two SendLetterAndAddress variants apart', () => {
    expectType<Equal<'AttentionLine3' extends keyof RequestOf<'simple', 'SendLetterAndAddress'> ? 1 : 0, 1>>(true);
    expectType<Equal<'AttentionLine3' extends keyof RequestOf<'datedA', 'SendLetterAndAddress'> ? 1 : 0, 0>>(true);
    expectType<Equal<'WorkMode' extends keyof RequestOf<'simple', 'SendLetterAndAddress'> ? 1 : 0, 0>>(true);
  });

  it('types nested requests and arrays', () => {
    type Advanced = RequestOf<'datedB', 'SendLetterAdvanced'>;
    expectType<Equal<NonNullable<Advanced['Files']>[number], { FileExtension?: string; FileBinaryData?: Uint8Array }>>(true);
    expectType<Equal<NonNullable<NonNullable<Advanced['Addresses']>['ReplyAddress']>['StampingLocation'], 'Top' | 'Bottom' | undefined>>(
      true,
    );
    expectType<Equal<RequestOf<'admin', 'SetUserSettings'>['Settings'], string[][] | undefined>>(true);
  });

  it('gives results with numbers, dates, buffers and arrays that are always there', () => {
    expectType<Equal<ResultOf<'simple', 'SendLetterV2'>, number>>(true);
    expectType<
      Equal<
        ResultOf<'datedA', 'GetStatus'>,
        { ResultCode: number; Statuses: { ID: number; Status: number; LastUpdateTime: Date; Description?: string }[] }
      >
    >(true);
    expectType<Equal<ResultOf<'simple', 'GetPDF'>['FileData'], Buffer | undefined>>(true);
    expectType<Equal<Structure<'Details'>['IsBatch'], boolean>>(true);
    expectType<Equal<ResultOf<'datedA', 'SendWordMailMerge_Compressed'>, { ResultCode: number; ResultDescription?: string }>>(true);
  });
});
