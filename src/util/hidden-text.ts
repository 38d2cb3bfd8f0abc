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
 * A code point of plane 14's first 4,096 (tags U+E0000-U+E007F, variation selectors U+E0100-U+E01EF and the
 * unassigned rest, all default-ignorable): code points, not UTF-16 units, that show nothing and can carry bytes
 * unseen after any character ("ASCII smuggling", "emoji smuggling").
 */
export const isTag = (cp: number): boolean => cp >= 0xe0000 && cp <= 0xe0fff;

/**
 * The subdivision flags Unicode recommends (RGI: England, Scotland, Wales; UTS #51 §2, emoji-sequences.txt) as the
 * text of their tags: any other run of tags after a black flag is text no person sees, whatever it is called.
 */
const RGI_FLAG_TAGS = ['gbeng', 'gbsct', 'gbwls'].map((spec) =>
  [...spec].map((ch) => String.fromCodePoint(0xe0000 + (ch.codePointAt(0) as number))).join(''),
);

/** Where an RGI subdivision flag starting at `i` ends (U+1F3F4, its tags, U+E007F CANCEL TAG), or -1. */
export function flagEnd(text: string, i: number): number {
  if (text.codePointAt(i) !== 0x1f3f4) return -1;
  for (const tags of RGI_FLAG_TAGS) {
    const end = i + 2 + tags.length;
    if (text.startsWith(tags, i + 2) && text.codePointAt(end) === 0xe007f) return end + 2;
  }
  return -1;
}

/**
 * Whether UTF-16 unit `c` (not a surrogate) shows nothing or reorders what follows: the bidi controls with the marks
 * (ALM, LRM, RLM), zero-width characters, the word joiner and invisible operators, the BOM.
 */
export const isInvisible = (c: number): boolean =>
  c === 0x061c ||
  (c >= 0x200b && c <= 0x200f) ||
  isBidiControl(c) ||
  (c >= 0x2060 && c <= 0x2064) ||
  isFormatOnly(c) ||
  isFiller(c) ||
  c === 0xfeff;

/**
 * The rest of the BMP's Default_Ignorable_Code_Point set (Unicode DerivedCoreProperties.txt) but the variation
 * selectors (isHiddenSelector): soft hyphen, combining grapheme joiner, Hangul fillers, Khmer inherent vowels,
 * Mongolian selectors. A hunt's find: `"type\u00AD"` was printed as `unknown keyword "type"` plus a hidden hyphen.
 */
const isFiller = (c: number): boolean =>
  c === 0x00ad ||
  c === 0x034f ||
  c === 0x115f ||
  c === 0x1160 ||
  c === 0x17b4 ||
  c === 0x17b5 ||
  (c >= 0x180b && c <= 0x180f) ||
  c === 0x3164 ||
  c === 0xffa0;

/** The shorthand format controls (U+1BCA0-U+1BCA3): default-ignorable code points outside plane 14. */
export const isShorthandControl = (cp: number): boolean => cp >= 0x1bca0 && cp <= 0x1bca3;

/**
 * The deprecated format characters (U+206A-U+206F) and the interlinear annotation marks (U+FFF9-U+FFFB): shown as
 * nothing, and an annotation's text may be hidden where a model reads it (a hunt's find). steeringIn refuses them in
 * text; printable writes them out.
 */
const isFormatOnly = (c: number): boolean => (c >= 0x206a && c <= 0x206f) || (c >= 0xfff9 && c <= 0xfffb);

/**
 * The first steering character of `text` (a control, a bidi control, a tag) said with its `U+XXXX`; or undefined.
 * A subdivision flag's tags are the flag, and an FSI closed by a PDI with no other bidi control between is the
 * isolate localisation libraries put around a placeholder (Fluent, ICU): neither is steering. `controls`: whether
 * control characters count (not in a schema's values, such as an `enum` of separators); `bidi`: whether bidi
 * controls and marks do (not in a pattern, which may name them).
 */
export function steeringIn(text: string, controls = true, bidi = true): string | undefined {
  let closingPdi = -1;
  let rtl: boolean | undefined;
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
    if (isSelector(c) && isSelector(text.charCodeAt(i + 1))) return 'a run of variation selectors (U+FE00-U+FE0F)';
    // A direction mark in text with no right-to-left letter only reorders what a reader sees (an RLM before English
    // words shows them backwards where the direction is taken from the text); RTL text needs the marks.
    if (bidi && isMark(c)) {
      rtl ??= hasRtl(text);
      if (!rtl) return `a direction mark (U+${hex(c)})`;
    }
    const cp = text.codePointAt(i) as number;
    const what =
      controls && isControl(c)
        ? 'a control character'
        : controls && isFormatOnly(c)
          ? 'a format character'
          : bidi && isBidiControl(c)
            ? 'a bidi control'
            : isOddSelector(text, i)
              ? 'a variation selector'
              : plane14Kind(cp);
    if (what !== undefined) return `${what} (U+${hex(cp)})`;
  }
  return undefined;
}

