/**
 * `mailroom files list` · `mailroom files upload FILE [--name N] [--permissions User|Account]
 * [--description D] [--overwrite]` · `mailroom files delete NAME`: the account's stored files.
 */
import { MailWsError, MailWsFailure } from '../../client';
import { enums, formatDateTime, type EnumValue, RESULT } from '../../contract';
import { connect } from '../connect';
import type { Io } from '../io';
import { print, progressPrinter, table } from '../output';
import { UsageError } from '../usage';
import { checkLengths } from '../limits';
import type { CommandHelp } from '../help';
import { commandLine } from '../arguments';
import { readUserFile, userFileName } from '../user-files';

export const usage =
  'mailroom files list | upload FILE [--name N] [--permissions User|Account] [--description D] [--overwrite] | delete NAME';

export const help: CommandHelp = {
  summary: "Lists, uploads or deletes the account's stored files, which letters can name (MyFile:NAME) instead of sending the bytes again.",
  options: [
    ['list', 'the stored files: name, permissions, description and last use'],
    ['upload FILE', 'store FILE (- reads it from standard input)'],
    ['--name NAME', 'the name to store it under; the file name by default'],
    ['--permissions User|Account', 'who may use it: only you (User, the default) or every user of the account'],
    ['--description TEXT', 'a description'],
    ['--overwrite', 'replace a stored file of the same name'],
    ['delete NAME', 'remove the stored file NAME'],
  ],
  global: true,
  examples: ['mailroom files upload price-list.pdf --permissions Account --description "Prices 2027"', 'mailroom files list'],
};

/** A stored file of that name exists: the service's answer (exit code 1), said with --overwrite. */
class StoredNameTaken extends MailWsFailure {
  override readonly name = 'StoredNameTaken';
  constructor(message: string, options: { readonly cause: unknown }) {
    super('UploadFile', message, message, options);
  }
}

export async function run(args: readonly string[], io: Io): Promise<void> {
  const { values, positionals } = commandLine('files', args, {
    name: { type: 'string' },
    permissions: { type: 'string', default: 'User' },
    description: { type: 'string' },
    overwrite: { type: 'boolean', default: false },
  });
  const [action, target, ...rest] = positionals;
  if (rest.length > 0 || (action === 'list' ? target !== undefined : target === undefined)) throw new UsageError(usage);
  const permissions = values.permissions;
  if (!(enums.Permissions as readonly string[]).includes(permissions))
    throw new UsageError(`--permissions takes ${enums.Permissions.join(' or ')}`);
  const client = connect(values, io);
  try {
    switch (action) {
      case 'list': {
        let files: Awaited<ReturnType<typeof client.datedA.GetUploadedFileDetails>>['UploadedFiles'] = [];
        try {
          files = (await client.datedA.GetUploadedFileDetails({})).UploadedFiles;
        } catch (error) {
          if (!(error instanceof MailWsError && error.code === RESULT.NoStoredFiles)) throw error;
        }
        print(io, values, files, () =>
          files.length === 0
            ? ['No stored files.']
            : table(
                ['Name', 'Permissions', 'Last used', 'Description'],
                files.map((f) => [f.FileName ?? '', f.Permissions ?? '', formatDateTime(f.LastUsage), f.Description ?? '']),
              ),
        );
        return;
      }
      case 'upload': {
        const bytes = await readUserFile(target!, 'the file');
        const name = values.name ?? userFileName(target!, bytes);
        checkLengths([[values.name === undefined ? 'The file name' : '--name', 'MyFileName', name]]);
        const progress = progressPrinter(io, 'Uploading');
        await client.datedA
          .UploadFile(
            {
              MyFileName: name,
              FileBinaryData: bytes,
              Permissions: permissions as EnumValue<'Permissions'>,
              Description: values.description ?? '',
              Overwrite: values.overwrite,
            },
            progress ? { onProgress: progress } : {},
          )
          .catch((error: unknown) => {
            // The service's -3127, with the way out it does not name.
            if (error instanceof MailWsError && error.code === RESULT.FileNameExists)
              throw new StoredNameTaken(
                `A stored file is named ${name} already (UploadFile answered -3127): add --overwrite to replace it, or --name to store it under another name`,
                { cause: error },
              );
            throw error;
          });
        print(io, values, { name, stored: true }, () => [`Stored ${name}. Send it with: mailroom send --stored ${name} --to "…"`]);
        return;
      }
      case 'delete':
        await client.datedA.DeleteUploadedFile({ MyFileName: target! });
        print(io, values, { name: target, deleted: true }, () => [`Deleted ${target}.`]);
        return;
      default:
        throw new UsageError(usage);
    }
  } finally {
    client.close();
  }
}
