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

/**
 * A tag character or a supplementary variation selector (U+E0100-U+E01EF): code points, not UTF-16 units, that show
 * nothing and can carry bytes unseen after any character ("ASCII smuggling", "emoji smuggling").
 */
export const isTag = (cp: number): boolean => (cp >= 0xe0000 && cp <= 0xe007f) || (cp >= 0xe0100 && cp <= 0xe01ef);

/** A tag digit or lowercase letter (Unicode UTS #51 §2: the tag_spec of an emoji tag sequence). */
const isTagSpec = (cp: number): boolean => (cp >= 0xe0030 && cp <= 0xe0039) || (cp >= 0xe0061 && cp <= 0xe007a);

/**
 * Where a well-formed emoji tag sequence starting at `i` ends (U+1F3F4 WAVING BLACK FLAG, tag digits or letters,
 * U+E007F CANCEL TAG: a subdivision flag, such as Scotland's; UTS #51 §2), or -1: its tags are the flag's text.
 */
export function flagEnd(text: string, i: number): number {
  if (text.codePointAt(i) !== 0x1f3f4) return -1;
  for (let j = i + 2, n = 0; ; j += 2, n++) {
    const cp = text.codePointAt(j);
    if (cp === 0xe007f) return n > 0 ? j + 2 : -1;
    if (cp === undefined || !isTagSpec(cp)) return -1;
  }
}

/**
 * Whether UTF-16 unit `c` (not a surrogate) shows nothing or reorders what follows: the bidi controls with the marks
 * (ALM, LRM, RLM), zero-width characters, the word joiner and invisible operators, the BOM.
 */
export const isInvisible = (c: number): boolean =>
  c === 0x061c || (c >= 0x200b && c <= 0x200f) || isBidiControl(c) || (c >= 0x2060 && c <= 0x2064) || c === 0xfeff;

/**
 * The first steering character of `text` (a control, a bidi control, a tag) said with its `U+XXXX`; or undefined.
 * A subdivision flag's tags are the flag, and an FSI closed by a PDI with no other bidi control between is the
 * isolate localisation libraries put around a placeholder (Fluent, ICU): neither is steering. `controls`: whether
 * control characters count (not in a schema's values, such as an `enum` of separators or a `pattern`).
 */
export function steeringIn(text: string, controls = true): string | undefined {
  let closingPdi = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) continue;
    if (c === 0xd83c) {
      const end = flagEnd(text, i);
      if (end !== -1) {
        i = end - 1;
        continue;
      }
    }
    if (c === 0x2069 && i === closingPdi) continue;
    if (c === 0x2068) {
      const next = nextBidiControl(text, i + 1);
      if (next !== -1 && text.charCodeAt(next) === 0x2069) {
        closingPdi = next;
        continue;
      }
    }
    const cp = text.codePointAt(i) as number;
    const what =
      controls && isControl(c)
        ? 'a control character'
        : isBidiControl(c)
          ? 'a bidi control'
          : isTag(cp)
            ? cp >= 0xe0100
              ? 'a variation selector'
              : 'a tag character'
            : undefined;
    if (what !== undefined) return `${what} (U+${cp.toString(16).toUpperCase().padStart(4, '0')})`;
  }
  return undefined;
}

/** Where the next bidi embedding, override or isolate at or after `from` is, or -1. */
function nextBidiControl(text: string, from: number): number {
  for (let k = from; k < text.length; k++) if (isBidiControl(text.charCodeAt(k))) return k;
  return -1;
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
    const tag = c === 0xdb40 && isTag(json.codePointAt(i) as number);
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
