// Escaped surrogates on the native path (arguments/json-text-surrogates.ts): a pair written as two escapes is
// read natively; every lone one, however written next to what, still goes to the strict parser, which refuses it.
import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../../src/arguments/json-text.js';
import { parseStrictJsonText } from '../../src/arguments/json-text-strict.js';
import { parseNative } from '../../src/arguments/json-text-native.js';
import { DEFAULT_LIMITS } from '../../src/util/limits.js';

describe('escaped surrogates: pairs read natively, lone ones refused by the strict parser', () => {
  it.each([
    { name: 'a pair as two escapes', text: '{"a":"\\ud83d\\ude00"}' },
    { name: 'a pair in upper case, in a key', text: '{"\\uD83D\\uDE00x":1,"y":"\\uD83D\\uDE00"}' },
    { name: 'pairs among other escapes', text: '["\\n\\ud83d\\ude00\\u0041\\ud83d\\ude01\\\\"]' },
  ])('$name: read natively, as the strict parser reads it', ({ text }) => {
    const native = parseNative(text, DEFAULT_LIMITS);
    const strict = parseStrictJsonText(text, DEFAULT_LIMITS);
    expect(native).toBeDefined();
    expect(strict.ok && { value: strict.value.value, withinLimits: strict.value.withinLimits }).toStrictEqual(native);
  });

  it.each([
    { name: 'a high escape at the end of a string', text: '{"a":"x\\ud83d"}' },
    { name: 'a low escape alone', text: '{"a":"\\ude00x"}' },
    { name: 'a high escape before another escape', text: '{"a":"\\ud83d\\u0041"}' },
    { name: 'two high escapes', text: '{"a":"\\ud83d\\ud83d"}' },
    { name: 'a low escape before a high one', text: '{"a":"\\ude00\\ud83d"}' },
    { name: 'a high escape before a raw low surrogate', text: '{"a":"\\ud83d\ude00"}' },
    { name: 'a lone high escape in a key', text: '{"\\ud83d":1}' },
    { name: 'a lone escape nested deep', text: '[[[{"a":[1,"\\udfff"]}]]]' },
  ])('$name: handed to the strict parser, which refuses it', ({ text }) => {
    expect(parseNative(text, DEFAULT_LIMITS)).toBeUndefined();
    expect(parseJsonText(text, DEFAULT_LIMITS)).toEqual(parseStrictJsonText(text, DEFAULT_LIMITS));
    expect(parseJsonText(text, DEFAULT_LIMITS).ok).toBe(false);
  });
});
