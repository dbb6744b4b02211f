/**
 * A structured result read straight from its text by its shape, for the answers the service writes
 * the usual way: the result element as the root, declaring the `Mailing` namespace (HTTP GET and
 * POST), and inside it only elements without attributes or prefixes, whitespace between them, and
 * leaf text with no reference but the five predefined entities. It builds no tree: each element is matched against the fields the
 * contract says can be there (a plan made once per result type), and an array's items of leaves
 * are matched whole by one pattern each, so a 1000-status answer costs about a fifth of readXml
 * and decodeResult (test/bench/call-overhead.ts).
 *
 * It decides nothing the strict reader would decide otherwise: anything it does not expect (an
 * attribute, a prefix, a character reference, a comment, CDATA, an unknown or repeated element, a value its
 * codec refuses, a character XML does not allow) makes it answer `undefined`, and the caller reads
 * the text with readXml and decodeResult, which accept it or say exactly what is wrong and where.
 */
import { NAMESPACE, type Field, type TypeRef } from './model';
import { parseDateTime, parseInt32, parseLeaf, readPlainDateTime, readPlainInt32 } from './codec';
import { DEFAULT_XML_LIMITS } from './xml-reader';

/** Stands for "not the usual form": the caller takes the strict path. */
class Unusual extends Error {}
const UNUSUAL = new Unusual();

/**
 * The characters XML does not allow, and surrogates (which the strict reader checks for pairs).
 * Every character of a usual answer is looked at once: as whitespace, as part of a tag matched
 * whole, as an int or a date read digit by digit, or by this test (other leaves, the root's
 * attributes, the XML declaration).
 */
// eslint-disable-next-line no-control-regex -- control characters are the point
const FORBIDDEN_OR_SURROGATE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

/** Whether `tag` is written at `at`: compared by hand, as String.prototype.startsWith at a position is several times slower on a long text. */
function tagAt(text: string, at: number, tag: string): boolean {
  const length = tag.length;
  if (at + length > text.length) return false;
  for (let i = 0; i < length; i++) if (text.charCodeAt(at + i) !== tag.charCodeAt(i)) return false;
  return true;
}

/** How to read a value of a type: worked out once per type, with its tags written out. */
type Plan =
  | { readonly kind: 'structure'; readonly slots: readonly Slot[] }
  | {
      readonly kind: 'array';
      readonly open: string;
      readonly close: string;
      readonly empty: string;
      readonly item: Plan;
      /** An item of leaves only, every field in the contract's order, matched whole (see itemPattern). */
      readonly whole: RegExp | undefined;
    }
  | { readonly kind: 'int' }
  | { readonly kind: 'dateTime' }
  | { readonly kind: 'leaf'; readonly type: TypeRef & { kind: 'primitive' | 'enum' } };

interface Slot {
  readonly name: string;
  readonly open: string;
  readonly close: string;
  /** The element written empty, as XmlSerializer writes an empty string or list: `<Name />`. */
  readonly empty: string;
  readonly plan: Plan;
  readonly array: boolean;
}

/**
 * The same text as one flat, internalized string: a template literal gives a rope, which
 * startsWith may walk again on every call.
 */
function flat(text: string): string {
  return Object.keys({ [text]: 0 })[0]!;
}

const plans = new WeakMap<readonly Field[], readonly Slot[]>();

function slotsOf(fields: readonly Field[]): readonly Slot[] {
  let slots = plans.get(fields);
  if (!slots) {
    slots = fields.map((f) => ({
      name: f.name,
      open: flat(`<${f.name}>`),
      close: flat(`</${f.name}>`),
      empty: flat(`<${f.name} />`),
      plan: planOf(f.type),
      array: f.type.kind === 'array',
    }));
    plans.set(fields, slots);
  }
  return slots;
}

function planOf(type: TypeRef): Plan {
  switch (type.kind) {
    case 'structure':
      return { kind: 'structure', slots: slotsOf(type.fields) };
    case 'array': {
      const item = planOf(type.item);
      return {
        kind: 'array',
        open: flat(`<${type.itemElement}>`),
        close: flat(`</${type.itemElement}>`),
        empty: flat(`<${type.itemElement} />`),
        item,
        whole: itemPattern(type.itemElement, item),
      };
    }
    case 'primitive':
      if (type.name === 'int') return { kind: 'int' };
      if (type.name === 'dateTime') return { kind: 'dateTime' };
      return { kind: 'leaf', type };
    case 'enum':
      return { kind: 'leaf', type };
  }
}

const SPACE = '[ \\t\\r\\n]*';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * An array's item of leaves as it is usually written, every field once in the contract's order,
 * as one sticky pattern that captures each leaf's text: matched by the regular expression engine
 * in one step, where the walk takes a step per tag. An item it does not match (a field left out,
 * an empty element, another order, a character XML does not allow) is read by the walk.
 */
