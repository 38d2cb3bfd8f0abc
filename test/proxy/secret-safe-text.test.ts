// The rules of a tool whose schema holds a secret are shown by kind (src/proxy/secret-safe-text.ts): every code
// that could quote the schema, one added later too, and an error without violations, whose message is all the text.
// The end-to-end find and its fix: test/cli/proxy-schema-secrets.test.ts.
import { describe, expect, it } from 'vitest';
import { formatForModel } from '../../src/errors/format.js';
import { RULES_NOT_SHOWN, secretSafeText } from '../../src/proxy/secret-safe-text.js';
import type { GateError, Violation, ViolationCode } from '../../src/result.js';

const SECRET = 'tok_0123456789abcdefghij';
const HOLDING = { name: 't', inputSchema: { type: 'object', properties: { k: { const: `x${SECRET}` } } } };
const PLAIN = { name: 't', inputSchema: { type: 'object', properties: { k: { const: 'x' } } } };

const violation = (code: string, message: string): Violation => ({
  code: code as ViolationCode,
  message,
  params: {},
  path: '$.k',
  pointer: '/k',
  keyword: 'k',
  schemaPath: '',
});
const error = (violations: Violation[], message = 'invalid'): GateError => ({
  class: 'validation',
  message,
  violations,
});
const shown = (e: GateError, listed: object, secrets = [SECRET]): string =>
  secretSafeText(formatForModel('t', e), listed, e, 't', secrets);

describe('an invalid call of a tool whose schema holds a secret', () => {
  it.each([
    ['const_mismatch', 'not the value the schema requires'],
    ['pattern_mismatch', 'does not match the pattern the schema requires'],
    ['no_branch_matched', 'matches none of the schemas it may match'],
    ['keyword_failed', 'fails a rule of the schema'],
    ['a_code_added_later', 'fails a rule of the schema'],
  ])('%s is shown by kind', (code, kind) => {
    const text = shown(error([violation(code, `expected "x${SECRET.slice(0, 10)}…"`)]), HOLDING);
    expect(text).toBe(`error: invalid arguments for t:\n$.k: ${kind}\n${RULES_NOT_SHOWN}`);
  });

  it('a rule that quotes no schema text keeps its message beside one shown by kind', () => {
    const text = shown(
      error([violation('const_mismatch', 'q'), violation('above_maximum', '9 must be <= 3')]),
      HOLDING,
    );
    expect(text).toContain('$.k: 9 must be <= 3');
    expect(text).toContain('$.k: not the value the schema requires');
  });

  it('an error without violations: its message is not shown', () => {
    const text = shown(
      { class: 'unsupported_capability', message: `pattern ^${SECRET.slice(0, 9)}…`, violations: [] },
      HOLDING,
    );
    expect(text).toBe(`error: cannot check arguments for t: the reason is not shown\n${RULES_NOT_SHOWN}`);
  });

  it('unchanged: a tool whose schema holds no secret, no secrets, only rules that quote no schema text', () => {
    const e = error([violation('const_mismatch', 'expected "x", got "y"')]);
    expect(shown(e, PLAIN)).toBe(formatForModel('t', e));
    expect(shown(e, HOLDING, [])).toBe(formatForModel('t', e));
    expect(shown(e, HOLDING, ['short'])).toBe(formatForModel('t', e));
    const limit = error([violation('above_maximum', '9 must be <= 3')]);
    expect(shown(limit, HOLDING)).toBe(formatForModel('t', limit));
  });
});
