/**
 * The document of a send, as the request names it: bytes with a file type, a stored file
 * (`MyFile:<name>.<ext>` with no bytes), or a stored HTML template filled from XML merge values
 * (`MyTemplate:<name>.<ext>`). Each kind of mistake answers the code its field has.
 */
import { STORED_FILE_PREFIX, STORED_TEMPLATE_PREFIX, escapeText, normalizeFileType, readXml, RESULT } from '../../contract';
import { fieldsIn, fillFields, type Content } from '../../printing';
import type { StoredFileRecord } from '../store/records';
import { refuse, type Caller, type SandboxState } from './context';
import { findStoredFile } from './files';

export interface DocumentCodes {
  readonly allowed: readonly string[];
  readonly missingType: number;
  readonly missingData: number;
  readonly unsupported: number;
  readonly noStoredFile: number;
  readonly notTemplate: number;
  readonly invalidMergeXml: number;
  readonly fieldsMissing: number;
}

export const LETTER_CODES = {
  missingType: RESULT.MissingFileExtension,
  missingData: RESULT.MissingFileBinaryData,
  unsupported: RESULT.FileExtensionNotSupported,
  noStoredFile: RESULT.NoSuchStoredDocument,
  notTemplate: RESULT.FileExtensionNotSupported,
  invalidMergeXml: RESULT.InvalidMergeData,
  fieldsMissing: RESULT.InvalidMergeData,
} as const;

export interface ResolvedDocument {
  readonly content: Content;
  /** The stored file it used, whose last usage the send updates. */
  readonly storedFile?: string;
}

function typeOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : normalizeFileType(name.slice(dot + 1));
}

function mergeValues(data: Uint8Array | undefined, codes: DocumentCodes): Map<string, string> {
  try {
    const root = readXml(Buffer.from(data ?? []).toString('utf8'));
    // Escaped, since they are filled into HTML.
    return new Map(root.children.map((c) => [c.local, escapeText(c.text)]));
  } catch {
    return refuse(codes.invalidMergeXml);
  }
}

/** A stored file and its bytes; a replace or delete that lands while they are read removes the blob read from, so look again. */
async function readStoredFile(
  name: string,
  codes: DocumentCodes,
  caller: Caller,
  sandbox: SandboxState,
): Promise<{ file: StoredFileRecord; bytes: Buffer }> {
  for (;;) {
    const file = findStoredFile(name, caller, sandbox) ?? refuse(codes.noStoredFile);
    const named = () => findStoredFile(name, caller, sandbox)?.blob === file.blob;
    const bytes = await sandbox.store.readBlob(file.blob, named, `The stored file ${file.name}`);
    if (bytes) return { file, bytes };
  }
}

export async function resolveDocument(
  extension: string | undefined,
  data: Uint8Array | undefined,
  codes: DocumentCodes,
  caller: Caller,
  sandbox: SandboxState,
): Promise<ResolvedDocument> {
  const field = extension?.trim();
  if (!field) refuse(codes.missingType);
  const prefix = [STORED_FILE_PREFIX, STORED_TEMPLATE_PREFIX].find((p) => field.toLowerCase().startsWith(p.toLowerCase()));
  if (!prefix) {
    const type = normalizeFileType(field);
    if (!codes.allowed.includes(type)) refuse(codes.unsupported);
    if (!data || data.length === 0) refuse(codes.missingData);
    return { content: { kind: 'file', type, data } };
  }
  const { file, bytes } = await readStoredFile(field.slice(prefix.length).trim(), codes, caller, sandbox);
  const type = typeOfName(file.name);
  if (prefix === STORED_FILE_PREFIX) {
    if (data && data.length > 0) refuse(RESULT.FileAndTemplate);
    if (!codes.allowed.includes(type)) refuse(codes.unsupported);
    return { content: { kind: 'file', type, data: bytes }, storedFile: file.name };
  }
  if (type !== 'html' && type !== 'htm') refuse(codes.notTemplate);
  const values = mergeValues(data, codes);
  const html = bytes.toString('utf8');
  if (fieldsIn(html).some((f) => !values.has(f))) refuse(codes.fieldsMissing);
  // Filled, it is an HTML document like any other: drawn by the browser where there is one.
  return { content: { kind: 'file', type: 'html', data: Buffer.from(fillFields(html, values)) }, storedFile: file.name };
}
