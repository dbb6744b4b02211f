/** The command line's word on a line of the user's own files (the send log, the print settings log) that does not read. */
import { damagedLineWords, type DamagedLine } from '../client';
import type { Io } from './io';

/** Says each damaged line on standard error, so that none is left out in silence. */
export function tellDamaged(io: Io): (line: DamagedLine) => void {
  return (line) => io.err.write(`mailroom: ${damagedLineWords(line)}\n`);
}