function itemPattern(itemElement: string, item: Plan): RegExp | undefined {
  if (item.kind !== 'structure' || item.slots.some((slot) => slot.plan.kind === 'structure' || slot.plan.kind === 'array'))
    return undefined;
  const fields = item.slots.map(
    (slot) =>
      `${SPACE}${escaped(slot.open)}([^<\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF\\uD800-\\uDFFF]*)${escaped(slot.close)}`,
  );
  return new RegExp(`${SPACE}<${escaped(itemElement)}>${fields.join('')}${SPACE}</${escaped(itemElement)}>`, 'y');
}

/**
 * The structure `fields` of a document whose root is `<root …>` declaring xmlns="Mailing", with
 * absent arrays given as empty ones; undefined when the document is not in the usual form.
 */
export function readUsualResult(text: string, root: string, fields: readonly Field[]): Record<string, unknown> | undefined {
  const slots = slotsOf(fields);
  if (slots.length > 30) return undefined; // a structure's fields seen are a bit mask
  try {
    let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (text.startsWith('<?xml', at) && isSpace(text.charCodeAt(at + 5))) {
      const end = text.indexOf('?>', at);
      if (end < 0 || FORBIDDEN_OR_SURROGATE.test(text.slice(at, end))) return undefined;
      at = end + 2;
    }
    at = skipSpace(text, at);
    if (text.charCodeAt(at) !== 0x3c || !text.startsWith(root, at + 1)) return undefined;
    const reader = new Reader(text, rootAttributes(text, at + 1 + root.length));
    const value = reader.structure(slots, flat(`</${root}>`));
    if (skipSpace(text, reader.at) !== text.length) return undefined;
    return value;
  } catch {
    // Unusual, or a value out of its range: the strict path reads it again and says which.
    return undefined;
  }
}

function skipSpace(text: string, at: number): number {
  while (isSpace(text.charCodeAt(at))) at++;
  return at;
}

/**
 * The root's attributes: namespace declarations only, `xmlns:p="…"` and `xmlns="Mailing"` (which
 * must be there), each quoted with `"` and holding no reference. Answers where its start tag ends.
 */
function rootAttributes(text: string, at: number): number {
  let mailing = false;
  const names = new Set<string>();
  for (;;) {
    const next = skipSpace(text, at);
    if (text.charCodeAt(next) === 0x3e) {
      if (!mailing) throw UNUSUAL;
      return next + 1;
    }
    if (next === at || !text.startsWith('xmlns', next)) throw UNUSUAL;
    const eq = text.indexOf('="', next);
    const close = eq < 0 ? -1 : text.indexOf('"', eq + 2);
    if (close < 0) throw UNUSUAL;
    const name = text.slice(next, eq);
    const value = text.slice(eq + 2, close);
    // Twice the same, or more than the strict reader takes: its to say.
    if (names.has(name) || names.add(name).size > DEFAULT_XML_LIMITS.maxAttributes) throw UNUSUAL;
    if (value.includes('&') || value.includes('<') || FORBIDDEN_OR_SURROGATE.test(value)) throw UNUSUAL;
    if (name === 'xmlns') {
      if (value !== NAMESPACE) throw UNUSUAL;
      mailing = true;
    } else if (!/^xmlns:[A-Za-z_][\w.-]*$/.test(name) || name === 'xmlns:xml' || name === 'xmlns:xmlns' || value === '') {
      throw UNUSUAL;
    }
    at = close + 1;
  }
}

const PREDEFINED: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

/** Text with the five predefined entities replaced (the escapes the service writes); any other reference is unusual. */
function unescapePredefined(raw: string): string {
  let out = '';
  let from = 0;
  for (let amp = raw.indexOf('&'); amp >= 0; amp = raw.indexOf('&', from)) {
    const semi = raw.indexOf(';', amp);
    const character = semi < 0 ? undefined : PREDEFINED.get(raw.slice(amp + 1, semi));
    if (character === undefined) throw UNUSUAL;
    out += raw.slice(from, amp) + character;
    from = semi + 1;
  }
  return out + raw.slice(from);
}

class Reader {
  constructor(
    private readonly text: string,
    public at: number,
  ) {}

  /** Past whitespace to the next `<`; where it is. */
  private nextTag(): number {
    const text = this.text;
    let at = this.at;
    while (isSpace(text.charCodeAt(at))) at++;
    if (text.charCodeAt(at) !== 0x3c) throw UNUSUAL;
    return at;
  }

