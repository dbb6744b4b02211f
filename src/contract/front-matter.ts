/**
 * The recipient of a Markdown letter, from its front matter:
 *
 *     ---
 *     to: Jane Doe, 1 Main St, Springfield, IL 62701
 *     ---
 *
 * or `to:` with the contract's fields under it (`City: Springfield`, names folded: see
 * front-matter-keys.ts), or a list of the address's lines. The rest of the document is the letter.
 * Either form is held to the contract's address rules: an address the service could not mail is
 * an AddressError (what was understood, and why), never a letter sent to it.
 *
 * The front matter is read as YAML, by the `yaml` package (eemeli/yaml, ISC, no dependencies),
 * chosen over js-yaml and gray-matter because its documents keep where each key and value is, so
 * that every problem is said on the exact key or value, and YAML's own syntax errors at theirs.
 * It weighs about 110 KB minified: it is bundled with the client, the command line and printing,
 * never with the extension's activation (the contract's index does not export this file; the
 * editor checks a front matter on the printing thread). What the reader finds, each in words
 * with its place (Mailroom's own findings, with no service code):
 *
 * - errors, which stop a send: a front matter never closed, YAML that does not parse, a front
 *   matter that is not keys, a key written twice, a field under `to:` that is not an address field
 *   (named with the nearest that is), a field that is a list or keys rather than text;
 * - warnings: a key Mailroom does not read (named with the nearest it knows, to rename it), an
 *   empty `to:`, a ` #` that cut an unquoted address value short (YAML reads the rest as a comment).
 *
 * A value YAML would read as a number or a truth value (`PostalCode: 02134`, which YAML reads as
 * 2134) is taken as written; `~`, `null` and nothing at all are an empty field.
 */
import { isAlias, isMap, isNode, isScalar, isSeq, parseDocument, type Document, type Node as YamlNode, type YAMLError } from 'yaml';
import { checkAddressFields, parseAddressLine, type RecipientAddress } from './address-line';
import { frontMatterFences, lineAt, type FrontMatterFences, type Span } from './front-matter-fence';
import {
  FRONT_MATTER_KEYS,
  OTHER_TOOLS_KEYS,
  RECIPIENT_FIELD_ALIASES,
  isOtherToolsKey,
  nearestFrontMatterKey,
  nearestRecipientField,
  recipientFieldNamed,
} from './front-matter-keys';
import type { RecipientField } from './recipient';
import { RECIPIENT_FIELDS } from './services';

export type { Span } from './front-matter-fence';

type Recipient = RecipientAddress & { AttentionLine3?: string };

export interface FrontMatter {
  readonly to?: Recipient;
  /** The document after the front matter. */
  readonly body: string;
  /** What the front matter says that Mailroom leaves aside, or may have read otherwise than meant. */
  readonly warnings: readonly FrontMatterProblem[];
}

/** Something wrong in a front matter, in people's words, and where. */
export interface FrontMatterProblem {
  /** An error stops a send; a warning does not. */
  readonly severity: 'error' | 'warning';
  readonly message: string;
  /** The key, value, fence or YAML it is about. */
  readonly span: Span;
  /** The document's 1-based line the span starts on. */
  readonly line: number;
  /** The key (or `to:`'s field) as written, when it is about one. */
  readonly key?: string;
  /** The other place it is about: the first of a key written twice. */
  readonly other?: { readonly span: Span; readonly line: number };
  /** The name to write for the key instead (the span is the key): the nearest known. */
  readonly rename?: string;
}

/** A front matter that Mailroom cannot read as written: its errors, each with its line. */
export class FrontMatterError extends Error {
  constructor(readonly problems: readonly FrontMatterProblem[]) {
    super(problems.map((p) => `line ${p.line}: ${p.message}`).join('\n'));
    this.name = 'FrontMatterError';
  }
}

/** A front matter's recipient as written, before the contract's rules: its one line, or its fields. */
export type FrontMatterRecipient = { readonly line: string } | { readonly fields: Recipient };

/**
 * The recipient as written, with where each part is in the document's text (for the editor's
 * diagnostics): the one line's value (`at`: its YAML as written, quotes or list included), or
 * each field's value; `whole` spans all of `to:`'s value (the key too, for fields).
 */
