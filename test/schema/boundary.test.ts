// The InputSchema boundary: each rule with a passing and a refused case.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validate, validateSchema, type ErrorClass, type SchemaOptions } from '../../src/index.js';
import { compileCounters } from '../../src/schema/compile.js';

const D = 'https://json-schema.org/draft/2020-12/schema';
type Row = { name: string; schema: unknown; options?: SchemaOptions; expect: 'ok' | ErrorClass; message?: RegExp };

const rows: Row[] = [
  // Rule 1: dialect
  { name: 'no $schema is 2020-12', schema: { type: 'object' }, expect: 'ok' },
  { name: '2020-12 URI', schema: { $schema: D }, expect: 'ok' },
  { name: '2020-12 URI with trailing #', schema: { $schema: `${D}#` }, expect: 'ok' },
  {
    name: 'draft-07 refused, naming it',
    schema: { $schema: 'http://json-schema.org/draft-07/schema#' },
    expect: 'unsupported_capability',
    message: /draft-07/,
  },
  {
    name: 'draft-04 refused',
    schema: { $schema: 'http://json-schema.org/draft-04/schema#' },
    expect: 'unsupported_capability',
    message: /draft-04/,
  },
  {
    name: 'draft-06 refused',
    schema: { $schema: 'http://json-schema.org/draft-06/schema#' },
    expect: 'unsupported_capability',
    message: /draft-06/,
  },
  {
    name: '2019-09 refused',
    schema: { $schema: 'https://json-schema.org/draft/2019-09/schema' },
    expect: 'unsupported_capability',
    message: /2019-09/,
  },
  {
    name: 'unknown dialect URI refused',
    schema: { $schema: 'https://example.com/my-dialect' },
    expect: 'unsupported_capability',
    message: /example\.com\/my-dialect/,
  },
  {
    name: 'non-string $schema refused',
    schema: { $schema: 7 },
    expect: 'unsupported_capability',
    message: /must be a string/,
  },
  {
    name: 'long dialect echoed at most 200 chars',
    schema: { $schema: `urn:${'x'.repeat(2000)}` },
    expect: 'unsupported_capability',
    message: /^(?!.*x{201})/,
  },
  {
    name: 'embedded foreign $schema refused',
    schema: { $defs: { a: { $id: 'https://e.x/a', $schema: 'http://json-schema.org/draft-07/schema#' } } },
    expect: 'unsupported_capability',
    message: /draft-07/,
  },
  // Rule 3: schema validity
  {
    name: 'type 5 is a malformed schema',
    schema: { type: 'object', properties: { a: { type: 5 } } },
    expect: 'validation',
    message: /properties\/a\/type/,
  },
  {
    name: 'minimum "3" is malformed',
    schema: { properties: { a: { minimum: '3' } } },
    expect: 'validation',
    message: /minimum/,
  },
  {
    name: 'array-form items is malformed',
    schema: { properties: { a: { items: [{ type: 'string' }] } } },
    expect: 'validation',
    message: /items/,
  },
  {
    name: 'invalid regex is malformed',
    schema: { properties: { a: { pattern: '(' } } },
    expect: 'validation',
    message: /regular expression/,
  },
  // Rule 4: keywords outside 2020-12
  ...[
    'dependencies',
    'additionalItems',
    '$recursiveRef',
    '$recursiveAnchor',
    'id',
    'divisibleBy',
    'disallow',
    'extends',
  ].map(
    (k): Row => ({
      name: `legacy keyword ${k} refused with a hint`,
      schema: {
        properties: {
          a: {
            [k]:
              k === '$recursiveAnchor'
                ? true
                : k === 'divisibleBy'
                  ? 2
                  : k === 'dependencies'
                    ? { x: ['y'] }
                    : k === 'additionalItems'
                      ? false
                      : 'x',
          },
        },
      },
      expect: 'unsupported_capability',
      message: new RegExp(`"\\${k}"|"${k}".*use `),
    }),
  ),
  {
    name: 'unknown keyword is an annotation by default',
    schema: { properties: { a: { 'x-ui': 'wide' } } },
    expect: 'ok',
  },
  {
    name: 'unknown keyword refused in reject mode',
    schema: { properties: { a: { 'x-ui': 'wide' } } },
    options: { unknownKeywords: 'reject' },
    expect: 'unsupported_capability',
    message: /x-ui/,
  },
  {
    name: 'known keywords pass in reject mode',
    schema: { type: 'object', properties: { a: { type: 'string', title: 't' } } },
    options: { unknownKeywords: 'reject' },
    expect: 'ok',
  },
  {
    name: 'legacy name as a property name is data, not a keyword',
    schema: { properties: { dependencies: { type: 'string' }, id: {} } },
    expect: 'ok',
  },
  // Rule 5: tool root
  { name: 'boolean root refused', schema: true, expect: 'validation', message: /object schema/ },
  { name: 'root type string refused', schema: { type: 'string' }, expect: 'validation', message: /root type "object"/ },
  { name: 'root type union refused', schema: { type: ['object', 'null'] }, expect: 'validation', message: /root type/ },
  { name: 'root type ["object"] accepted', schema: { type: ['object'] }, expect: 'ok' },
  { name: 'nested boolean schemas allowed', schema: { properties: { a: true, b: false } }, expect: 'ok' },
  { name: 'array as a schema refused', schema: [], expect: 'validation' },
  // Rule 7: format
  { name: 'unknown format is an annotation', schema: { properties: { a: { format: 'int32' } } }, expect: 'ok' },
  {
    name: 'unknown format refused under assertion',
    schema: { properties: { a: { format: 'int32' } } },
    options: { formatAssertion: true },
    expect: 'unsupported_capability',
    message: /int32/,
  },
  ...[undefined, 'http://json-schema.org/draft-07/schema#'].map((dialect) => ({
    name: `a long unknown format name echoed at most 200 chars (${dialect ?? '2020-12'})`,
    schema: { ...(dialect === undefined ? {} : { $schema: dialect }), properties: { a: { format: 'Z'.repeat(1e5) } } },
    options: { formatAssertion: true, dialects: ['2020-12', 'draft-07'] as const },
    expect: 'unsupported_capability' as const,
    message: /^(?![\s\S]*Z{200})[\s\S]*unknown format "Z{199}…"/,
  })),
  // Rule 8: content
  {
    name: 'unknown encoding is an annotation',
    schema: { properties: { a: { contentEncoding: 'base32' } } },
    expect: 'ok',
  },
  {
    name: 'unknown encoding refused under assertion',
    schema: { properties: { a: { contentEncoding: 'base32' } } },
    options: { contentAssertion: true },
    expect: 'unsupported_capability',
    message: /base32/,
  },
  // Rule 9: references
  {
    name: 'local ref resolves',
    schema: { properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string' } } },
    expect: 'ok',
  },
  {
    name: 'missing local ref is validation at schema time',
    schema: { properties: { a: { $ref: '#/$defs/missing' }, b: { $ref: '#nope' } } },
    expect: 'validation',
    message: /#\/\$defs\/missing, #nope/,
  },
  {
    name: 'remote ref without registry refused',
    schema: { properties: { a: { $ref: 'http://example.com/x.json' } } },
    expect: 'validation',
    message: /example\.com\/x\.json.*nothing is fetched|unresolved/,
  },
  {
    name: 'remote ref through registry',
    schema: { properties: { a: { $ref: 'http://example.com/x.json' } } },
    options: { schemaRegistry: { 'http://example.com/x.json': { type: 'string' } } },
    expect: 'ok',
  },
  {
    name: 'registry document passes the dialect gate',
    schema: { properties: { a: { $ref: 'http://example.com/x.json' } } },
    options: {
      schemaRegistry: { 'http://example.com/x.json': { $schema: 'http://json-schema.org/draft-07/schema#' } },
    },
    expect: 'unsupported_capability',
    message: /draft-07/,
  },
  {
    name: 'registry document passes the legacy keyword gate',
    schema: { properties: { a: { $ref: 'http://example.com/x.json' } } },
    options: { schemaRegistry: { 'http://example.com/x.json': { dependencies: {} } } },
    expect: 'unsupported_capability',
    message: /dependencies/,
  },
  {
    name: 'loader that throws is validation, its text withheld',
    schema: { properties: { a: { $ref: 'http://example.com/y.json' } } },
    options: {
      schemaLoader: () => {
        throw new Error('store offline');
      },
    },
    expect: 'validation',
    message: /^schemaLoader threw for http:\/\/example\.com\/y\.json \(its text is withheld/,
  },
  {
    name: 'loader returning a non-schema is validation',
    schema: { properties: { a: { $ref: 'http://example.com/y.json' } } },
    options: { schemaLoader: () => 42 as never },
    expect: 'validation',
    message: /not a schema/,
  },
  {
    name: 'loader returning a schema resolves',
    schema: { properties: { a: { $ref: 'http://example.com/y.json' } } },
    options: { schemaLoader: (u) => (u === 'http://example.com/y.json' ? { type: 'integer' } : undefined) },
    expect: 'ok',
  },
  // Rule 2: vocabularies
  {
    name: 'custom meta-schema with unknown required vocabulary refused',
    schema: { $schema: 'https://example.com/meta' },
    options: {
      schemaRegistry: {
        'https://example.com/meta': {
          $schema: D,
          $vocabulary: {
            'https://json-schema.org/draft/2020-12/vocab/core': true,
            'https://example.com/vocab/x': true,
          },
        },
      },
    },
    expect: 'unsupported_capability',
    message: /example\.com\/vocab\/x/,
  },
  {
    name: 'custom meta-schema with unknown optional vocabulary accepted',
    schema: { $schema: 'https://example.com/meta' },
    options: {
      schemaRegistry: {
        'https://example.com/meta': {
          $schema: D,
          $vocabulary: {
            'https://json-schema.org/draft/2020-12/vocab/core': true,
            'https://example.com/vocab/x': false,
          },
        },
      },
    },
    expect: 'ok',
  },
];

describe('validateSchema rules (table)', () => {
  for (const row of rows) {
    it(row.name, () => {
      const r = validateSchema(row.schema, row.options);
      if (row.expect === 'ok') {
        expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
      } else {
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.error.class).toBe(row.expect);
          if (row.message)
            expect(
              `${r.error.message} ${r.error.violations.map((v) => `${v.schemaPath} ${v.message}`).join(' ')}`,
            ).toMatch(row.message);
        }
      }
    });
  }
});

