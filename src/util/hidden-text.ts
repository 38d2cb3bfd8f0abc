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
