// Messages show schema values (`enum`, `const`, `required` names) cut to a preview. They were written
// whole and then cut: a 1 MB value was copied for every violation (400 ms for 407 bytes of arguments).
// Asserted by the characters JSON.stringify returns during a validation, not by time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { boundedJson, quote } from '../../src/util/describe-value.js';

const HUGE = 'x'.repeat(200_000);
const DIALECTS: [string, string | undefined][] = [
  ['2020-12', undefined],
  ['2019-09', 'https://json-schema.org/draft/2019-09/schema'],
  ['draft-07', 'http://json-schema.org/draft-07/schema#'],
];

/** Characters JSON.stringify returned while `run` ran. */
function stringified(run: () => void): number {
  const real = JSON.stringify;
  let chars = 0;
  const spy = vi.spyOn(JSON, 'stringify').mockImplementation((...args: Parameters<typeof JSON.stringify>) => {
    const text = real(...args);
    chars += text?.length ?? 0;
    return text;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return chars;
}

afterEach(() => vi.restoreAllMocks());

describe('a message copies no more of a schema value than it shows', () => {
  const bodies: [string, Record<string, unknown>, string][] = [
    ['enum', { items: { enum: [HUGE, 1] } }, '[0,0,0,0,0,0,0,0,0,0]'],
    ['const', { items: { const: [HUGE] } }, '[0,0,0,0,0,0,0,0,0,0]'],
    ['required', { items: { required: [HUGE] } }, '[{},{},{},{},{},{},{},{},{},{}]'],
    // The closest branch of a union is picked by its `const`/`enum` discriminator, read as far as it can match.
    [
      'discriminator',
      { items: { anyOf: [{ properties: { k: { const: HUGE } }, required: ['z'] }, { required: ['y'] }] } },
      '[{"k":"q"},{"k":"q"},{"k":"q"},{"k":"q"},{"k":"q"},{"k":"q"},{"k":"q"},{"k":"q"},{"k":"q"},{"k":"q"}]',
    ],
  ];
  for (const [dialect, $schema] of DIALECTS)
    it.each(bodies)(`${dialect}: %s over 10 failing items`, (_name, a, items) => {
      const schema = { ...($schema === undefined ? {} : { $schema }), type: 'object', properties: { a } };
      const c = validateSchema(schema, { dialects: ['2020-12', '2019-09', 'draft-07'] });
      if (!c.ok) throw new Error(c.error.message);
      let message = '';
      const chars = stringified(() => {
        const r = c.value.validateJSON(`{"a":${items}}`);
        message = r.ok ? 'ok' : r.error.message;
      });
      expect(message).toMatch(/^invalid arguments: \d+ violations/);
      // Ten violations shown in at most a few hundred characters each; the value is 200,000.
      expect(chars).toBeLessThan(20_000);
    });
});

describe('boundedJson writes the first characters JSON.stringify would', () => {
  const circular: Record<string, unknown> = { a: 1 };
  circular['self'] = circular;
  const values: unknown[] = [
    null,
    true,
    -0,
    1e300,
    Number.NaN,
    'a"b\n\u2028',
    '😀'.repeat(50),
    'x'.repeat(300),
    [],
    {},
    [1, [2, [3]], { a: undefined, b: () => 1, c: null }],
    { z: 1, a: [undefined, () => 2, Symbol('s')], 'k"': 'v' },
    new Date(0),
    [{ toJSON: (k: string) => `key ${k}` }],
    { ['q'.repeat(300)]: 1 },
    Array.from({ length: 50 }, (_, i) => ({ i, s: 'ab'.repeat(i) })),
  ];
  it.each(values.map((v) => [v]))('%o, at every length from 0 to 400', (v) => {
    const full = JSON.stringify(v);
    // Where a cut would split a surrogate pair it keeps one character less: what it writes stays well-formed.
    for (let limit = 0; limit <= 400; limit++) {
      const cut = full.slice(0, limit);
      expect(boundedJson(v, limit)).toBe(/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut);
    }
  });
  it('sorted keys order by UTF-16 code units; undefined where JSON.stringify gives undefined', () => {
    expect(boundedJson({ b: 1, a: { d: 2, c: 3 }, B: 0 }, 100, true)).toBe('{"B":0,"a":{"c":3,"d":2},"b":1}');
    expect(boundedJson(undefined, 10)).toBeUndefined();
    expect(boundedJson(() => 1, 10)).toBeUndefined();
  });
  it('quote never throws: a cycle or a BigInt is named by its type', () => {
    expect(quote(circular)).toBe('object');
    expect(quote(10n)).toBe('bigint');
    expect(quote(undefined)).toBe('undefined');
  });
  it('a long array is read only as far as the preview: its later members are never touched', () => {
    const long = Array.from({ length: 1_000 }, (_, i) => i);
    const touched = new Proxy(long, {
      get(target, key, receiver) {
        if (typeof key === 'string' && Number(key) > 100) throw new Error(`member ${key} read`);
        return Reflect.get(target, key, receiver);
      },
    });
    expect(quote(touched)).toBe(`${JSON.stringify(long).slice(0, 79)}…`);
  });
});
