/**
 * The send operations: letters with or without an address (every variant), the advanced letter,
 * postcards and the mail merge. Each checks its fields, draws a letter's HTML and Word documents
 * with the print engines (printing/drawn.ts), lays the mailer out (its pages, sheets, price and
 * failure are known at once), and commits it with its content (kept-content.ts: a small
 * print job in the record, or the printed PDF first) before answering its new ID.
 */
import { checkAddress, letterFileTypes, missingFieldCodes, postcardFileTypes, type EnumValue, RESULT } from '../../contract';
import {
  drawContents,
  drawPostcardSides,
  mailerPrice,
  measureLetters,
  measurePostcard,
  postalAddressOf,
  printsInColour,
  type LetterJob,
} from '../../printing';
import type { PrintJob } from '../store/print-jobs';
import { chargeOf, type MailerRecord, type PostalAddress, type WorkModeUsed } from '../store/records';
import { refuse, type Caller, type Handler, type SandboxState } from './context';
import { LETTER_CODES, resolveDocument, type ResolvedDocument } from './documents';
import { keptContent, type NewMergeJob } from './kept-content';

export function workModeOf(requested: EnumValue<'WorkMode'> | undefined, caller: Caller): WorkModeUsed {
  if (requested === 'Production' || requested === 'Development') return requested;
  return caller.user.settings.General_WorkMode === 'Production' ? 'Production' : 'Development';
}

function requireAddress(address: PostalAddress): void {
  const code = checkAddress(address as Record<string, unknown>);
  if (code !== undefined) refuse(code);
}

type NewMailer = Omit<MailerRecord, 'id' | 'accountId' | 'userId' | 'submittedAt' | 'funded' | 'fundedAt' | 'pdf' | 'job' | 'cancelledAt'>;

/**
 * Keeps the mailer's content (its printed PDF or its print job: kept-content.ts), then draws its
 * charge (Production: funding.ts) and records the mailer in one step, so that concurrent sends never spend the
 * same money; resolves once it is on disk.
 */
export async function commitMailer(
  mailer: NewMailer,
  printed: Uint8Array | PrintJob | NewMergeJob,
  usedFiles: readonly string[],
  caller: Caller,
  sandbox: SandboxState,
): Promise<number> {
  const content = await keptContent(printed, mailer.failure, sandbox);
  const production = mailer.workMode === 'Production';
  const charge = chargeOf(mailer);
  const charged = production && caller.account.balance >= charge ? charge : 0;
  const record: MailerRecord = {
    ...mailer,
    id: sandbox.store.allocateMailerId(),
    accountId: caller.account.id,
    userId: caller.user.id,
    submittedAt: sandbox.now(),
    funded: !production || caller.account.balance >= charge,
    ...content,
  };
  await sandbox.store.commit({ t: 'mailer', mailer: record, charged, usedFiles });
  return record.id;
}

interface LetterRequest {
  readonly description: string | undefined;
  readonly documents: readonly { readonly extension: string | undefined; readonly data: Uint8Array | undefined }[];
  readonly workMode: EnumValue<'WorkMode'> | undefined;
  readonly printColor?: EnumValue<'PrintColor'>;
  readonly address?: PostalAddress;
  readonly reply?: LetterJob['reply'];
  readonly perforation?: boolean;
  readonly replyEnvelope?: boolean;
}

async function sendLetter(request: LetterRequest, caller: Caller, sandbox: SandboxState): Promise<number> {
  if (!request.description) refuse(missingFieldCodes.MyDescription!);
  if (request.documents.length === 0) refuse(missingFieldCodes.FileExtension!);
  if (request.address) requireAddress(request.address);
  const documents: ResolvedDocument[] = [];
  for (const d of request.documents) {
    documents.push(await resolveDocument(d.extension, d.data, { ...LETTER_CODES, allowed: letterFileTypes }, caller, sandbox));
  }
  const workMode = workModeOf(request.workMode, caller);
  const { settings } = caller.user;
  const colour = printsInColour('letter', request.printColor, settings.Letters_PrintColor === 'FullColor');
  const duplex = settings.Letters_PrintSides === 'Duplex';
  // Drawn now by the engines the preflight draws with, and kept drawn: every GetPDF prints the same pages.
  const { contents } = await drawContents(documents.map((d) => d.content));
  const job: LetterJob = {
    contents,
    address: request.address,
    reply: request.reply,
    perforation: request.perforation,
    replyEnvelope: request.replyEnvelope,
    workMode,
    duplex,
  };
  const printed = (await measureLetters([job]))[0]!;
  return commitMailer(
    {
      mailerType: 'Letter',
      description: request.description,
      workMode,
      price: mailerPrice({ kind: 'letter', sheets: printed.sheets, colour, replyEnvelope: request.replyEnvelope }, sandbox.pricing),
      sheets: printed.sheets,
      printColor: colour ? 'FullColor' : 'Black',
      printSides: duplex ? 'PrintDuplex' : 'PrintSimplex',
      ...(printed.failure === undefined ? {} : { failure: printed.failure }),
    },
    { kind: 'letter', job },
    documents.flatMap((d) => (d.storedFile ? [d.storedFile] : [])),
    caller,
    sandbox,
  );
}

interface OneFileLetter {
  readonly MyDescription?: string;
  readonly FileExtension?: string;
  readonly FileBinaryData?: Uint8Array;
  readonly WorkMode?: EnumValue<'WorkMode'>;
}

