// A comma is blanked as a trailing one only after a value: a review's find was `[,]`, `{,}` and `[1,,]` read as
// `[]`, `{}` and `[1]`, which neither JSON nor VS Code's JSONC reader accepts. Such a comma is left to the strict
// parse, which refuses it.
import { describe, expect, it } from 'vitest';
import { blankJsonc } from '../../src/catalog/jsonc.js';
import { readMcpConfig } from '../../src/catalog/mcp-config.js';

/** A block comment's opening. */
const OPEN = '/' + '*';

/** The commas of a text, in order. */
const commas = (text: string): number => text.split(',').length - 1;

describe('blankJsonc: a comma not after a value is not a trailing one', () => {
  it.each([
    ['a comma right after "["', '[,]'],
    ['a comma right after "{"', '{,}'],
    ['two commas', '[1,,]'],
    ['two commas, a comment between', `[1,${OPEN}*/,]`],
    ['a comment, then a comma right after "["', `[${OPEN}*/,]`],
    ["a comma right after a key's colon", '{"a":,}'],
  ])('%s: kept, and the config refused as not JSON', (_why, value) => {
    const r = blankJsonc(value);
    expect(r.ok && commas(r.value.json)).toBe(commas(value));
    const config = readMcpConfig(`{"servers": {}, "x": ${value}}`, 'mcp.json');
    expect(config.ok ? 'read' : config.error.message).toMatch(/^mcp\.json: not JSON: /);
  });

  it.each([
    ['after a string', '["a",]', ['a']],
    ['after a number', '[1,]', [1]],
    ['after a literal', '[true, null,]', [true, null]],
    ['after an array', '[[],]', [[]]],
    ['after an object, a comment between', `[{}, ${OPEN} c */ ]`, [{}]],
    ['after a value, a comment before it', `[1 ${OPEN} c */,]`, [1]],
  ])('%s: blanked', (_why, text, value) => {
    const r = blankJsonc(text);
    if (!r.ok) throw new Error(r.error.message);
    expect(JSON.parse(r.value.json)).toEqual(value);
  });
});
