/** Asking before an act that costs or cannot be undone. */
import { prompts } from '../prompts';

/** Asks first, then acts; a failure is the command's (register.ts). */
export async function afterConfirming(question: string, button: string, act: () => Promise<unknown>, keep?: string): Promise<void> {
  if (await prompts.confirm(question, button, keep)) await act();
}