describe('a long unknown keyword under unknownKeywords: reject', () => {
  it.each([[undefined], ['http://json-schema.org/draft-07/schema#']])('is echoed at most 200 chars (%s)', (dialect) => {
    const key = 'K'.repeat(1500);
    const r = validateSchema(
      { ...(dialect === undefined ? {} : { $schema: dialect }), [key]: 1 },
      { unknownKeywords: 'reject', dialects: ['2020-12', 'draft-07'] },
    );
    expect(r.ok ? 'admitted' : [r.error.message, ...r.error.violations.map((v) => v.message)].join('\n')).toMatch(
      /^(?![\s\S]*K{200})[\s\S]*unknown keyword "K{199}…"/,
    );
  });
});

describe('arguments', () => {
  const weather = {
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer' } },
    required: ['city'],
    additionalProperties: false,
  };

  it('returns the very same reference on success (rule 6)', () => {
    const args = { city: 'Paris', days: 3 };
    const r = validate(weather, args);
    expect(r.ok && r.value).toBe(args);
  });

  it('validates deep-frozen arguments and a frozen schema without mutating either', () => {
    const freeze = <T>(o: T): T => {
      if (o && typeof o === 'object') {
        Object.values(o).forEach(freeze);
        Object.freeze(o);
      }
      return o;
    };
    const schema = freeze(structuredClone(weather));
    const args = freeze({ city: 'Paris', days: 3 });
    const before = JSON.stringify(schema);
    const compiled = validateSchema(schema);
    expect(compiled.ok).toBe(true);
    if (compiled.ok) {
      expect(compiled.value.validate(args)).toEqual({ ok: true, value: args });
      expect(compiled.value.validate({ days: 1 }).ok).toBe(false);
    }
    expect(JSON.stringify(schema)).toBe(before);
  });

  it('adds no defaults and coerces nothing', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer', default: 5 }, s: { type: 'string' } } };
    const args = { s: ' x ' };
    const r = validate(schema, args);
    expect(r.ok).toBe(true);
    expect(args).toEqual({ s: ' x ' });
    expect(validate(schema, { n: '5' }).ok).toBe(false);
  });

  it('requires a JSON object at the root even with no root type (rule 5)', () => {
    for (const args of [[], 'x', 1, null, true]) {
      const r = validate({ properties: {} }, args);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.class).toBe('validation');
    }
  });

  it('caller mutation of the schema after compiling changes nothing', () => {
    const schema = { type: 'object', properties: { u: { enum: ['c', 'f'] } } };
    const compiled = validateSchema(schema);
    (schema.properties.u.enum as string[]).push('k');
    const r = compiled.ok ? compiled.value.validate({ u: 'k' }) : compiled;
    // Refused by the enum as compiled, not by a failed compile.
    expect(r.ok ? 'accepted' : [r.error.class, r.error.violations.map((v) => v.keyword)]).toEqual([
      'validation',
      ['enum'],
    ]);
    expect(compiled.ok && compiled.value.validate({ u: 'c' }).ok).toBe(true);
  });

  it('inherited Object.prototype members do not satisfy required', () => {
    const r = validate({ required: ['toString', 'constructor'] }, {});
    expect(r.ok).toBe(false);
  });
});

