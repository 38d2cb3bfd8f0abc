// Ajv keeps every compile's validate function, schema, patterns and keyword closures in its instance's value scope,
// and `removeSchema` leaves them: the shared 2020-12 instance held every validator it had compiled, whatever the
// cache said (a hunt's find: 6,000 small schemas with the cache off, +34.5 MB kept; 600 with inlined `$ref`s ran
// a 150 MB heap out of memory). compileOn takes back what each compile added; the validators made before go on
// working, since each reads its scope values once, when Ajv creates it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCache, configureCache, DEFAULT_CACHE_SIZE, validateSchema } from '../../src/index.js';
import { sharedEngine } from '../../src/schema/engine/ajv-2020.js';

type Scope = { _values: Record<string, Map<unknown, unknown>>; _scope: Record<string, unknown[]> };
const CONFIGS = [false, true].flatMap((formatAssertion) =>
  [false, true].map((ownProperties) => ({ formatAssertion, contentAssertion: false, ownProperties })),
);
/** Every value the shared instances' scopes hold, and their slots. */
const held = (): number =>
  CONFIGS.reduce((n, config) => {
    const scope = sharedEngine(config).scope as unknown as Scope;
    const values = Object.values(scope._values).reduce((m, v) => m + v.size, 0);
    const slots = Object.values(scope._scope).reduce((m, v) => m + v.length, 0);
    return n + values + slots;
  }, 0);

/** A schema of every kind of value Ajv puts in its scope: patterns, enums, formats, a recursive `$ref`. */
const schemaOf = (k: number): Record<string, unknown> => ({
  type: 'object',
  properties: {
    n: { type: 'integer', maximum: k },
    s: { type: 'string', pattern: `^a{0,${k + 1}}$`, maxLength: k + 2 },
    e: { enum: [k, `v${k}`, { k }] },
    d: { type: 'string', format: 'date' },
    tree: { $ref: '#/$defs/tree' },
    constructor: { const: k },
  },
  $defs: { tree: { type: 'object', properties: { up: { $ref: '#/$defs/tree' }, k: { const: k } } } },
});

beforeAll(() => configureCache({ size: 0 }));
afterAll(() => {
  configureCache({ size: DEFAULT_CACHE_SIZE });
  clearCache();
});

describe('the shared engine keeps nothing of a compile', () => {
  it.each([
    ['formats as annotations', {}],
    ['formats asserted', { formatAssertion: true }],
  ])('%s: 120 distinct schemas leave the scope as it was', (_, options) => {
    validateSchema(schemaOf(-1), options); // the instance and its shared keyword values exist
    const before = held();
    for (let k = 0; k < 120; k++) expect(validateSchema(schemaOf(k), options).ok).toBe(true);
    expect(held()).toBe(before);
  });

  it('validators compiled before later compiles still give their own verdicts', () => {
    const first = Array.from({ length: 8 }, (_, k) => validateSchema(schemaOf(k), { formatAssertion: true }));
    for (let k = 100; k < 140; k++) validateSchema(schemaOf(k), { formatAssertion: true });
    for (const [k, c] of first.entries()) {
      if (!c.ok) return expect.unreachable(c.error.message);
      const good = { n: k, s: 'a'.repeat(k + 1), e: { k }, d: '2020-01-31', tree: { up: { k } }, constructor: k };
      expect(c.value.validate(good).ok).toBe(true);
      for (const [bad, path] of [
        [{ n: k + 1 }, '$.n'],
        [{ s: 'a'.repeat(k + 2) }, '$.s'],
        [{ e: { k: k + 1 } }, '$.e'],
        [{ d: '2020-02-31' }, '$.d'],
        [{ tree: { up: { k: k + 1 } } }, '$.tree.up.k'],
        [{ constructor: k + 1 }, '$.constructor'],
      ] as const) {
        const r = c.value.validate({ ...good, ...bad });
        expect(r.ok ? 'passed' : r.error.violations.map((v) => v.path).join()).toBe(path);
      }
    }
  });
});
