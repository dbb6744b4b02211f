/**
 * The contract data against the contract document: every service operation with its parameters
 * in order, their types, whether required, and its result. The expectations below are typed by
 * hand from `shared/spec/mail-ws-interface.md`, independently of `src/contract/`.
 *
 * Notation: `Name` is a string, `Name:type` anything else; `[]` an array.
 */
import { strict as assert } from 'node:assert';
import {
  enums,
  isSuccessCode,
  operationEffect,
  operationList,
  serviceList,
  structures,
  type Field,
  type TypeRef,
} from '../../src/contract';

const credentials = 'Username Password';
const file = 'MyDescription FileExtension FileBinaryData:base64Binary';
const address7 = 'Company Address1 Address2 City State PostalCode Country';
const postcard =
  'MyDescription ImageSideFileType ImageSideBinaryData:base64Binary ImageSideScaling:ImageSideScaling ' +
  'AddressSideFileType AddressSideBinaryData:base64Binary WorkMode:WorkMode PrintColor:PrintColor ' +
  'PostcardSize:PostcardSize MailingPriority:MailingPriority AttentionLine1 AttentionLine2';

const expectedOperations: Record<string, { params: string; result: string }> = {
  'simple SendLetterV2': { params: `${credentials} ${file} WorkMode:WorkMode`, result: 'int' },
  'simple SendLetterAndAddress': {
    params: `${credentials} ${file} AttentionLine1 AttentionLine2 AttentionLine3 ${address7}`,
    result: 'int',
  },
  'simple SendLetterAndAddressV2': {
    params: `${credentials} ${file} WorkMode:WorkMode AttentionLine1 AttentionLine2 AttentionLine3 ${address7}`,
    result: 'int',
  },
  'simple SendPostcardAndAddress': { params: `${credentials} ${postcard} AttentionLine3 ${address7}`, result: 'int' },
  'simple GetLetterStatus': { params: `${credentials} ID:int`, result: 'GetLetterStatusResult' },
  'simple GetLetterStatusV2': { params: `${credentials} ID:int`, result: 'GetLetterStatusV2Result' },
  'simple GetLetterStatus_Multiple': { params: `${credentials} ID`, result: 'GetLetterStatus_MultipleResult' },
  'simple GetLetterStatusV2_Multiple': { params: `${credentials} ID`, result: 'GetLetterStatusV2_MultipleResult' },
  'simple GetLetterStatus_Range': { params: `${credentials} MinID:int MaxID:int`, result: 'GetLetterStatus_RangeResult' },
  'simple GetLetterStatusV2_Range': { params: `${credentials} MinID:int MaxID:int`, result: 'GetLetterStatusV2_RangeResult' },
  'simple GetLetterDetails': { params: `${credentials} ID:int`, result: 'GetLetterDetailsResult' },
  'simple GetLetterDetailsV2': { params: `${credentials} ID:int`, result: 'GetLetterDetailsV2Result' },
  'simple GetPDF': { params: `${credentials} ID:int`, result: 'GetPDFResult' },
  'datedA SendLetter': { params: `${credentials} ${file} WorkMode:WorkMode`, result: 'int' },
  'datedA SendLetterAndAddress': {
    params: `${credentials} ${file} WorkMode:WorkMode AttentionLine1 AttentionLine2 ${address7}`,
    result: 'int',
  },
  'datedA SendPostcardAndAddress': { params: `${credentials} ${postcard} ${address7}`, result: 'int' },
  'datedA SendWordMailMerge_Compressed': {
    params: `${credentials} ${file} MergeData:base64Binary WorkMode:WorkMode`,
    result: 'SendWordMailMergeResult',
  },
  'datedA GetStatus': { params: `${credentials} ID`, result: 'GetStatusResult' },
  'datedA GetDetails': { params: `${credentials} ID`, result: 'GetDetailsResult' },
  'datedA GetDetailsExtended': { params: `${credentials} ID`, result: 'GetDetailsExtendedResult' },
  'datedA GetBatchStatus': { params: `${credentials} ID:int ItemID`, result: 'GetBatchStatusResult' },
  'datedA GetBatchDetails': { params: `${credentials} ID:int ItemID`, result: 'GetBatchDetailsResult' },
  'datedA GetPDF': { params: `${credentials} ID:int`, result: 'GetPDFResult' },
  'datedA CancelDelivery': { params: `${credentials} ID:int`, result: 'int' },
  'datedA UploadFile': {
    params: `${credentials} MyFileName FileBinaryData:base64Binary Permissions:Permissions Description Overwrite:boolean`,
    result: 'int',
  },
  'datedA DeleteUploadedFile': { params: `${credentials} MyFileName`, result: 'int' },
  'datedA GetUploadedFileDetails': { params: credentials, result: 'GetUploadedFileDetailsResult' },
  'datedB SendLetterAdvanced': { params: 'APIKey MyDescription Files:File[] Addresses:Addresses Settings:LetterSettings', result: 'int' },
  'admin SetUserSettings': { params: 'APIKey Username Settings:string[][]', result: 'int' },
};