describe('content and format assertion', () => {
  const content = {
    properties: {
      doc: {
        contentEncoding: 'base64',
        contentMediaType: 'application/json',
        contentSchema: { type: 'object', required: ['a'] },
      },
    },
  };
  it('content keywords are annotations by default', () => {
    expect(validate(content, { doc: 'not base64!' }).ok).toBe(true);
  });
  it('contentAssertion checks base64, JSON and contentSchema without replacing the value', () => {
    const good = { doc: Buffer.from('{"a":1}').toString('base64') };
    const r = validate(content, good, { contentAssertion: true });
    expect(r.ok && r.value).toBe(good);
    expect(validate(content, { doc: 'not base64!' }, { contentAssertion: true }).ok).toBe(false);
    expect(validate(content, { doc: Buffer.from('{"b":1}').toString('base64') }, { contentAssertion: true }).ok).toBe(
      false,
    );
    expect(validate(content, { doc: Buffer.from('{nope').toString('base64') }, { contentAssertion: true }).ok).toBe(
      false,
    );
  });
  it.each([
    ['a $ref', { $ref: '#' }],
    ['a $dynamicRef (linking makes it a $ref into the document)', { $dynamicRef: '#n' }],
    ['an own $dynamicAnchor', { $dynamicAnchor: 'm', items: { $dynamicRef: '#m' } }],
    ['an embedded $id', { $id: 'https://example.com/inner', type: 'integer' }],
    ['an $anchor', { $anchor: 'a', type: 'integer' }],
  ])('refuses a contentSchema with %s as unsupported_capability, never admitted to fail each call', (_why, inner) => {
    const schema = {
      $id: 'https://example.com/root',
      $dynamicAnchor: 'n',
      properties: { c: { contentMediaType: 'application/json', contentSchema: inner } },
    };
    const r = validateSchema(schema, { contentAssertion: true });
    expect(r.ok ? 'admitted' : r.error.class).toBe('unsupported_capability');
    // As an annotation (contentAssertion off) it changes nothing and is admitted.
    expect(validateSchema(schema).ok).toBe(true);
  });
  it('a decoded document past the default argument limits is execution_failure, kind limit, not a host throw', () => {
    const schema = { properties: { c: { contentMediaType: 'application/json' } } };
    const big = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => i));
    const r = validate(schema, { c: big }, { contentAssertion: true });
    expect(r.ok ? 'valid' : [r.error.class, r.error.kind, r.error.limit]).toEqual([
      'execution_failure',
      'limit',
      'contentMediaType',
    ]);
  });

  // A document nested past maxArgumentDepth was read as "not JSON": a mismatch, and under `not` a pass.
  it.each([
    ['as the media type', { contentMediaType: 'application/json' }, (s: string) => s],
    ['under not', { not: { contentMediaType: 'application/json' } }, (s: string) => s],
    [
      'base64-encoded, under not',
      { not: { contentEncoding: 'base64', contentMediaType: 'application/json' } },
      (s: string) => Buffer.from(s).toString('base64'),
    ],
  ])('a decoded document nested past the depth bound, %s, is a limit, never a pass or a mismatch', (_, c, encode) => {
    const schema = { type: 'object', properties: { c: { type: 'string', ...c } } };
    const deep = (n: number): string => '['.repeat(n) + ']'.repeat(n);
    const verdict = (n: number): unknown => {
      const r = validate(schema, { c: encode(deep(n)) }, { contentAssertion: true });
      return r.ok ? 'valid' : [r.error.class, r.error.kind, r.error.limit];
    };
    expect(verdict(65)).toEqual(['execution_failure', 'limit', 'contentMediaType']);
    const compiled = validateSchema(schema, { contentAssertion: true });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const json = compiled.value.validateJSON(JSON.stringify({ c: encode(deep(65)) }));
    expect(json.ok ? 'valid' : json.error.class).toBe('execution_failure');
    // At the bound itself the document is JSON: refused under not, admitted as the media type.
    expect(verdict(64)).toEqual(!('not' in c) ? 'valid' : ['validation', undefined, undefined]);
  });

  it('format is an annotation by default and asserted when asked', () => {
    const s = { properties: { ip: { format: 'ipv4' } } };
    expect(validate(s, { ip: 'nope' }).ok).toBe(true);
    expect(validate(s, { ip: 'nope' }, { formatAssertion: true }).ok).toBe(false);
    expect(validate(s, { ip: '10.0.0.1' }, { formatAssertion: true }).ok).toBe(true);
  });
  it('Ajv never writes to the console', () => {
    const spies = (['log', 'warn', 'error', 'info'] as const).map((m) => vi.spyOn(console, m));
    validateSchema({
      properties: { a: { format: 'made-up' }, b: { 'x-unknown': 1 }, c: { type: 'string', minimum: 3 } },
    });
    validateSchema({ properties: { a: { format: 'made-up' } } }, { formatAssertion: true });
    for (const s of spies) expect(s).not.toHaveBeenCalled();
  });
});

