/**
 * Which rows of a merge are drawn to know every row's layout, without drawing them all (issue 30:
 * a 100,000-row preflight within 10 s). The rule, which docs/sandbox.md and docs/cli.md repeat:
 *
 * 1. A row's letter depends only on the values of the fields the template prints. Address
 *    columns the template does not use go only to the address page, which is one page whatever
 *    it holds; they are not looked at.
 * 2. Each printed value's width is estimated from its characters, weighted by the printing
 *    font's widths (Helvetica's, in classes: narrow, middle, wide, capitals, East Asian).
 * 3. The template is drawn twice: each field filled with the widest value any row has for it, and
 *    with the narrowest. If both drawings have the same pages (count and sizes), a wider value
 *    never lays out shorter than a narrower one, so every row lies between them: every row gets
 *    that layout. Two drawings for the whole merge.
 * 4. Otherwise the rows are grouped by a key of their values' widths, each put in a bucket
 *    (BUCKET units, about four average characters; doubled until there are at most MOST_GROUPS
 *    groups), and each group is drawn once, filled with its widest value of each field: a row gets
 *    its group's layout, which can only be as long as its own or longer by what a bucket holds.
 * 5. A value with a line break can lay out taller than any single-line one however narrow: rows
 *    with one are grouped apart, by the number of lines of each field as well as its width.
 *
 * What was decided is said in words (`rule`), for the proof and the report.
 */

