/**
 * Stored files: at most 20 per account, named `<name>.<ext>`, unique in the account (without
 * regard to case). `User` files are their owner's alone; `Account` files every user of the
 * account may see and use, but only administrators may store, replace or delete them.
 */
import { MAX_STORED_FILES, OK, STORED_FILE_NAME, fieldLimits, missingFieldCodes, RESULT } from '../../contract';
import type { StoredFileRecord } from '../store/records';
import { refuse, type Caller, type Handler, type SandboxState } from './context';
import { clockOf } from './mailers';

export function canUseFile(file: StoredFileRecord, caller: Caller): boolean {
  return file.accountId === caller.account.id && (file.permissions === 'Account' || file.ownerId === caller.user.id);
}

/** A stored file the caller may use, by name; undefined when there is none. */
export function findStoredFile(name: string, caller: Caller, sandbox: SandboxState): StoredFileRecord | undefined {
  const file = sandbox.store.filesOf(caller.account.id).get(name.toLowerCase());
  return file && canUseFile(file, caller) ? file : undefined;
}

function validName(name: string | undefined): string {
  if (!name || name.length > fieldLimits.MyFileName!.maxLength || !STORED_FILE_NAME.test(name)) refuse(RESULT.InvalidFileName);
  return name;
}

export const uploadFile: Handler<'datedA', 'UploadFile'> = async (request, caller, sandbox) => {
  const name = validName(request.MyFileName);
  if (!request.FileBinaryData || request.FileBinaryData.length === 0) refuse(missingFieldCodes.FileBinaryData!);
  if (request.Permissions === 'Account' && !caller.user.admin) refuse(RESULT.AccountPermissionAdminOnly);
  const files = sandbox.store.filesOf(caller.account.id);
  const existing = files.get(name.toLowerCase());
  if (existing) {
    if (!request.Overwrite) refuse(RESULT.FileNameExists);
    const mayReplace = existing.permissions === 'Account' ? caller.user.admin : existing.ownerId === caller.user.id;
    if (!mayReplace) refuse(RESULT.InsufficientPermissions);
  } else if (files.size >= MAX_STORED_FILES) {
    refuse(RESULT.TooManyStoredFiles);
  }
  const now = sandbox.now();
  const blob = await sandbox.store.saveBlob(request.FileBinaryData);
  await sandbox.store.commit({
    t: 'file',
    file: {
      accountId: caller.account.id,
      ownerId: caller.user.id,
      name,
      permissions: request.Permissions,
      ...(request.Description ? { description: request.Description } : {}),
      submittedAt: now,
      lastUsage: now,
      blob,
    },
  });
  return OK;
};

export const deleteUploadedFile: Handler<'datedA', 'DeleteUploadedFile'> = async (request, caller, sandbox) => {
  const name = validName(request.MyFileName);
  const file = findStoredFile(name, caller, sandbox) ?? refuse(RESULT.NoSuchFile);
  if (file.permissions === 'Account' && !caller.user.admin) refuse(RESULT.InsufficientPermissions);
  await sandbox.store.commit({ t: 'file-deleted', accountId: caller.account.id, name: file.name });
  return OK;
};

export const getUploadedFileDetails: Handler<'datedA', 'GetUploadedFileDetails'> = (_request, caller, sandbox) => {
  const time = clockOf(caller);
  const files = [...sandbox.store.filesOf(caller.account.id).values()]
    .filter((file) => canUseFile(file, caller))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (files.length === 0) refuse(RESULT.NoStoredFiles);
  return {
    ResultCode: OK,
    UploadedFiles: files.map((file) => ({
      FileName: file.name,
      SubmitTime: time(file.submittedAt),
      LastUsage: time(file.lastUsage),
      Permissions: file.permissions,
      Description: file.description,
    })),
  };
};
