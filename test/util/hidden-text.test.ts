// What printable and terminalText write out (src/util/describe-value.ts, src/util/hidden-text.ts): a hunt printed a
// server's right-to-left override, zero-width characters and tag characters raw in every text report and on the
// proxy's stderr, and a lone CR let a server's text overwrite toolgate's own line on a terminal.
import { describe, expect, it } from 'vitest';
import { clip, printable, terminalText } from '../../src/util/describe-value.js';
import { escapedJson, steeringIn } from '../../src/util/hidden-text.js';

describe('printable', () => {
  it.each([
    ['ESC and C1', '\u001B[2J\u009B', '\\u001b[2J\\u009b'],
    ['a right-to-left override and an isolate', 'a\u202Eb\u2066c', 'a\\u202eb\\u2066c'],
    ['the marks', '\u200E\u200F\u061C', '\\u200e\\u200f\\u061c'],
    ['zero-width characters and the BOM', 'x\u200By\u2060z\uFEFF', 'x\\u200by\\u2060z\\ufeff'],
    ['tag characters', 'ok\u{E0041}\u{E007F}', 'ok\\u{e0041}\\u{e007f}'],
    ['a lone surrogate', 'a\uD800b', 'a\\ud800b'],
    [
      'an emoji, accents and an RTL script, kept',
      '\u{1F600} é \u05E9\u05DC\u05D5\u05DD',
      '\u{1F600} é \u05E9\u05DC\u05D5\u05DD',
    ],
    ['tab and the line breaks, kept', 'a\tb\nc\r\nd', 'a\tb\nc\r\nd'],
  ])('%s', (_, text, shown) => {
    expect(printable(text)).toBe(shown);
  });

  it('clip cuts what the escapes made longer, and keeps a tag pair whole', () => {
    expect(clip('\u{E0041}'.repeat(10), 12)).toBe('\\u{e0041}\\u…');
  });
});

describe('terminalText', () => {
  it('writes out a CR that ends no line; CR LF stays a line end', () => {
    expect(terminalText('withheld: x\rall tools published\r\n')).toBe('withheld: x\\u000dall tools published\r\n');
  });
});

describe('steeringIn', () => {
  it.each([
    ['plain text', 'Search the docs.', undefined],
    ['a zero-width space (shown escaped, not refused)', 'a\u200Bb', undefined],
    ['a tag character', 'a\u{E0041}', 'a tag character (U+E0041)'],
    ['an RLO', '\u202E', 'a bidi control (U+202E)'],
    ['BEL', '\u0007', 'a control character (U+0007)'],
    ['an RLM in English text', 'Read\u200F it', 'a direction mark (U+200F)'],
    // The ALM is in the Arabic block: it counted as the right-to-left letter that vouched for it.
    ['an ALM in English text', 'Read\u061C it', 'a direction mark (U+061C)'],
    ['an ALM beside an Arabic number sign, no letter', '\u0600\u061C1', 'a direction mark (U+061C)'],
    ['an ALM in Arabic text, kept', '\u0627\u061C\u0644', undefined],
    ['an RLM in Hebrew text, kept', '\u05E9\u200F\u05DC', undefined],
  ])('%s', (_, text, found) => {
    expect(steeringIn(text)).toBe(found);
  });
});

// A hunt's find: `check --format json`, `validate --format json` and the proxy's --log wrote C1 controls (a CSI),
// bidi controls and tag characters raw, since JSON.stringify escapes C0 alone.
describe('escapedJson', () => {
  it.each([
    ['a C1 CSI', { name: 'bad\u009b2J' }, '{"name":"bad\\u009b2J"}'],
    ['an RLO and a zero-width space', ['a\u202eb\u200b'], '["a\\u202eb\\u200b"]'],
    ['a tag character, as its two halves', { k: 'x\u{E0041}' }, '{"k":"x\\udb40\\udc41"}'],
    ['an emoji and accents, as they are', { k: '\u{1F600} é' }, '{"k":"\u{1F600} é"}'],
  ])('%s: the same JSON value, escaped', (_, value, text) => {
    const json = escapedJson(JSON.stringify(value));
    expect(json).toBe(text);
    expect(JSON.parse(json)).toEqual(value);
  });
});
