// A tool's result holding a secret the proxy masks as a number (`"structuredContent": {"pin": 12345678}` from a
// server given `--api-key 12345678`) reached the client with the number turned into the string "<redacted>": a
// value of another type than its outputSchema says, silently. It is refused now, as a listed tool holding one is
// withheld (src/proxy/calls.ts checkResult, src/proxy/client-masker.ts holdsSecretNumber); a secret in a string is
// still masked in place, its type unchanged.
import { describe, expect, it } from 'vitest';
import { checkResult } from '../../src/proxy/calls.js';
import { NEWEST_INITIALIZE } from '../../src/mcp/versions.js';

const SECRETS = ['12345678'];
const check = (result: unknown) =>
  checkResult('t', result, undefined, { outputs: new Map() }, 1_000_000, 't', false, NEWEST_INITIALIZE, SECRETS);
const REFUSED =
  'error: tool t ran but its result was not passed on: it holds a value given to the server as a number: ' +
  'masked, that number would become a string';

describe('a tool result holding a secret as a number', () => {
  it.each([
    ['in structuredContent', { content: [], structuredContent: { pin: 12345678 } }],
    ['spelled otherwise', { content: [], structuredContent: { pin: 1.2345678e7 } }],
    ['in a content block member', { content: [{ type: 'text', text: 'x', _meta: { n: 12345678 } }] }],
  ])('is refused: %s', (_where, result) => {
    const checked = check(result);
    expect(checked.problem).toBe('output');
    expect(checked).toMatchObject({ result: { isError: true, content: [{ type: 'text', text: REFUSED }] } });
  });

  it('is passed on when the secret is in a string (masked there as a string) or no secret is given', () => {
    const inText = { content: [{ type: 'text', text: 'pin 12345678' }], structuredContent: { pin: '12345678' } };
    expect(check(inText).problem).toBeUndefined();
    const plain = { content: [], structuredContent: { pin: 12345678 } };
    const unmasked = checkResult('t', plain, undefined, { outputs: new Map() }, 1_000_000);
    expect(unmasked.problem).toBeUndefined();
  });
});
