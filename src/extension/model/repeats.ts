/**
 * A repeat send (src/rulebook/repeats.ts) in the extension's words: what went before, when, and
 * what the person may do. No VS Code here, so that it is tested as plain code.
 */
import * as l10n from '@vscode/l10n';
import { numberRuns, type EarlierSend, type RepeatVerdict } from '../../rulebook';
import { localMinute, recipientWords } from '../../formats';

type Repeat = Extract<RepeatVerdict, { kind: 'repeat' }>;

const before = (earlier: readonly EarlierSend[]) =>
  earlier
    .map((e) =>
      e.id === undefined
        ? l10n.t('a send of unknown outcome on {0}', localMinute(e.time))
        : l10n.t('mailer {0} on {1}', e.id, localMinute(e.time)),
    )
    .join(', ');

/** Row numbers as a person reads them: "3, 7, 9–12", and "…" past twenty runs (the rulebook's numberRuns). */
export function rowList(rows: readonly number[]): string {
  const { runs, more } = numberRuns(rows);
  const words = runs.map(({ first, last }) =>
    last > first + 1 ? l10n.t('{0}–{1}', first, last) : last === first + 1 ? l10n.t('{0}, {1}', first, last) : String(first),
  );
  return more ? l10n.t('{0}, …', words.join(l10n.t(', '))) : words.join(l10n.t(', '));
}

/** The question before sending a letter again: the same bytes to the same recipient went before. */
export function sendAgainQuestion(repeat: Repeat, what: string, onSandbox = false): { readonly question: string; readonly button: string } {
  const line = repeat.earlier[0]?.recipient;
  // The address as the post writes it, as the command line says it (src/formats).
  const recipient = line === undefined ? l10n.t('the same recipient') : recipientWords(line);
  return {
    // On the local sandbox nothing is printed or mailed (as productionQuestion says there too).
    question: onSandbox
      ? l10n.t(
          "The same {0} went to {1} as {2}. Send it again? The sandbox would charge its account's test funds again.",
          what,
          recipient,
          before(repeat.earlier),
        )
      : l10n.t(
          'The same {0} went to {1} as {2}. Send it again? It would be printed and mailed again.',
          what,
          recipient,
          before(repeat.earlier),
        ),
    button: l10n.t('Send Again'),
  };
}

/** The choice before sending a merge some of whose rows went before: only the new rows, or all again. */
export function rowsAgainChoice(repeat: Repeat & { readonly rows: readonly number[] }): {
  readonly title: string;
  readonly newRows: string | undefined;
  readonly all: string;
} {
  const of = repeat.of ?? repeat.rows.length;
  const fresh = of - repeat.rows.length;
  const rows = rowList(repeat.rows);
  return {
    title:
      fresh === 0
        ? l10n.t('Every row of this merge went before, the same letter to the same recipient, as {0}.', before(repeat.earlier))
        : l10n.t(
            '{0} of {1} rows of this merge (rows {2}) went before, the same letter to the same recipient, as {3}.',
            repeat.rows.length,
            of,
            rows,
            before(repeat.earlier),
          ),
    newRows: fresh === 0 ? undefined : fresh === 1 ? l10n.t('Send the 1 new row') : l10n.t('Send the {0} new rows', fresh),
    all: l10n.t('Send all {0} again', of),
  };
}

/** Said with the send when it repeats an earlier one knowingly. */
export function repeatedNote(repeats: readonly number[], again: boolean): string {
  return again
    ? l10n.t(' It repeats mailer {0}, sent again as you asked; the send log says so.', repeats.join(', '))
    : l10n.t(' It repeats mailer {0}: in Development a repeat is a test.', repeats.join(', '));
}