const print8 = 'Orientation Envelope Paper PrintColor PrintSides Postcard NationalMailing InternationalMailing';
const details =
  'ID:int Price:decimal NumOfSheets:int SubmitTime:dateTime CompletionTime:dateTime Status:int StatusDescription ' +
  'IsBatch:boolean MyDescription MailerType WorkMode';
const letterDetails =
  'ResultCode:int ID:int Price:decimal NumOfSheets:int SubmitTime:dateTime CompletionTime:dateTime ' +
  'Orientation Envelope Paper PrintColor PrintSides NationalMailing InternationalMailing';

const expectedStructures: Record<string, string> = {
  SendWordMailMergeResult: 'ResultCode:int ResultDescription',
  GetStatusResult: 'ResultCode:int Statuses:LetterStatusAndDesc[]',
  GetDetailsResult: 'ResultCode:int Details:Details[]',
  GetDetailsExtendedResult: 'ResultCode:int Details:ExtendedDetails[]',
  GetBatchStatusResult: 'ResultCode:int ID:int Statuses:LetterBatchStatusAndDesc[]',
  GetBatchDetailsResult:
    'ResultCode:int ID:int Price:decimal SubmitTime:dateTime CompletionTime:dateTime MyDescription MailerType WorkMode ' +
    `${print8} Items:ItemsStatusAndDescExtended[]`,
  GetLetterStatusResult: 'ResultCode:int Status:int LastUpdateTime:dateTime',
  GetLetterStatusV2Result: 'ResultCode:int Status:int Description LastUpdateTime:dateTime',
  GetLetterStatus_MultipleResult: 'ResultCode:int LetterStatuses:LetterStatus[]',
  GetLetterStatusV2_MultipleResult: 'ResultCode:int LetterStatuses:LetterStatusAndDesc[]',
  GetLetterStatus_RangeResult: 'ResultCode:int LetterStatuses:LetterStatus[]',
  GetLetterStatusV2_RangeResult: 'ResultCode:int LetterStatuses:LetterStatusAndDesc[]',
  GetLetterDetailsResult: letterDetails,
  GetLetterDetailsV2Result: `${letterDetails} WorkMode`,
  GetPDFResult: 'ResultCode:int FileData:base64Binary',
  GetUploadedFileDetailsResult: 'ResultCode:int UploadedFiles:FileDetails[]',
  LetterStatusAndDesc: 'ID:int Status:int Description LastUpdateTime:dateTime',
  LetterStatus: 'ID:int Status:int LastUpdateTime:dateTime',
  Details: details,
  ExtendedDetails: `${details} ${print8}`,
  LetterBatchStatusAndDesc: 'ItemID:int Status:int Description LastUpdateTime:dateTime',
  ItemsStatusAndDescExtended: 'ItemID:int Status:int Description Price:decimal NumOfSheets:int LastUpdateTime:dateTime',
  FileDetails: 'FileName SubmitTime:dateTime LastUsage:dateTime Permissions Description',
  File: 'FileExtension FileBinaryData:base64Binary',
  Address: 'AttentionLine1 AttentionLine2 Company Address1 Address2 City State Zipcode Country',
  ReplyAddress: 'Contact:Address StampingLocation:StampingLocation',
  Addresses: 'RecipientAddress:Address ReplyAddress:ReplyAddress',
  LetterSettings: 'Perforation:Perforation ReplyEnvelope:ReplyEnvelope WorkMode:WorkMode PrintColor:PrintColor',
};

const expectedEnums: Record<string, string> = {
  WorkMode: 'Default Production Development',
  ImageSideScaling: 'Default FitToPage None',
  PrintColor: 'Default Black FullColor',
  PostcardSize: 'Default Postcard_4_25X6',
  MailingPriority: 'Default FirstClass',
  Permissions: 'Account User',
  StampingLocation: 'Top Bottom',
  Perforation: 'BottomThird',
  ReplyEnvelope: 'Env9ReplySingleWindow',
};

/** A type in the notation of the expectations. */
function notation(type: TypeRef): string {
  return type.kind === 'array' ? `${notation(type.item)}[]` : type.name;
}

function describeFields(fields: readonly Field[]): string {
  return fields.map((f) => (f.type.kind === 'primitive' && f.type.name === 'string' ? f.name : `${f.name}:${notation(f.type)}`)).join(' ');
}