describe('references never fetch', () => {
  afterEach(() => vi.restoreAllMocks());
  it('a $ref to http://example.com/x.json with no registry is refused and fetch is never called', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const r = validateSchema({ properties: { a: { $ref: 'http://example.com/x.json' } } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.class).toBe('validation');
      expect(r.error.violations[0]?.schemaPath).toBe('/properties/a/$ref');
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });
  it('the loader is called only for URIs the registry lacks', () => {
    const seen: string[] = [];
    const r = validateSchema(
      { properties: { a: { $ref: 'http://e.x/a.json' }, b: { $ref: 'http://e.x/b.json' } } },
      {
        schemaRegistry: { 'http://e.x/a.json': { type: 'string' } },
        schemaLoader: (u) => {
          seen.push(u);
          return { type: 'number' };
        },
      },
    );
    expect(r.ok).toBe(true);
    expect(seen).toEqual(['http://e.x/b.json']);
  });
  it('a registry entry mutated after compiling changes nothing', () => {
    const doc = { type: 'string' } as Record<string, unknown>;
    const r = validateSchema(
      { properties: { a: { $ref: 'http://e.x/m.json' } } },
      { schemaRegistry: { 'http://e.x/m.json': doc } },
    );
    doc['type'] = 'number';
    expect(r.ok && r.value.validate({ a: 'text' }).ok).toBe(true);
    // The entry as compiled still refuses what it refused: a number is not a string.
    const refused = r.ok ? r.value.validate({ a: 5 }) : r;
    expect(refused.ok ? 'accepted' : [refused.error.class, refused.error.violations.map((v) => v.keyword)]).toEqual([
      'validation',
      ['type'],
    ]);
  });
});

