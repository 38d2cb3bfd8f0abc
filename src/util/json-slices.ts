// JSON.parse of a long text in slices. A 700 KB tools/list page parsed in one go held the event loop 15-40 ms
// (more when a collection landed in it), and every other session waited. The text is cut where its large
// containers hold their members: each run of small members (at most PIECE_CHARS) is given to JSON.parse, and the
// containers around them are built here, so the value is the one JSON.parse makes of the whole text. Every
// character is either inside a piece JSON.parse read or one this reader checked against JSON's grammar
// (brackets, commas, colons, whitespace), so the text is accepted exactly when JSON.parse accepts it.
import type { TimeSlices } from './time-slice.js';

/** Most characters given to one JSON.parse call (about half a millisecond to parse here). */
const PIECE_CHARS = 32 * 1024;
/**
 * Deepest container cut into pieces: a longer value below it is parsed whole. Bounds this reader's recursion,
 * whatever the nesting of a hostile text.
 */
const MAX_CUT_LEVEL = 8;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const LINE_BREAK = /[\r\n]/;

/** What a parse in slices read: the value, and whether the text held a raw CR or LF (whitespace, in JSON). */
export interface SlicedJson {
  readonly value: unknown;
  readonly lineBreaks: boolean;
  /**
   * Whether an object this reader built repeated a key: the counter was told of the value it replaced too, which
   * is not in `value`.
   */
  readonly repeatedKeys: boolean;
}

/** Told of every value the parse makes: one JSON.parse made (`piece`), or a container built around pieces. */
export interface PieceCounter {
  /** A value JSON.parse made at `level` (the text's value is level 1). */
  piece(value: unknown, level: number): void;
  /** Several values JSON.parse made together at `level`, in `wrapper`, an array that is not part of the value. */
  pieces(wrapper: readonly unknown[], level: number): void;
  /** A container this reader built at `level`. */
  container(level: number): void;
}

/** Not JSON: thrown inside the reader only, and turned into `undefined` by parseJsonInSlices. */
const NOT_JSON = new Error('not JSON');

/**
 * The value of the JSON text `text`, parsed in slices of `slices` (the event loop runs between them); undefined
 * when `text` is not JSON (where JSON.parse throws). Nothing thrown.
 */
export async function parseJsonInSlices(
  text: string,
  slices: TimeSlices,
  counter?: PieceCounter,
): Promise<SlicedJson | undefined> {
  const reader = new Reader(text, slices, counter);
  try {
    const value = await reader.value(1);
    reader.space();
    if (reader.pos !== text.length) return undefined;
    return { value, lineBreaks: reader.lineBreaks, repeatedKeys: reader.repeatedKeys };
  } catch {
    return undefined;
  }
}

class Reader {
  pos = 0;
  lineBreaks = false;
  repeatedKeys = false;
  constructor(
    private readonly text: string,
    private readonly slices: TimeSlices,
    private readonly counter: PieceCounter | undefined,
  ) {}

