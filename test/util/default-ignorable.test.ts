// Every Default_Ignorable_Code_Point outside plane 14 is written out: a hunt's find, a soft hyphen after "type" was
// printed raw in `unknown keyword "type"` (lint's keyword-typo) and the reader saw a plain "type".
import { describe, expect, it } from 'vitest';
import { printable } from '../../src/util/describe-value.js';
import { escapedJson } from '../../src/util/hidden-text.js';
import { lintSchema } from '../../src/lint/lint.js';

const hex = (cp: number): string =>
  cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, '0')}`;

describe('default-ignorable code points are written out', () => {
  it.each([
    ['soft hyphen', 0x00ad],
    ['combining grapheme joiner', 0x034f],
    ['Hangul choseong filler', 0x115f],
    ['Hangul jungseong filler', 0x1160],
    ['Khmer vowel inherent AQ', 0x17b4],
    ['Khmer vowel inherent AA', 0x17b5],
    ['Mongolian free variation selector one', 0x180b],
    ['Mongolian vowel separator', 0x180e],
    ['Mongolian free variation selector four', 0x180f],
    ['Hangul filler', 0x3164],
    ['halfwidth Hangul filler', 0xffa0],
    ['shorthand format letter overlap', 0x1bca0],
    ['shorthand format up step', 0x1bca3],
  ])('%s', (_, cp) => {
    const ch = String.fromCodePoint(cp);
    expect(printable(`a${ch}b`)).toBe(`a${hex(cp)}b`);
    const escaped = Array.from({ length: ch.length }, (_, k) => ch.charCodeAt(k));
    expect(escapedJson(JSON.stringify(`a${ch}`))).toBe(
      `"a${escaped.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}"`,
    );
  });

  it('a selector after an emoji, Hangul and Mongolian letters stay as they are', () => {
    for (const text of ['\u2764\uFE0F', '\uD55C\uAE00', '\u182E\u1823\u1829']) expect(printable(text)).toBe(text);
  });

  it('lint names a keyword with a soft hyphen so the reader sees it', () => {
    const r = lintSchema({ type: 'object', properties: { a: { 'type\u00AD': 'string' } } });
    expect(r.ok && r.value.map((w) => w.message)).toEqual([
      'unknown keyword "type\\u00ad" is ignored; did you mean "type"?',
    ]);
  });
});
