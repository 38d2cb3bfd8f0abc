// A `$ref` whose JSON Pointer fragment holds an escaped "/" (`%2F`). RFC 6901 §6 percent-decodes the whole fragment
// before reading the pointer, so `#/$defs/p%2Fnot` is the tokens `$defs`, `p`, `not`; Ajv's resolver splits the
// fragment first and decodes each token, reading the name `p/not`. toolgate's index followed the RFC and every
// dialect's engine the other reading: with both present the engine applied `p/not` (`{"x": 1}` passed where the
// schema asks for a string), and with only the RFC's target 2020-12 called the schema invalid. Now refused as
// not enforceable in every dialect (src/schema/references.ts pointerMisread); readings that agree stay admitted.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/schema/compile.js';

const URI = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
} as const;
type Dialect = keyof typeof URI;
const DIALECTS: Dialect[] = ['2020-12', '2019-09', 'draft-07'];
const DEFS: Record<Dialect, string> = { '2020-12': '$defs', '2019-09': '$defs', 'draft-07': 'definitions' };

/** Definitions where the two readings of `p%2Fnot` differ: `p/not` is an integer, the `not` of `p` a string. */
const schemaWith = (dialect: Dialect, token: string) => {
  const defs = DEFS[dialect];
  return {
    $schema: URI[dialect],
    type: 'object',
    [defs]: { 'p/not': { type: 'integer' }, p: { not: { type: 'string' } }, q: { [defs]: { r: { type: 'string' } } } },
    properties: { x: { $ref: `#/${defs}/${token.replaceAll('$D', defs)}` } },
  };
};

/** The schema's verdict on `{"x": 1}` and `{"x": "s"}`, or its refusal. */
const verdicts = (schema: unknown): string => {
  const c = validateSchema(schema, { dialects: DIALECTS });
  if (!c.ok) return `${c.error.class}: ${c.error.violations.map((v) => v.code).join(',')}`;
  const one = (text: string) => (c.value.validateJSON(text).ok ? 'valid' : 'invalid');
  return `1 ${one('{"x":1}')}, "s" ${one('{"x":"s"}')}`;
};

describe.each(DIALECTS)('%s: a pointer fragment with an escaped "/"', (dialect) => {
  it.each([
    // The readings differ: refused, never run under the engine's reading.
    ['p%2Fnot', 'unsupported_capability: not_enforceable'],
    ['p%2fnot', 'unsupported_capability: not_enforceable'],
    ['q%2F$D%2Fr', 'unsupported_capability: not_enforceable'],
    // The readings agree: admitted, and each verdict is the RFC's.
    ['p~1not', '1 valid, "s" invalid'],
    ['p%7E1not', '1 valid, "s" invalid'],
    ['p/not', '1 invalid, "s" valid'],
    ['%70/not', '1 invalid, "s" valid'],
    ['q/$D/r', '1 invalid, "s" valid'],
  ])('#/<defs>/%s: %s', (token, expected) => {
    expect(verdicts(schemaWith(dialect, token))).toBe(expected);
  });
});

describe('a pointer fragment holding a lone surrogate', () => {
  it.each(DIALECTS)('%s: refused, and the refusal says a lone surrogate, not an escaped "/"', (dialect) => {
    const c = validateSchema(schemaWith(dialect, 'p\uD800'), { dialects: DIALECTS });
    expect(c.ok ? 'admitted' : `${c.error.class}: ${c.error.message}`).toMatch(
      /^unsupported_capability: .*lone surrogate/,
    );
  });
});
