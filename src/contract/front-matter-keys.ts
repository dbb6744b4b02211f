/**
 * The keys of a letter's front matter, as data: the one Mailroom reads (`to:`, the recipient), the
 * ones Markdown editors and site generators write, which Mailroom leaves to them, and the names of
 * `to:`'s fields. A key that is none of them is told apart from the nearest that is, by edit
 * distance, when it is near enough to be a slip of the keyboard.
 */
import type { RecipientField } from './recipient';
import { RECIPIENT_FIELDS } from './services';

/** The front matter's keys Mailroom reads, written exactly so (YAML's keys are case-sensitive). */
export const FRONT_MATTER_KEYS = ['to'] as const;

/** Keys other tools write in a Markdown front matter, left to them without a word (in any case). */
export const OTHER_TOOLS_KEYS = ['title', 'subject', 'date', 'author', 'description', 'tags', 'keywords', 'lang', 'layout'] as const;

/** Keys people write for the recipient: offered as `to`, however far they are from it. */
const TO_SYNONYMS = new Set(['recipient', 'address', 'addressee']);

/**
 * `to:`'s fields are the contract's names (RECIPIENT_FIELDS), compared folded (case, spaces,
 * hyphens and underscores aside: `postal code`, `postal_code`, `PostalCode`), and these names people
 * write for them.
 */
export const RECIPIENT_FIELD_ALIASES: Readonly<Record<string, RecipientField>> = {
  name: 'AttentionLine1',
  street: 'Address1',
  address: 'Address1',
  zip: 'PostalCode',
  zipcode: 'PostalCode',
  postcode: 'PostalCode',
};

const fold = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

const FIELDS_FOLDED = new Map<string, RecipientField>([
  ...RECIPIENT_FIELDS.map((f): [string, RecipientField] => [fold(f), f]),
  ...Object.entries(RECIPIENT_FIELD_ALIASES),
]);

/** The contract's field a name under `to:` stands for. */
export function recipientFieldNamed(name: string): RecipientField | undefined {
  return FIELDS_FOLDED.get(fold(name));
}

/** Whether a key is another tool's (any case). */
export function isOtherToolsKey(key: string): boolean {
  return (OTHER_TOOLS_KEYS as readonly string[]).includes(key.toLowerCase());
}

/** Edits from one name to another (optimal string alignment: a swap of two neighbours is one). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The known name nearest to a written one, compared folded, when near enough to be a slip: one edit in three letters, at least one. */
function nearest(written: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(fold(written), fold(name));
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** The key a front matter's unknown key was likely meant to be (one Mailroom reads, or another tool's), among those not written yet. */
export function nearestFrontMatterKey(written: string, taken: ReadonlySet<string> = new Set()): string | undefined {
  if (TO_SYNONYMS.has(fold(written))) return taken.has('to') ? undefined : 'to';
  return nearest(
    written,
    [...FRONT_MATTER_KEYS, ...OTHER_TOOLS_KEYS].filter((k) => !taken.has(k)),
  );
}

/** The contract's field an unknown name under `to:` was likely meant to be, among those not given yet. */
export function nearestRecipientField(written: string, taken: ReadonlySet<RecipientField> = new Set()): RecipientField | undefined {
  const name = nearest(
    written,
    [...FIELDS_FOLDED].filter(([, field]) => !taken.has(field)).map(([folded]) => folded),
  );
  return name === undefined ? undefined : FIELDS_FOLDED.get(name);
}