describe('compiled once (rule 10)', () => {
  it('validate and validateJSON never call the engine compiler', () => {
    const compiled = validateSchema({
      properties: { q: { type: 'string', minLength: 2 } },
      'x-unique-for-this-test': 1,
    });
    const spy = vi.spyOn(Ajv2020.prototype, 'compile');
    expect(compiled.ok).toBe(true);
    if (compiled.ok) {
      for (let i = 0; i < 20; i++) {
        compiled.value.validate({ q: i % 2 ? 'ab' : 'a' });
        compiled.value.validateJSON('{"q":"abc"}');
      }
    }
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
  it('a cache hit still exposes the caller own schema, key order included', () => {
    const before = compileCounters();
    const a = validateSchema({ type: 'object', required: ['k'], 'x-order-test': 1 });
    const b = validateSchema({ 'x-order-test': 1, required: ['k'], type: 'object' });
    const after = compileCounters();
    expect(after.compiles - before.compiles).toBe(1);
    expect(after.hits - before.hits).toBe(1);
    expect(a.ok && JSON.stringify(a.value.schema)).toBe('{"type":"object","required":["k"],"x-order-test":1}');
    expect(b.ok && JSON.stringify(b.value.schema)).toBe('{"x-order-test":1,"required":["k"],"type":"object"}');
  });
  it('the same schema content compiles once and is cached', () => {
    const spy = vi.spyOn(Ajv2020.prototype, 'compile');
    const s = { properties: { cached: { type: 'string', maxLength: 77 } } };
    validateSchema(s);
    validateSchema(structuredClone(s));
    expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    spy.mockRestore();
  });
});

describe('nothing thrown across the API', () => {
  const hostileOptions = [null, 5, 'x', { schemaRegistry: 7 }, { schemaLoader: 'nope' }] as unknown as SchemaOptions[];
  it('odd options and odd schemas give results, not exceptions', () => {
    for (const o of hostileOptions) {
      for (const s of [undefined, null, 1, 'x', Symbol('s'), () => 1, { type: 'object' }, new Date()]) {
        const r = validateSchema(s, o);
        expect(typeof r.ok).toBe('boolean');
      }
    }
  });
});

describe('content decoding', () => {
  const media = { properties: { doc: { contentEncoding: 'base64', contentMediaType: 'application/json' } } };
  const binary = { properties: { img: { contentEncoding: 'base64' } } };
  it('base64 of binary data passes when no media type is asserted', () => {
    expect(
      validate(binary, { img: Buffer.from([0xff, 0xd8, 0xff, 0x00]).toString('base64') }, { contentAssertion: true })
        .ok,
    ).toBe(true);
  });
  it('decoded bytes that are not UTF-8 do not pass as JSON (no U+FFFD substitution)', () => {
    const bytes = Buffer.concat([Buffer.from('"'), Buffer.from([0xff]), Buffer.from('"')]);
    expect(validate(media, { doc: bytes.toString('base64') }, { contentAssertion: true }).ok).toBe(false);
  });
});

describe('decoded content is parsed as strictly as arguments', () => {
  const s = {
    properties: {
      doc: { contentMediaType: 'application/json', contentSchema: { properties: { admin: { const: false } } } },
    },
  };
  it('a duplicate key in a decoded document is refused, not read last-wins', () => {
    expect(validate(s, { doc: '{"admin":true,"admin":false}' }, { contentAssertion: true }).ok).toBe(false);
    expect(validate(s, { doc: '{"admin":false}' }, { contentAssertion: true }).ok).toBe(true);
  });
  it('an integer beyond 2^53 in a decoded document is refused', () => {
    expect(validate(s, { doc: '{"n":9007199254740993}' }, { contentAssertion: true }).ok).toBe(false);
  });
});