/** Widths in thousandths of the font size (the units of a PDF font's widths). */
const NARROW = /[ijlI.,;:'|!`]/;
const MIDDLE = /[frt ()[\]{}\-"/\\*]/;
const WIDE = /[mwMW@%]/;
const CAPITAL = /[A-Z&]/;

function characterUnits(c: string): number {
  if (NARROW.test(c)) return 250;
  if (MIDDLE.test(c)) return 333;
  if (WIDE.test(c)) return 870;
  if (CAPITAL.test(c)) return 680;
  const code = c.codePointAt(0)!;
  // East Asian ideographs and syllables, and full-width forms, are as wide as they are tall.
  if ((code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3) || (code >= 0xff00 && code <= 0xff60)) return 1000;
  return 556;
}

/** A text's printed width, estimated: its characters' widths in Helvetica's classes. */
export function textUnits(text: string): number {
  let units = 0;
  for (const c of text) units += characterUnits(c);
  return units;
}

const LINE_BREAK = /\r\n|\r|\n/;

/** About four average characters: values within one bucket lay out alike but for the last line's end. */
export const BUCKET = 2_400;
/** The most groups drawn in a merge: each is one print of the browser (tens of milliseconds, on a pool of pages). */
export const MOST_GROUPS = 48;
/** LibreOffice draws one document at a time, about a second each: fewer groups, wider buckets. */
export const MOST_OFFICE_GROUPS = 6;

/** A row's printed values, field by field in the template's order. */
export type PrintedValues = readonly string[];

interface Group {
  /** The widest value of each field among the group's rows. */
  readonly widest: string[];
  readonly widestUnits: number[];
  rows: number;
}

/** A value's part of a row's key at a bucket size: its width's bucket, and its lines' when it has more than one. */
function valueKey(value: string, bucket: number): string {
  if (!LINE_BREAK.test(value)) return String(Math.floor(textUnits(value) / bucket));
  return `${value
    .split(LINE_BREAK)
    .map((line) => Math.floor(textUnits(line) / bucket))
    .join('/')}`;
}

/** The values of the representative rows a layout is drawn from, and how each row is given one. */
export class LayoutPlan<Layout> {
  private readonly widest: string[];
  private readonly narrowest: string[];
  private readonly widestUnits: number[];
  private readonly narrowestUnits: number[];
  /** Rows by key at the finest bucket: what coarser keys are made from, without reading the rows again. */
  private readonly fine = new Map<string, Group>();
  private rows = 0;
  private bucket = BUCKET;
  private one: Layout | undefined;
  private readonly byKey = new Map<string, Layout>();
  /** How the layouts were decided, in words. */
  rule = '';
  /** How many drawings it took. */
  drawings = 0;

  constructor(
    readonly fields: readonly string[],
    /** The most groups drawn: fewer where each drawing is slow (LibreOffice's, about a second). */
    private readonly mostGroups = MOST_GROUPS,
  ) {
    this.widest = fields.map(() => '');
    this.narrowest = fields.map(() => '');
    this.widestUnits = fields.map(() => -1);
    this.narrowestUnits = fields.map(() => Infinity);
  }

  /** The first pass: a row's printed values, in the template's field order. */
  add(values: PrintedValues): void {
    this.rows++;
    values.forEach((value, i) => {
      const units = textUnits(value);
      if (units > this.widestUnits[i]!) [this.widest[i], this.widestUnits[i]] = [value, units];
      if (units < this.narrowestUnits[i]!) [this.narrowest[i], this.narrowestUnits[i]] = [value, units];
    });
    const key = this.keyOf(values, BUCKET);
    const group = this.fine.get(key);
    if (!group) this.fine.set(key, { widest: [...values], widestUnits: values.map(textUnits), rows: 1 });
    else {
      group.rows++;
      values.forEach((value, i) => {
        const units = textUnits(value);
        if (units > group.widestUnits[i]!) [group.widest[i], group.widestUnits[i]] = [value, units];
      });
    }
  }

  private keyOf(values: PrintedValues, bucket: number): string {
    let multiline = false;
    const parts = values.map((value) => {
      if (LINE_BREAK.test(value)) multiline = true;
      return valueKey(value, bucket);
    });
    return `${multiline ? 'lines:' : ''}${parts.join(',')}`;
  }

  /** The groups at a coarser bucket, made from the fine ones: their widest values kept. */
  private coarser(bucket: number): Map<string, Group> {
    const groups = new Map<string, Group>();
    for (const group of this.fine.values()) {
      const key = this.keyOf(group.widest, bucket);
      const into = groups.get(key);
      if (!into) groups.set(key, { widest: [...group.widest], widestUnits: [...group.widestUnits], rows: group.rows });
      else {
        into.rows += group.rows;
        group.widestUnits.forEach((units, i) => {
          if (units > into.widestUnits[i]!) [into.widest[i], into.widestUnits[i]] = [group.widest[i]!, units];
        });
      }
    }
    return groups;
  }

  /**
   * Draws the representatives (`draw` of each's values; in parallel, the engine's pool sets how
   * many at once) and decides each row's layout. `same` says whether two layouts are alike.
   */
  async decide(draw: (values: PrintedValues) => Promise<Layout>, same: (a: Layout, b: Layout) => boolean): Promise<void> {
    const multiline = [...this.fine.keys()].some((key) => key.startsWith('lines:'));
    if (this.fields.length === 0 || this.rows === 0) {
      this.one = await draw(this.widest);
      this.drawings = 1;
      this.rule = 'The template prints no field: every row has the same letter, drawn once.';
      return;
    }
    if (!multiline) {
      const [wide, narrow] = await Promise.all([draw(this.widest), draw(this.narrowest)]);
      this.drawings = 2;
      if (same(wide, narrow)) {
        this.one = wide;
        this.rule =
          'Drawn twice, with the widest and the narrowest value of each printed field: both laid out alike, so every row, between them, does too.';
        return;
      }
    }
    let groups = this.coarser(this.bucket);
    while (groups.size > this.mostGroups) {
      this.bucket *= 2;
      groups = this.coarser(this.bucket);
    }
    const keys = [...groups.keys()];
    const layouts = await Promise.all(keys.map((key) => draw(groups.get(key)!.widest)));
    keys.forEach((key, i) => this.byKey.set(key, layouts[i]!));
    this.drawings += keys.length;
    const why = multiline
      ? 'some rows hold line breaks in a printed field, which can add lines however narrow they are'
      : 'the widest and the narrowest values laid out differently';
    this.rule =
      `Drawn ${keys.length} time${keys.length === 1 ? '' : 's'}, once for each group of rows whose printed values are about as wide ` +
      `(within ${Math.round(this.bucket / 600)} characters), with the group's widest value of each field, since ${why}; ` +
      'rows with line breaks are grouped by their lines.';
  }

  /** The second pass: a row's layout, by its printed values. */
  layoutOf(values: PrintedValues): Layout {
    if (this.one !== undefined) return this.one;
    const layout = this.byKey.get(this.keyOf(values, this.bucket));
    if (layout === undefined) throw new Error('a row not seen in the first pass');
    return layout;
  }
}
