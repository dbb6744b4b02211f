/**
 * The operators of a PDF content stream (ISO 32000-1, 7.8.2), read far enough to follow what a page
 * draws with: the graphics state's matrix (q, Q, cm), XObjects (Do), fonts (Tf) and inline images
 * (BI … ID … EI, their size in pixels). Strings, arrays and dictionaries are read over, not kept:
 * no operator needed here takes them.
 */

/** An operand: a number, a name (without its slash), or something else read over (a string, an array, a dictionary, a boolean). */
export type Operand = number | { readonly name: string } | null;

export interface Operation {
  readonly operator: string;
  readonly operands: readonly Operand[];
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const regular = (byte: number) => !WHITESPACE.has(byte) && !DELIMITERS.has(byte);

class Scanner {
  pos = 0;
  constructor(readonly data: Uint8Array) {}

  get done(): boolean {
    return this.pos >= this.data.length;
  }

  peek(offset = 0): number {
    return this.data[this.pos + offset] ?? -1;
  }

  skipSpace(): void {
    while (!this.done) {
      const byte = this.peek();
      if (WHITESPACE.has(byte)) this.pos++;
      else if (byte === 0x25) while (!this.done && this.peek() !== 0x0a && this.peek() !== 0x0d) this.pos++;
      else return;
    }
  }

  word(): string {
    const start = this.pos;
    while (!this.done && regular(this.peek())) this.pos++;
    return String.fromCharCode(...this.data.subarray(start, this.pos));
  }

  name(): string {
    this.pos++; // the slash
    return this.word().replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  /** A literal string, its balanced parentheses and escapes read over. */
  literal(): void {
    let depth = 0;
    while (!this.done) {
      const byte = this.data[this.pos++]!;
      if (byte === 0x5c) this.pos++;
      else if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) return;
    }
  }

  hex(): void {
    while (!this.done && this.data[this.pos++] !== 0x3e);
  }

  /** An inline image's data, after ID and its one white-space byte: up to EI standing alone. */
  imageData(): void {
    this.pos++;
    while (!this.done) {
      if (
        this.peek() === 0x45 &&
        this.peek(1) === 0x49 &&
        WHITESPACE.has(this.peek(-1)) &&
        (this.pos + 2 >= this.data.length || WHITESPACE.has(this.peek(2)))
      ) {
        this.pos += 2;
        return;
      }
      this.pos++;
    }
  }
}

/** Every operation in a content stream, in order. A stream cut short ends where it is cut. */
export function* operations(data: Uint8Array): Generator<Operation> {
  const scan = new Scanner(data);
  let operands: Operand[] = [];
  // Inside an array or a dictionary: what is read there is one operand, kept as null.
  let depth = 0;
  const operand = (value: Operand) => {
    if (depth === 0) operands.push(value);
  };
  while (true) {
    scan.skipSpace();
    if (scan.done) return;
    const byte = scan.peek();
    if (byte === 0x2f) {
      const name = scan.name();
      operand({ name });
    } else if (byte === 0x28) {
      scan.literal();
      operand(null);
    } else if (byte === 0x3c && scan.peek(1) === 0x3c) {
      scan.pos += 2;
      depth++;
    } else if (byte === 0x3e && scan.peek(1) === 0x3e) {
      scan.pos += 2;
      depth = Math.max(0, depth - 1);
      operand(null);
    } else if (byte === 0x3c) {
      scan.hex();
      operand(null);
    } else if (byte === 0x5b) {
      scan.pos++;
      depth++;
    } else if (byte === 0x5d) {
      scan.pos++;
      depth = Math.max(0, depth - 1);
      operand(null);
    } else if (!regular(byte)) {
      scan.pos++; // a stray delimiter: read over
    } else {
      const word = scan.word();
      const number = Number(word);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) && Number.isFinite(number)) operand(number);
      else if (depth > 0 || word === 'true' || word === 'false' || word === 'null') operand(null);
      else if (word === 'BI') {
        yield { operator: 'BI', operands: inlineImageSize(scan) };
        operands = [];
      } else {
        yield { operator: word, operands };
        operands = [];
      }
    }
  }
}

/** An inline image's dictionary up to ID, read for its width and height, then its data read over: [width, height]. */
function inlineImageSize(scan: Scanner): Operand[] {
  let key: string | undefined;
  const size: { W?: number; H?: number } = {};
  while (true) {
    scan.skipSpace();
    if (scan.done) break;
    const byte = scan.peek();
    if (byte === 0x2f) {
      const name = scan.name();
      if (key === undefined) key = name;
      else key = undefined;
      continue;
    }
    if (byte === 0x28) scan.literal();
    else if (byte === 0x3c) scan.hex();
    else if (byte === 0x5b || byte === 0x5d) scan.pos++;
    else {
      const word = scan.word();
      if (word === 'ID') {
        scan.imageData();
        break;
      }
      if (word === '') scan.pos++;
      const value = Number(word);
      if (key === 'W' || key === 'Width') size.W = value;
      if (key === 'H' || key === 'Height') size.H = value;
    }
    key = undefined;
  }
  return [size.W ?? 0, size.H ?? 0];
}
