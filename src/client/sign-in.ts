/** Proving a username and password right before keeping them, with a call that changes nothing. */
import type { MailWsClient } from './client';
import { MailWsError } from './errors';
import { RESULT } from '../contract';

/** Lists the stored files; -3163 (there are none) proves the password as well. Throws otherwise. */
export async function checkSignIn(client: MailWsClient): Promise<void> {
  try {
    await client.datedA.GetUploadedFileDetails({});
  } catch (error) {
    if (!(error instanceof MailWsError && error.code === RESULT.NoStoredFiles)) throw error;
  }
}
