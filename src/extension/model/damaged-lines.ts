/**
 * What a view says of the lines of the user's own files (the send log) that do not read: each named,
 * with its file, line and size, never left out in silence (src/client/json-lines.ts). No VS Code
 * here, so that it is tested as plain code.
 */
import * as l10n from '@vscode/l10n';
import type { DamagedLine } from '../../client';

/** One sentence per damaged line; undefined when none is. */
export function damagedLinesMessage(damaged: readonly DamagedLine[]): string | undefined {
  if (damaged.length === 0) return undefined;
  return damaged
    .map((line) =>
      line.torn
        ? l10n.t('{0}: its last line was cut short by a crash; its {1} bytes are left out.', line.path, line.bytes)
        : l10n.t(
            '{0}: line {1} is damaged (it does not read as JSON); its {2} bytes are left out, the lines after it are shown.',
            line.path,
            line.line,
            line.bytes,
          ),
    )
    .join(' ');
}
