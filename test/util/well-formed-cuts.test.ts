// What toolgate writes for the model is well-formed UTF-16: a cut (clip, causeMessage, a duplicate key's echo)
// landing between the two halves of a pair left a lone surrogate, from arguments that were well-formed, and a lone
// surrogate a foreign text carried went through as it was. Anthropic's API refuses such a body ("no low surrogate
// in string"), and the result stays in the conversation: one call broke every later request (a hunt's find).
import { describe, expect, it } from 'vitest';
import { defineTool, Registry } from '../../src/index.js';
import { causeMessage } from '../../src/tools/gateway.js';
import { clip, printable } from '../../src/util/describe-value.js';

const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();
const SMILE = '\u{1F600}';

describe('cuts never split a surrogate pair', () => {
  it.each([5, 6, 7, 40, 77, 78, 79, 80, 200])('clip at %i characters of a text of pairs', (max) => {
    for (let lead = 0; lead < 4; lead++)
      expect(wellFormed(clip(`${'a'.repeat(lead)}${SMILE.repeat(60)}`, max))).toBe(true);
  });

  it('clip of a text whose escapes make it longer than max', () => {
    for (let lead = 0; lead < 4; lead++)
      expect(wellFormed(clip(`\u0001${'a'.repeat(lead)}${SMILE.repeat(9)}`, 20))).toBe(true);
  });

  it('causeMessage around its 297th character', () => {
    for (let lead = 290; lead < 300; lead++)
      expect(wellFormed(causeMessage(new Error(`${'m'.repeat(lead)}${SMILE.repeat(10)}`)))).toBe(true);
  });

  it('printable writes a lone surrogate out, keeps a pair', () => {
    expect(printable(`a\uD800b\uDC00c${SMILE}`)).toBe(`a\\ud800b\\udc00c${SMILE}`);
  });
});

describe('what the model reads back', () => {
  const registry = new Registry();
  const closed = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false } as const;
  registry.register(defineTool({ name: 'closed', inputSchema: closed, execute: () => 'ok' }));

  it.each([
    ['an unexpected property', 'closed', JSON.stringify({ [`${'a'.repeat(77)}${SMILE.repeat(10)}`]: 1 })],
    ['an unknown tool', `${'b'.repeat(77)}${SMILE.repeat(10)}`, '{}'],
    [
      'a duplicate key',
      'closed',
      `{"${'k'.repeat(60)}${SMILE.repeat(20)}":1,"${'k'.repeat(60)}${SMILE.repeat(20)}":2}`,
    ],
  ])('%s, echoed, is well-formed', async (_, name, args) => {
    expect(wellFormed(args)).toBe(true);
    const result = await registry.call({ id: 'toolu_1', name, arguments: args });
    expect(result.isError).toBe(true);
    expect(wellFormed(result.content)).toBe(true);
    expect(wellFormed(JSON.stringify(result.error))).toBe(true);
  });
});