/** The one-file letter sends differ only in whether they carry an address (and which fields). */
function oneFileLetter(addressed: boolean) {
  return (request: OneFileLetter & Readonly<Record<string, unknown>>, caller: Caller, sandbox: SandboxState): Promise<number> =>
    sendLetter(
      {
        description: request.MyDescription,
        documents: [{ extension: request.FileExtension, data: request.FileBinaryData }],
        workMode: request.WorkMode,
        ...(addressed ? { address: postalAddressOf(request) } : {}),
      },
      caller,
      sandbox,
    );
}

export const sendLetterV2: Handler<'simple', 'SendLetterV2'> = oneFileLetter(false);
export const sendLetterDated: Handler<'datedA', 'SendLetter'> = oneFileLetter(false);
/** The simple service's SendLetterAndAddress has no WorkMode: the user's default applies. */
export const sendLetterAndAddressSimple: Handler<'simple', 'SendLetterAndAddress'> = oneFileLetter(true);
export const sendLetterAndAddressV2: Handler<'simple', 'SendLetterAndAddressV2'> = oneFileLetter(true);
export const sendLetterAndAddressDated: Handler<'datedA', 'SendLetterAndAddress'> = oneFileLetter(true);

export const sendLetterAdvanced: Handler<'datedB', 'SendLetterAdvanced'> = (request, caller, sandbox) => {
  const recipient = request.Addresses?.RecipientAddress;
  const reply = request.Addresses?.ReplyAddress;
  const settings = request.Settings ?? {};
  return sendLetter(
    {
      description: request.MyDescription,
      documents: (request.Files ?? []).map((f) => ({ extension: f.FileExtension, data: f.FileBinaryData })),
      workMode: settings.WorkMode,
      printColor: settings.PrintColor,
      address: recipient ? postalAddressOf(recipient) : undefined,
      reply: reply?.Contact ? { address: postalAddressOf(reply.Contact), stamping: reply.StampingLocation ?? 'Top' } : undefined,
      perforation: settings.Perforation === 'BottomThird',
      replyEnvelope: settings.ReplyEnvelope === 'Env9ReplySingleWindow',
    },
    caller,
    sandbox,
  );
};

const IMAGE_SIDE = {
  allowed: postcardFileTypes,
  missingType: RESULT.ImageSideFileTypeMissing,
  missingData: RESULT.ImageSideBinaryDataMissing,
  unsupported: RESULT.ImageSideFileTypeNotSupported,
  noStoredFile: RESULT.ImageSideStoredFileMissing,
  notTemplate: RESULT.ImageSideNotTemplate,
  invalidMergeXml: RESULT.ImageSideInvalidMergeXml,
  fieldsMissing: RESULT.ImageSideFieldsMissing,
};
const ADDRESS_SIDE = {
  allowed: postcardFileTypes,
  missingType: RESULT.AddressSideFileTypeMissing,
  missingData: RESULT.AddressSideBinaryDataMissing,
  unsupported: RESULT.AddressSideFileTypeNotSupported,
  noStoredFile: RESULT.AddressSideStoredFileMissing,
  notTemplate: RESULT.AddressSideNotTemplate,
  invalidMergeXml: RESULT.AddressSideInvalidMergeXml,
  fieldsMissing: RESULT.AddressSideFieldsMissing,
};

type PostcardRequest =
  Parameters<Handler<'simple', 'SendPostcardAndAddress'>>[0] | Parameters<Handler<'datedA', 'SendPostcardAndAddress'>>[0];

async function sendPostcard(request: PostcardRequest, caller: Caller, sandbox: SandboxState): Promise<number> {
  if (!request.MyDescription) refuse(missingFieldCodes.MyDescription!);
  const imageSide = await resolveDocument(request.ImageSideFileType, request.ImageSideBinaryData, IMAGE_SIDE, caller, sandbox);
  const addressSide = await resolveDocument(request.AddressSideFileType, request.AddressSideBinaryData, ADDRESS_SIDE, caller, sandbox);
  const address = postalAddressOf(request);
  requireAddress(address);
  const workMode = workModeOf(request.WorkMode, caller);
  const scaling =
    request.ImageSideScaling === 'Default'
      ? caller.user.settings.Postcards_DefaultScaling === 'None'
        ? 'None'
        : 'FitToPage'
      : request.ImageSideScaling;
  const colour = printsInColour('postcard', request.PrintColor, false);
  // Its HTML sides drawn now by the browser the preflight draws with, and kept drawn, as a letter's are.
  const { job } = await drawPostcardSides({ imageSide: imageSide.content, addressSide: addressSide.content, address, scaling, workMode });
  const printed = await measurePostcard(job);
  return commitMailer(
    {
      mailerType: 'Postcard',
      description: request.MyDescription,
      workMode,
      price: mailerPrice({ kind: 'postcard', colour }, sandbox.pricing),
      sheets: printed.sheets,
      printColor: colour ? 'FullColor' : 'Black',
      printSides: 'PrintDuplex',
      ...(printed.failure === undefined ? {} : { failure: printed.failure }),
    },
    { kind: 'postcard', job },
    [imageSide.storedFile, addressSide.storedFile].filter((f): f is string => f !== undefined),
    caller,
    sandbox,
  );
}

export const sendPostcardSimple: Handler<'simple', 'SendPostcardAndAddress'> = sendPostcard;
export const sendPostcardDated: Handler<'datedA', 'SendPostcardAndAddress'> = sendPostcard;