describe('contract: services and operations', () => {
  it('has the four services with their paths and bindings', () => {
    assert.deepEqual(
      serviceList.map((s) => [s.key, s.path, s.bindings.join(' ')]),
      [
        ['simple', '/MailWS.asmx', 'soap11 soap12 http-get http-post'],
        ['datedA', '/2009-02-26/MailWS.asmx', 'soap11 soap12 http-get http-post'],
        ['datedB', '/2009-09-09/MailWS.asmx', 'soap11 soap12'],
        ['admin', '/2009-09-09/AdminTools.asmx', 'soap11 soap12'],
      ],
    );
  });

  it('has 29 service operations, 26 names', () => {
    assert.equal(operationList.length, 29);
    assert.equal(new Set(operationList.map((op) => op.name)).size, 26);
    assert.deepEqual(operationList.map((op) => `${op.service.key} ${op.name}`).sort(), Object.keys(expectedOperations).sort());
  });

  for (const [key, expected] of Object.entries(expectedOperations)) {
    it(`${key}: parameters in the document's order, and its result`, () => {
      const op = operationList.find((o) => `${o.service.key} ${o.name}` === key);
      assert.ok(op, `missing ${key}`);
      assert.equal(describeFields(op.params), expected.params);
      assert.equal(notation(op.result), expected.result);
      assert.equal(op.soapAction, `Mailing/${op.name}`);
      assert.equal(op.resultElement, `${op.name}Result`);
    });
  }

  it("says each operation's effect as the facts list them: the sends, the reads, and the rest", () => {
    // shared/spec/service-facts.md, Return conventions, and the mail merge's batch.
    const sends =
      'SendLetter SendLetterV2 SendLetterAndAddress SendLetterAndAddressV2 SendLetterAdvanced SendPostcardAndAddress SendWordMailMerge_Compressed';
    const changes = 'CancelDelivery UploadFile DeleteUploadedFile SetUserSettings';
    const named = (effect: string) =>
      [...new Set(operationList.filter((op) => operationEffect(op) === effect).map((op) => op.name))].sort().join(' ');
    assert.equal(named('send'), sends.split(' ').sort().join(' '));
    assert.equal(named('change'), changes.split(' ').sort().join(' '));
    assert.equal(named('read').split(' ').length, 26 - 7 - 4);
    const send = operationList.find((op) => op.name === 'SendLetterV2')!;
    const cancel = operationList.find((op) => op.name === 'CancelDelivery')!;
    assert.deepEqual([isSuccessCode(send, 1021984), isSuccessCode(send, -3000), isSuccessCode(send, -3010)], [true, false, false]);
    assert.deepEqual([isSuccessCode(cancel, -3000), isSuccessCode(cancel, -3022), isSuccessCode(cancel, 5)], [true, false, false]);
  });

  it('names a structured result <Operation>Result, except the mail merge', () => {
    for (const op of operationList.filter((o) => o.result.kind === 'structure')) {
      const name = op.name === 'SendWordMailMerge_Compressed' ? 'SendWordMailMergeResult' : `${op.name}Result`;
      assert.equal(op.result.name, name);
    }
  });

  it('requires value types and enums, and leaves strings, binary data and structures optional', () => {
    for (const op of operationList) {
      for (const p of op.params) {
        const valueType = p.type.kind === 'enum' || (p.type.kind === 'primitive' && !['string', 'base64Binary'].includes(p.type.name));
        assert.equal(p.required, valueType, `${op.name}.${p.name}`);
      }
    }
  });
});

describe('contract: structures and enums', () => {
  it('has every structure with its fields in order', () => {
    assert.deepEqual(Object.keys(structures).sort(), Object.keys(expectedStructures).sort());
    for (const op of operationList) {
      const seen = new Set<string>();
      const walk = (type: TypeRef): void => {
        if (seen.has(type.name)) return;
        seen.add(type.name);
        if (type.kind === 'array') walk(type.item);
        if (type.kind === 'structure') {
          assert.equal(describeFields(type.fields), expectedStructures[type.name], type.name);
          type.fields.forEach((f) => walk(f.type));
        }
      };
      walk(op.result);
      op.params.forEach((p) => walk(p.type));
    }
  });

  it('names array types ArrayOf<Item> with items named after their type', () => {
    const settings = operationList.find((o) => o.name === 'SetUserSettings')!.params[2]!.type;
    assert.equal(settings.kind, 'array');
    if (settings.kind !== 'array') return;
    assert.equal(settings.name, 'ArrayOfArrayOfString');
    assert.equal(settings.itemElement, 'ArrayOfString');
    assert.equal(settings.item.kind === 'array' && settings.item.itemElement, 'string');
  });

  it('has every enum with its values', () => {
    assert.deepEqual(Object.fromEntries(Object.entries(enums).map(([name, values]) => [name, values.join(' ')])), expectedEnums);
  });
});