  /** A structure's fields up to `close`, each once, in any order; absent arrays as empty ones. */
  structure(slots: readonly Slot[], close: string, empty = false): Record<string, unknown> {
    const text = this.text;
    // Filled as the fields come; when they come in the contract's order, all of them, it is the
    // result as it is, else it is written again in that order below.
    const value: Record<string, unknown> = {};
    let seen = 0;
    let inOrder = true;
    // The service writes fields in the contract's order: the next one is looked for first.
    let expected = 0;
    while (!empty) {
      const lt = this.nextTag();
      if (text.charCodeAt(lt + 1) === 0x2f /* / */) {
        if (!tagAt(text, lt, close)) throw UNUSUAL;
        this.at = lt + close.length;
        break;
      }
      let index = expected < slots.length && tagAt(text, lt, slots[expected]!.open) ? expected : -1;
      for (let k = 0; index < 0 && k < slots.length; k++) if (tagAt(text, lt, slots[k]!.open)) index = k;
      let selfClosed = false;
      for (let k = 0; index < 0 && k < slots.length; k++) if (tagAt(text, lt, slots[k]!.empty)) [index, selfClosed] = [k, true];
      if (index < 0 || seen & (1 << index)) throw UNUSUAL;
      if (index !== expected) inOrder = false;
      seen |= 1 << index;
      expected = index + 1;
      const slot = slots[index]!;
      if (selfClosed) {
        this.at = lt + slot.empty.length;
        value[slot.name] = this.emptyValue(slot.plan);
      } else {
        this.at = lt + slot.open.length;
        value[slot.name] = this.value(slot.plan, slot.close);
      }
    }
    if (inOrder && expected === slots.length) return value;
    // Keys in the contract's order, as decodeFields writes them, and absent arrays as empty ones.
    const ordered: Record<string, unknown> = {};
    for (let k = 0; k < slots.length; k++) {
      const slot = slots[k]!;
      if (seen & (1 << k)) ordered[slot.name] = value[slot.name];
      else if (slot.array) ordered[slot.name] = [];
    }
    return ordered;
  }

  /** The value of an element written empty: what the strict reader gives for one without content. */
  private emptyValue(plan: Plan): unknown {
    if (plan.kind === 'structure') return this.structure(plan.slots, '', true);
    if (plan.kind === 'array') return [];
    return plan.kind === 'leaf' ? parseLeaf('', plan.type) : plan.kind === 'int' ? parseInt32('') : parseDateTime('');
  }

  /** The value of an element whose start tag was just read, up to and past `close`. */
  private value(plan: Plan, close: string): unknown {
    if (plan.kind === 'structure') return this.structure(plan.slots, close);
    if (plan.kind === 'array') return this.array(plan, close);
    const text = this.text;
    const lt = text.indexOf('<', this.at);
    if (lt < 0 || !tagAt(text, lt, close)) throw UNUSUAL;
    const from = this.at;
    this.at = lt + close.length;
    // Ints and dates in their usual form digit by digit, in place; the rest (the zero date among them) tested, then read by the codec.
    const plain =
      plan.kind === 'int' ? readPlainInt32(text, from, lt) : plan.kind === 'dateTime' ? readPlainDateTime(text, from, lt) : undefined;
    if (plain !== undefined) return plain;
    const raw = text.slice(from, lt);
    if (raw.includes(']]>') || FORBIDDEN_OR_SURROGATE.test(raw)) throw UNUSUAL;
    const leaf = raw.includes('&') ? unescapePredefined(raw) : raw;
    return plan.kind === 'leaf' ? parseLeaf(leaf, plan.type) : plan.kind === 'int' ? parseInt32(leaf) : parseDateTime(leaf);
  }

  /** A leaf's value from its text, as value() reads it. */
  private leaf(plan: Plan, raw: string): unknown {
    const plain = plan.kind === 'int' ? readPlainInt32(raw) : plan.kind === 'dateTime' ? readPlainDateTime(raw) : undefined;
    if (plain !== undefined) return plain;
    if (raw.includes(']]>')) throw UNUSUAL;
    const leaf = raw.includes('&') ? unescapePredefined(raw) : raw;
    return plan.kind === 'leaf' ? parseLeaf(leaf, plan.type) : plan.kind === 'int' ? parseInt32(leaf) : parseDateTime(leaf);
  }

  private array(plan: Plan & { kind: 'array' }, close: string): unknown[] {
    const text = this.text;
    const items: unknown[] = [];
    const whole = plan.whole;
    const slots = plan.item.kind === 'structure' ? plan.item.slots : [];
    for (;;) {
      if (whole) {
        whole.lastIndex = this.at;
        const m = whole.exec(text);
        if (m) {
          const value: Record<string, unknown> = {};
          for (let k = 0; k < slots.length; k++) value[slots[k]!.name] = this.leaf(slots[k]!.plan, m[k + 1]!);
          items.push(value);
          this.at = whole.lastIndex;
          continue;
        }
      }
      const lt = this.nextTag();
      if (text.charCodeAt(lt + 1) === 0x2f /* / */) {
        if (!tagAt(text, lt, close)) throw UNUSUAL;
        this.at = lt + close.length;
        return items;
      }
      if (tagAt(text, lt, plan.open)) {
        this.at = lt + plan.open.length;
        items.push(this.value(plan.item, plan.close));
      } else if (tagAt(text, lt, plan.empty)) {
        this.at = lt + plan.empty.length;
        items.push(this.emptyValue(plan.item));
      } else throw UNUSUAL;
    }
  }
}