  /** Skips JSON whitespace (RFC 8259: space, tab, LF, CR). */
  space(): void {
    const t = this.text;
    let i = this.pos;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 0x20 || c === 0x09) i++;
      else if (c === 0x0a || c === 0x0d) {
        this.lineBreaks = true;
        i++;
      } else break;
    }
    this.pos = i;
  }

  /** The value at the next non-space character, at `level`. */
  async value(level: number): Promise<unknown> {
    this.space();
    const end = this.end(this.pos, PIECE_CHARS);
    return end < 0 ? this.long(level) : this.piece(this.pos, end, level);
  }

  /** A value longer than a piece: a container cut into pieces, else (a string, or too deep) parsed whole. */
  private long(level: number): Promise<unknown> {
    const c = this.text.charCodeAt(this.pos);
    if (level <= MAX_CUT_LEVEL && c === OPEN_ARRAY) return this.array(level);
    if (level <= MAX_CUT_LEVEL && c === OPEN_OBJECT) return this.object(level);
    return this.piece(this.pos, this.end(this.pos, Number.POSITIVE_INFINITY), level);
  }

  private async piece(from: number, to: number, level: number): Promise<unknown> {
    const text = this.text.slice(from, to);
    if (!this.lineBreaks && LINE_BREAK.test(text)) this.lineBreaks = true;
    const value: unknown = JSON.parse(text);
    this.counter?.piece(value, level);
    this.pos = to;
    if (this.slices.due()) await this.slices.pause();
    return value;
  }

  private async array(level: number): Promise<unknown[]> {
    this.counter?.container(level);
    const items: unknown[] = [];
    this.pos++;
    this.space();
    if (this.text.charCodeAt(this.pos) === CLOSE_ARRAY) {
      this.pos++;
      return items;
    }
    // A run of short items, [from, to), parsed together once it is a piece long.
    let from = -1;
    let to = -1;
    const flush = async (): Promise<void> => {
      if (from < 0) return;
      const text = this.text.slice(from, to);
      if (!this.lineBreaks && LINE_BREAK.test(text)) this.lineBreaks = true;
      const run = JSON.parse(`[${text}]`) as unknown[];
      this.counter?.pieces(run, level + 1);
      for (let i = 0; i < run.length; i++) items.push(run[i]);
      from = -1;
      if (this.slices.due()) await this.slices.pause();
    };
    for (;;) {
      const end = this.end(this.pos, PIECE_CHARS);
      if (end < 0) {
        await flush();
        items.push(await this.long(level + 1));
      } else {
        if (from < 0) from = this.pos;
        to = end;
        this.pos = end;
      }
      this.space();
      const c = this.text.charCodeAt(this.pos++);
      if (c === CLOSE_ARRAY) {
        await flush();
        return items;
      }
      if (c !== COMMA) throw NOT_JSON;
      if (from >= 0 && to - from >= PIECE_CHARS) await flush();
      this.space();
    }
  }

  private async object(level: number): Promise<Record<string, unknown>> {
    this.counter?.container(level);
    const members: Record<string, unknown> = {};
    this.pos++;
    this.space();
    if (this.text.charCodeAt(this.pos) === CLOSE_OBJECT) {
      this.pos++;
      return members;
    }
    for (;;) {
      if (this.text.charCodeAt(this.pos) !== QUOTE) throw NOT_JSON;
      const keyEnd = this.stringEnd(this.pos);
      const key = JSON.parse(this.text.slice(this.pos, keyEnd)) as string;
      this.pos = keyEnd;
      this.space();
      if (this.text.charCodeAt(this.pos++) !== COLON) throw NOT_JSON;
      const value = await this.value(level + 1);
      // As JSON.parse defines a member: an own data property (`__proto__` too, no setter run), a repeated key's
      // last value in its first place.
      if (!this.repeatedKeys && Object.hasOwn(members, key)) this.repeatedKeys = true;
      Object.defineProperty(members, key, { value, writable: true, enumerable: true, configurable: true });
      this.space();
      const c = this.text.charCodeAt(this.pos++);
      if (c === CLOSE_OBJECT) return members;
      if (c !== COMMA) throw NOT_JSON;
      this.space();
    }
  }

  /**
   * Where the value starting at `from` ends (the index after it); -1 when it is a container not closed within
   * `limit` characters. A string or a scalar is found whole. Thrown: a value the text ends inside.
   */
  private end(from: number, limit: number): number {
    const t = this.text;
    const first = t.charCodeAt(from);
    if (first === QUOTE) return this.stringEnd(from);
    if (first !== OPEN_ARRAY && first !== OPEN_OBJECT) {
      // A number or a literal: up to the next delimiter; JSON.parse reads what it is.
      let i = from;
      for (let c = t.charCodeAt(i); i < t.length && !isDelimiter(c); c = t.charCodeAt(++i));
      if (i === from) throw NOT_JSON;
      return i;
    }
    const stop = Math.min(t.length, from + limit);
    let depth = 0;
    for (let i = from; i < stop; i++) {
      const c = t.charCodeAt(i);
      if (c === QUOTE) {
        // A string past `stop` is not walked to its end here: each container around it would walk it again.
        const close = this.stringEnd(i, stop);
        if (close < 0) return -1;
        i = close - 1;
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++;
      else if ((c === CLOSE_ARRAY || c === CLOSE_OBJECT) && --depth === 0) return i + 1;
    }
    if (stop === t.length) throw NOT_JSON;
    return -1;
  }

  /**
   * The index after the string that opens at `from` (its closing quote is the first one not escaped); -1 when
   * that quote is not before `stop`.
   */
  private stringEnd(from: number, stop = Number.POSITIVE_INFINITY): number {
    const t = this.text;
    for (let i = from + 1; ; ) {
      const quote = t.indexOf('"', i);
      if (quote < 0) throw NOT_JSON;
      if (quote >= stop) return -1;
      let before = quote - 1;
      while (t.charCodeAt(before) === BACKSLASH) before--;
      if ((quote - 1 - before) % 2 === 0) return quote + 1;
      i = quote + 1;
    }
  }
}

/** Whether `c` ends a number or a literal: a comma, a closing bracket, a colon or JSON whitespace. */
function isDelimiter(c: number): boolean {
  return (
    c === COMMA ||
    c === CLOSE_ARRAY ||
    c === CLOSE_OBJECT ||
    c === COLON ||
    c === 0x20 ||
    c === 0x09 ||
    c === 0x0a ||
    c === 0x0d
  );
}
