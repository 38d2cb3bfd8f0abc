// A tool result passed on as its server wrote it is masked as written (src/exec/mask-secrets.ts): a number whose
// digits run past what a double holds (123456780000000000000000, parsed 1.2345678e+23) was judged by its parsed
// value, which holds no secret, so it was passed, and reached the client the string "<redacted>0000000000000000".
// checkResult (src/proxy/calls.ts) judges the text it passes on too (src/proxy/client-masker.ts writesSecretNumber).
import { describe, expect, it } from 'vitest';
import { NEWEST_INITIALIZE } from '../../src/mcp/versions.js';
import { checkResult } from '../../src/proxy/calls.js';
import { clientMasker } from '../../src/proxy/client-masker.js';

const SECRETS = ['12345678'];
const lineOf = (result: string): string => `{"jsonrpc":"2.0","id":1,"result":${result}}`;
const check = (result: string) =>
  checkResult('t', JSON.parse(result), lineOf(result), { outputs: new Map() }, 1e6, 't', false, NEWEST_INITIALIZE, [
    ...SECRETS,
  ]);

describe('a tool result passed on as written', () => {
  it.each([
    ['digits past a double', '{"content":[],"structuredContent":{"n":123456780000000000000000}}'],
    ['negative, in _meta', '{"content":[],"_meta":{"n":-1234567800000000000000001}}'],
  ])('holding a secret as a number in its text is refused: %s', (_what, text) => {
    // Without the refusal this is what the client would read: a number become a string.
    expect(clientMasker(SECRETS).json(text)).toMatch(/"-?<redacted>/);
    expect(check(text).problem).toBe('output');
  });

  it.each([
    ['the secret in a string', '{"content":[{"type":"text","text":"n 123456780000000000000000"}]}'],
    ['an escaped quote before digits', '{"content":[{"type":"text","text":"\\"12345678"}]}'],
    ['the secret as a key', '{"content":[],"structuredContent":{"12345678":1}}'],
    ['a small number and an exponent', '{"content":[],"structuredContent":{"n":[1e-8,7,0.5]}}'],
  ])('holding none as a number is passed on as written: %s', (_what, text) => {
    expect(check(text)).toEqual({ text, problem: undefined });
  });
});