export type LocatedRecipient =
  | { readonly line: string; readonly at: Span; readonly whole: Span }
  | {
      readonly fields: Recipient;
      readonly at: Readonly<Partial<Record<RecipientField, Span>>>;
      readonly whole: Span;
    };

export interface LocatedFrontMatter {
  /** Where the front matter is; none when the document has none. */
  readonly fences?: FrontMatterFences;
  readonly to?: LocatedRecipient;
  /** The document after the front matter (nothing when it is never closed: where the letter starts is not known). */
  readonly body: string;
  /** Errors and warnings, in the order of the text. */
  readonly problems: readonly FrontMatterProblem[];
}

/** YAML's syntax errors that people meet in a letter's front matter, and what to do about each. */
const YAML_HINTS: Readonly<Partial<Record<YAMLError['code'], string>>> = {
  BLOCK_AS_IMPLICIT_KEY: 'a value holding ": " reads as another key: put the value in quotes',
  MULTILINE_IMPLICIT_KEY: 'a key must be on one line, and a value over several lines indented under its key',
  TAB_AS_INDENT: 'YAML indents with spaces, not tabs',
  BAD_INDENT: 'a line is indented where YAML does not expect it',
  MISSING_CHAR: 'each line of a front matter is a "key: value"; if the front matter ends before this line, close it there with ---',
  BAD_SCALAR_START: 'a value starting with @, ` or a sign YAML keeps for itself goes in quotes',
  BAD_DQ_ESCAPE: 'a backslash in double quotes starts an escape: use single quotes, or write \\\\',
  BAD_ALIAS: 'a value starting with * names a YAML anchor: put the value in quotes',
  UNEXPECTED_TOKEN: 'put the value in quotes if it holds YAML signs',
};

const describeKinds = { seq: 'a list', map: 'keys', scalar: 'text' } as const;
/** Whether a value is written with an anchor (`&name`), for aliases elsewhere to use. */
const anchored = (node: unknown): boolean => (isScalar(node) || isMap(node) || isSeq(node)) && Boolean(node.anchor);

const kindOf = (node: YamlNode) => (isSeq(node) ? describeKinds.seq : isMap(node) ? describeKinds.map : describeKinds.scalar);

/** Reads one front matter; offsets are the document's. */
class Reader {
  readonly problems: FrontMatterProblem[] = [];

  constructor(
    private readonly text: string,
    private readonly base: number,
    private readonly doc: Document.Parsed,
  ) {}

  /** Where a node is, the line breaks after a block's last line left out. */
  span(node: { range?: readonly number[] | null }): Span {
    const [start = 0, end = start] = node.range ?? [];
    const from = this.base + start;
    return { start: from, end: from + this.text.slice(from, this.base + end).trimEnd().length };
  }

  problem(severity: FrontMatterProblem['severity'], message: string, span: Span, more: Partial<FrontMatterProblem> = {}): void {
    this.problems.push({ severity, message, span, line: lineAt(this.text, span.start), ...more });
  }

  /** A node, an alias followed to its anchor. */
  resolved(node: unknown): YamlNode | undefined {
    if (isAlias(node)) return node.resolve(this.doc);
    return isScalar(node) || isMap(node) || isSeq(node) ? node : undefined;
  }

  /** A scalar as written: its text, the source of a number or truth value; none for null. */
  scalarText(node: YamlNode): string | undefined {
    if (!isScalar(node) || node.value === null || node.value === undefined) return undefined;
    if (typeof node.value === 'string') return node.value;
    // A parsed scalar keeps its source: the number or truth value as it was written.
    return node.source ?? '';
  }

  /** A key's name as written. */
  keyName(key: unknown): { name: string; span: Span } | undefined {
    if (!isScalar(key)) return undefined;
    return { name: this.scalarText(key) ?? '', span: this.span(key) };
  }

  /** Where an address value is: inside its quotes when they hold it exactly, so that a trim keeps them. */
  valueSpan(node: YamlNode, value: string): Span {
    const span = this.span(node);
    if (isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE')) {
      const inner = { start: span.start + 1, end: span.end - 1 };
      if (this.text.slice(inner.start, inner.end) === value) return inner;
    }
    return span;
  }

