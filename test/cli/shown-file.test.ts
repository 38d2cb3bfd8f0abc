// A file's name as check's report and messages show it (src/cli/io.ts shownFile). A review of the first fix found a
// name holding the text `\u000a` shown as one holding a newline, and line breaks written out after the 200-character
// cut (190 breaks: 1,159 characters). A name needing escapes is shown quoted, as JSON writes it, and cut after.
import { describe, expect, it } from 'vitest';
import { shownFile } from '../../src/cli/io.js';

describe('shownFile', () => {
  it.each([
    ['a plain name, as it is', 'catalogs/a.json', 'catalogs/a.json'],
    ['a Windows path, as it is', 'C:\\dir\\a.json', 'C:\\dir\\a.json'],
    ['a name of letters beyond ASCII, as it is', 'café.json', 'café.json'],
    ['a newline, quoted', 'a\nsummary: ok.json', '"a\\nsummary: ok.json"'],
    ['the text \\u000a, as it is', 'a\\u000asummary: ok.json', 'a\\u000asummary: ok.json'],
    ['ESC and BEL, quoted and written out', 'a\u001b]52;c;x\u0007.json', '"a\\u001b]52;c;x\\u0007.json"'],
    ['a line separator, quoted and written out', 'a\u2028b', '"a\\u2028b"'],
  ])('%s', (_, name, shown) => {
    expect(shownFile(name)).toBe(shown);
  });

  it('never shows two names alike: a newline and the text that escapes it', () => {
    expect(shownFile('a\nb')).not.toBe(shownFile('a\\nb'));
    expect(shownFile('a\nb')).not.toBe(shownFile('"a\\nb"'));
  });

  it('cuts what it shows, escapes included, at 200 characters and a mark', () => {
    expect(shownFile(`k${'\n'.repeat(190)}x`).length).toBeLessThanOrEqual(200);
    expect(shownFile('x'.repeat(300)).length).toBe(200);
  });
});