/** What an invisible code point of plane 14 is (isTag), or undefined for any other. */
function plane14Kind(cp: number): string | undefined {
  if (!isTag(cp)) return undefined;
  if (cp >= 0xe0100 && cp <= 0xe01ef) return 'a variation selector';
  return cp <= 0xe007f ? 'a tag character' : 'an invisible code point';
}

const hex = (cp: number): string => cp.toString(16).toUpperCase().padStart(4, '0');

/** LRM, RLM, ALM. */
const isMark = (c: number): boolean => c === 0x200e || c === 0x200f || c === 0x061c;

/**
 * Whether `text` holds a right-to-left letter (Hebrew, Arabic, Syriac, Thaana, NKo... and presentation forms): a
 * letter, so that ALM (U+061C, in the Arabic block) or an Arabic number sign does not vouch for itself (a hunt's find:
 * an ALM in English text was admitted).
 */
const hasRtl = (text: string): boolean =>
  /(?=\p{L})(?:[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFE]|[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}])/u.test(text);

/**
 * A variation selector that selects nothing a tool's text needs: U+FE00-U+FE0D (U+FE0E and U+FE0F choose text or
 * emoji form), and the Mongolian ones (U+180B-U+180D, U+180F) after anything but a Mongolian letter. One after
 * each character carries bytes unseen as a run does.
 */
function isOddSelector(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c >= 0xfe00 && c <= 0xfe0d) return true;
  if (!((c >= 0x180b && c <= 0x180d) || c === 0x180f)) return false;
  const before = text.charCodeAt(i - 1);
  return !(before >= 0x1820 && before <= 0x18aa);
}

/** A paragraph separator of the bidi algorithm (UAX #9 type B): it ends every isolate. */
const isParagraphEnd = (c: number): boolean =>
  c === 0x0a || c === 0x0d || (c >= 0x1c && c <= 0x1e) || c === 0x85 || c === 0x2029;

/** Where the next bidi embedding, override or isolate at or after `from` is (-1 past a paragraph's end or none). */
function nextBidiControl(text: string, from: number): number {
  for (let k = from; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (isBidiControl(c)) return k;
    if (isParagraphEnd(c)) return -1;
  }
  return -1;
}

/** A variation selector of the BMP (U+FE00-U+FE0F): one after a character selects its form; a run carries bytes. */
const isSelector = (c: number): boolean => c >= 0xfe00 && c <= 0xfe0f;

/**
 * Whether the UTF-16 unit at `i` is a variation selector steeringIn refuses: one of a run, or one that selects
 * nothing text needs (isOddSelector). printable writes these out, so the two agree (a review's find).
 */
export const isHiddenSelector = (text: string, i: number): boolean =>
  (isSelector(text.charCodeAt(i)) && (isSelector(text.charCodeAt(i - 1)) || isSelector(text.charCodeAt(i + 1)))) ||
  isOddSelector(text, i);

/**
 * JSON text with every C1 control and every character printable writes out (a bidi control, a zero-width or tag
 * character) inside its strings escaped as `\uXXXX`: the same JSON value, but a report a person pipes to a terminal
 * or a log viewer acts on none of them (JSON.stringify escapes C0 alone). Such characters occur only in strings.
 * `steering` escapes only what acts on a terminal or reorders a line (C1 and DEL, bidi embeddings, overrides and
 * isolates, tags outside an RGI flag), for a person's own file written again (a client config: an emoji's joiner,
 * a Persian non-joiner, a subdivision flag stay as the file had them).
 */
export function escapedJson(json: string, only: 'hidden' | 'steering' = 'hidden'): string {
  let out: string | undefined;
  let from = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c < 0x7f) continue;
    const flag = only === 'steering' && c === 0xd83c ? flagEnd(json, i) : -1;
    if (flag !== -1) {
      i = flag - 1;
      continue;
    }
    const cp = json.codePointAt(i) as number;
    const tag = (c >= 0xdb40 && c <= 0xdb43 && isTag(cp)) || (only === 'hidden' && isShorthandControl(cp));
    const shown =
      only === 'steering'
        ? !isControl(c) && !isBidiControl(c)
        : !isControl(c) && !isInvisible(c) && !isHiddenSelector(json, i);
    if (!tag && shown) continue;
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