  /** A ` #` after an unquoted address value: YAML read the rest of the line as a comment, which may be the address's ("Apt #5"). */
  cutByComment(node: YamlNode): void {
    if (!isScalar(node) || node.type !== 'PLAIN') return;
    const from = this.span(node).end;
    const rest = /^[ \t]+(#[^\r\n]*)/.exec(this.text.slice(from));
    if (!rest) return;
    const start = from + rest[0].length - rest[1]!.length;
    this.problem(
      'warning',
      `YAML reads everything after " #" as a comment, left out of the address: "${rest[1]!.trimEnd()}". If it is part of the address, put the value in quotes.`,
      { start, end: start + rest[1]!.trimEnd().length },
    );
  }

  /** The document's keys, each read once; `to:` read as the recipient. */
  read(): LocatedRecipient | undefined {
    const contents = this.doc.contents;
    if (contents === null || (isScalar(contents) && contents.value === null)) return undefined;
    if (!isMap(contents)) {
      this.problem(
        'error',
        `The front matter is ${kindOf(contents)}, not keys: name the recipient as "to: Jane Doe, 1 Main St, Springfield, IL 62701".`,
        this.span(contents),
      );
      return undefined;
    }
    const seen = new Map<string, Span>();
    const written = new Set(contents.items.map((pair) => this.keyName(pair.key)?.name ?? ''));
    let to: { key: Span; value: unknown } | undefined;
    let twice = false;
    for (const pair of contents.items) {
      const key = this.keyName(pair.key);
      if (!key) {
        this.problem('error', 'A key of the front matter is not text: write each key as a word ("to").', this.span(pair.key ?? contents));
        continue;
      }
      const first = seen.get(key.name);
      if (first) {
        const [a, b] = [lineAt(this.text, first.start), lineAt(this.text, key.span.start)];
        this.problem(
          'error',
          `"${key.name}" is written twice, on lines ${a} and ${b}: Mailroom cannot tell which one is meant. Keep one.`,
          key.span,
          { key: key.name, other: { span: first, line: a } },
        );
        if (key.name === 'to') {
          twice = true;
          // Neither is sent; what is wrong in this one is still said.
          this.recipient(key.span, pair.value);
        }
        continue;
      }
      seen.set(key.name, key.span);
      if ((FRONT_MATTER_KEYS as readonly string[]).includes(key.name)) to = { key: key.span, value: pair.value };
      // A key whose value is an anchor (`home: &home`) holds what an alias elsewhere (`to: *home`, `<<: *home`) uses: YAML's, not a mistake.
      else if (!isOtherToolsKey(key.name) && !anchored(pair.value)) this.unknownKey(key, written);
    }
    const recipient = to && this.recipient(to.key, to.value);
    return twice ? undefined : recipient;
  }

  unknownKey(key: { name: string; span: Span }, written: ReadonlySet<string>): void {
    const near = nearestFrontMatterKey(key.name, written);
    const others = `${OTHER_TOOLS_KEYS.slice(0, -1).join(', ')} and ${OTHER_TOOLS_KEYS.at(-1)!}`;
    this.problem(
      'warning',
      near
        ? `"${key.name}" is not a front-matter key Mailroom knows, and is left aside: did you mean "${near}"?`
        : `"${key.name}" is not a front-matter key Mailroom knows, and is left aside. Mailroom reads to: (the recipient) and leaves ${others} to other tools.`,
      key.span,
      { key: key.name, ...(near ? { rename: near } : {}) },
    );
  }

  recipient(key: Span, written: unknown): LocatedRecipient | undefined {
    const value = this.resolved(written);
    const text = value && this.scalarText(value);
    if (value && text !== undefined && text.trim()) {
      this.cutByComment(value);
      const at = this.span(value);
      return { line: text, at, whole: this.valueSpan(value, text) };
    }
    if (value && isSeq(value) && value.items.length > 0) return this.lines(value);
    if (value && isMap(value) && value.items.length > 0) return this.fields(key, value);
    this.problem(
      'warning',
      'to: names no one: the service then looks for the address in the letter itself (the proof shows where it would print). Name the recipient, or take to: out.',
      key,
      { key: 'to' },
    );
    return undefined;
  }

  /** `to:` as a list: the address's lines, read as the one-line form reads its parts. */
  lines(list: YamlNode & { items: unknown[] }): LocatedRecipient | undefined {
    const lines: string[] = [];
    for (const item of list.items) {
      const node = this.resolved(item);
      const text = node && this.scalarText(node);
      if (node && text === undefined && !isScalar(node)) {
        this.problem('error', `A line of to:'s list is ${kindOf(node)}; each line of the address is text.`, this.span(node));
        continue;
      }
      if (node) this.cutByComment(node);
      if (text?.trim()) lines.push(text.trim());
    }
    const span = this.span(list);
    return lines.length > 0 ? { line: lines.join(', '), at: span, whole: span } : undefined;
  }

  /**
   * A mapping's pairs with those its merge keys bring in (`<<: *home`, `<<: [*home, *work]`: YAML
   * 1.1's, which front matters use and the `yaml` package leaves as a key named "<<" in YAML 1.2),
   * each merged key only where the mapping does not give that field itself, as YAML merges them.
   */
  merged(map: YamlNode & { items: { key: unknown; value: unknown }[] }): { key: unknown; value: unknown }[] {
    const isMerge = (pair: { key: unknown }) => isScalar(pair.key) && pair.key.value === '<<' && pair.key.source === '<<';
    const own = map.items.filter((pair) => !isMerge(pair));
    const fieldOf = (pair: { key: unknown }) => {
      const name = this.keyName(pair.key)?.name ?? '';
      return recipientFieldNamed(name) ?? name;
    };
    const given = new Set(own.map(fieldOf));
    const pairs = [...own];
    for (const pair of map.items.filter(isMerge)) {
      const value = pair.value;
      for (const source of isSeq(value) ? value.items : [value]) {
        const from = this.resolved(source);
        if (!from || !isMap(from)) {
          this.problem(
            'error',
            '<< under to: merges a mapping: write it as "<<: *name", naming an anchor (&name) of address fields.',
            this.span(isNode(source) ? source : map),
          );
          continue;
        }
        for (const item of from.items) {
          const field = fieldOf(item);
          if (given.has(field)) continue;
          given.add(field);
          pairs.push(item);
        }
      }
    }
    return pairs;
  }

  /** `to:` as keys: the contract's fields, by name (and those its merge keys bring in). */
  fields(key: Span, map: YamlNode & { items: { key: unknown; value: unknown }[] }): LocatedRecipient | undefined {
    const fields: Record<string, string> = {};
    const at: Partial<Record<RecipientField, Span>> = {};
    const named = new Map<RecipientField, { name: string; span: Span }>();
    const pairs = this.merged(map);
    const given = new Set(pairs.flatMap((pair) => recipientFieldNamed(this.keyName(pair.key)?.name ?? '') ?? []));
    for (const pair of pairs) {
      const written = this.keyName(pair.key);
      if (!written) {
        this.problem('error', "A field of to: is not named in text: write each field's name (City).", this.span(pair.key ?? map));
        continue;
      }
      const field = recipientFieldNamed(written.name);
      if (!field) {
        this.unknownField(written, given);
        continue;
      }
      const first = named.get(field);
      if (first) {
        const [a, b] = [lineAt(this.text, first.span.start), lineAt(this.text, written.span.start)];
        this.problem(
          'error',
          `${field} is given twice under to:, on line ${a} ("${first.name}") and line ${b} ("${written.name}"): Mailroom cannot tell which one is meant. Keep one.`,
          written.span,
          { key: written.name, other: { span: first.span, line: a } },
        );
        continue;
      }
      named.set(field, written);
      const node = this.resolved(pair.value);
      const text = node && this.scalarText(node);
      if (node && text === undefined && !isScalar(node)) {
        this.problem('error', `${field} under to: is ${kindOf(node)}; an address field is one line of text.`, this.span(node), {
          key: written.name,
        });
        continue;
      }
      if (!node || text === undefined || !text.trim()) continue;
      this.cutByComment(node);
      fields[field] = text;
      at[field] = this.valueSpan(node, text);
    }
    const end = this.span(map).end;
    const whole = { start: key.start, end: key.start + this.text.slice(key.start, end).trimEnd().length };
    return Object.keys(fields).length > 0 ? { fields, at, whole } : undefined;
  }

  unknownField(written: { name: string; span: Span }, given: ReadonlySet<RecipientField>): void {
    const near = nearestRecipientField(written.name, given);
    const aliases = Object.keys(RECIPIENT_FIELD_ALIASES).join(', ');
    this.problem(
      'error',
      `"${written.name}" is not an address field${near ? `: did you mean ${near}?` : '.'} Under to:, Mailroom reads ${RECIPIENT_FIELDS.join(', ')} ` +
        `(in any case, with or without spaces) and ${aliases}; nothing else of the address would be sent.`,
      written.span,
      { key: written.name, ...(near ? { rename: near } : {}) },
    );
  }
}

/** YAML's own syntax error, at its place, with what to do. */
function syntaxProblem(text: string, base: number, yaml: string, error: YAMLError): FrontMatterProblem {
  const [from, to] = error.pos;
  const start = base + Math.min(from, yaml.length);
  let end = base + Math.min(to, yaml.length);
  // YAML points at a character or two: the rest of the line is what the person looks at.
  if (end - start <= 1) end = start + /^[^\r\n]*/.exec(text.slice(start))![0].trimEnd().length;
  const hint = YAML_HINTS[error.code];
  return {
    severity: 'error',
    message: `The front matter is not YAML Mailroom can read: ${error.message.split('\n')[0]!.replace(/\.?$/, '')}${hint ? ` (${hint})` : ''}.`,
    span: { start, end },
    line: lineAt(text, start),
  };
}

/** The front matter read: its fences, its recipient as written and where, the body, and its problems; the address rules not applied. */
export function locateFrontMatter(text: string): LocatedFrontMatter {
  const fences = frontMatterFences(text);
  if (!fences) return { body: text, problems: [] };
  if (!fences.close) {
    return {
      fences,
      body: '',
      problems: [
        {
          severity: 'error',
          message:
            'The front matter that opens here is never closed: end it with a line --- after its last key. Until then Mailroom cannot tell where the letter starts, and sends nothing.',
          span: fences.open,
          line: lineAt(text, fences.open.start),
        },
      ],
    };
  }
  const body = text.slice(fences.body);
  const yaml = text.slice(fences.yaml.start, fences.yaml.end);
  const doc = parseDocument(yaml, { uniqueKeys: false, prettyErrors: false, version: '1.2' });
  if (doc.errors.length > 0) {
    return { fences, body, problems: doc.errors.map((e) => syntaxProblem(text, fences.yaml.start, yaml, e)) };
  }
  const reader = new Reader(text, fences.yaml.start, doc);
  const to = reader.read();
  const problems = [...reader.problems].sort((a, b) => a.span.start - b.span.start);
  return { fences, ...(to ? { to } : {}), body, problems };
}

/** The front matter's `to:` as written, the document after it and the warnings; a FrontMatterError when it cannot be read. */
export function readFrontMatterAsWritten(text: string): {
  readonly to?: FrontMatterRecipient;
  readonly body: string;
  readonly warnings: readonly FrontMatterProblem[];
} {
  const { to, body, problems } = locateFrontMatter(text);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) throw new FrontMatterError(errors);
  const warnings = problems.filter((p) => p.severity === 'warning');
  if (!to) return { body, warnings };
  return { to: 'line' in to ? { line: to.line } : { fields: to.fields }, body, warnings };
}

/** The front matter's recipient held to the contract's address rules (an AddressError when it breaks one), the body and the warnings. */
export function readFrontMatter(text: string): FrontMatter {
  const { to, body, warnings } = readFrontMatterAsWritten(text);
  if (!to) return { body, warnings };
  return {
    to: 'line' in to ? parseAddressLine(to.line) : checkAddressFields("The front matter's to:", to.fields),
    body,
    warnings,
  };
}
