// Characters that change what a text says to its reader without showing themselves, in one table: a person reading
// a terminal or a review sees nothing where a model or a terminal acts on them. Bidirectional embeddings, overrides
// and isolates reorder what follows (Unicode UAX #9 §2; "Trojan Source", CVE-2021-42574); zero-width characters,
// the word joiner, invisible operators and the BOM show nothing; tag characters (U+E0000-U+E007F, Unicode §23.9)
// show nothing in a terminal, yet a model reads them as the ASCII they shadow ("ASCII smuggling"). printable
// writes every one of them out; what a tool publishes to a model may hold none of the steering ones (controls,
// bidi embeddings, overrides and isolates, tags): published-text.ts.

/** A control character but tab and the line breaks (LF, CR): C0, DEL and C1 (ECMA-48). */
export const isControl = (c: number): boolean =>
  (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f);

/** A bidi embedding, override or isolate (LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI). */
const isBidiControl = (c: number): boolean => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);

/** A tag character (a code point, not a UTF-16 unit). */
export const isTag = (cp: number): boolean => cp >= 0xe0000 && cp <= 0xe007f;

/**
 * Whether UTF-16 unit `c` (not a surrogate) shows nothing or reorders what follows: the bidi controls with the marks
 * (ALM, LRM, RLM), zero-width characters, the word joiner and invisible operators, the BOM.
 */
export const isInvisible = (c: number): boolean =>
  c === 0x061c || (c >= 0x200b && c <= 0x200f) || isBidiControl(c) || (c >= 0x2060 && c <= 0x2064) || c === 0xfeff;

/** The first steering character of `text` (a control, a bidi control, a tag), said with its `U+XXXX`; or undefined. */
export function steeringIn(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) continue;
    const cp = text.codePointAt(i) as number;
    const what = isControl(c)
      ? 'a control character'
      : isBidiControl(c)
        ? 'a bidi control'
        : isTag(cp)
          ? 'a tag character'
          : undefined;
    if (what !== undefined) return `${what} (U+${cp.toString(16).toUpperCase().padStart(4, '0')})`;
  }
  return undefined;
}

/**
 * JSON text with every C1 control and every character printable writes out (a bidi control, a zero-width or tag
 * character) inside its strings escaped as `\uXXXX`: the same JSON value, but a report a person pipes to a terminal
 * or a log viewer acts on none of them (JSON.stringify escapes C0 alone). Such characters occur only in strings.
 */
export function escapedJson(json: string): string {
  let out: string | undefined;
  let from = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c < 0x80) continue;
    const tag = c === 0xdb40 && (json.charCodeAt(i + 1) & 0xff80) === 0xdc00;
    if (!tag && !isControl(c) && !isInvisible(c)) continue;
    const units = tag ? 2 : 1;
    let written = '';
    for (let k = 0; k < units; k++)
      written += `\\u${json
        .charCodeAt(i + k)
        .toString(16)
        .padStart(4, '0')}`;
    out = `${out ?? ''}${json.slice(from, i)}${written}`;
    i += units - 1;
    from = i + 1;
  }
  return out === undefined ? json : `${out}${json.slice(from)}`;
}
