// Every dialect goes through one pipeline (src/schema/pipeline.ts, front-ends.ts): each document is admitted,
// indexed with its dialect's identification and every reference resolved before the dialect's engine compiles
// once. Before, draft-07 and 2019-09 compiled, caught Ajv's missing-reference error, fetched that one document
// and compiled again: a reference the engine never reached (an unused definition) was never checked, a relative
// reference from a root without `$id` looked the registry up under another URI than 2020-12 did, only the
// first unresolved reference was named, and a repeated `$id: "#name"` surfaced as an engine error.
import { describe, expect, it } from 'vitest';
import { compileSchema, validateSchema } from '../../src/schema/compile.js';

const URI = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
} as const;
type Dialect = keyof typeof URI;
const DIALECTS: Dialect[] = ['2020-12', '2019-09', 'draft-07'];
const OPTIONS = { dialects: DIALECTS };
/** Where each dialect keeps definitions. */
const DEFS: Record<Dialect, string> = { '2020-12': '$defs', '2019-09': '$defs', 'draft-07': 'definitions' };

const verdict = (schema: unknown, options: object = OPTIONS): string => {
  const r = validateSchema(schema, options);
  return r.ok ? 'admitted' : `${r.error.class}: ${r.error.violations.map((v) => v.code).join(',')}`;
};

describe.each(DIALECTS)('%s: every reference resolved before the engine compiles', (dialect) => {
  const defs = DEFS[dialect];
  it('refuses an unresolvable reference in a definition nothing uses (unused definitions are checked too)', () => {
    const schema = { $schema: URI[dialect], type: 'object', [defs]: { u: { $ref: `#/${defs}/nope` } } };
    expect(verdict(schema)).toBe('validation: reference_unresolved');
  });

  it('asks the loader for a document only an unused definition references, once, before compiling', () => {
    const asked: string[] = [];
    const schema = {
      $schema: URI[dialect],
      type: 'object',
      properties: { a: { $ref: 'http://x.test/used.json' } },
      [defs]: { u: { $ref: 'http://x.test/unused.json' } },
    };
    const r = validateSchema(schema, {
      ...OPTIONS,
      schemaLoader: (uri) => {
        asked.push(uri);
        return { type: 'string' };
      },
    });
    expect(r.ok).toBe(true);
    expect(asked.sort()).toEqual(['http://x.test/unused.json', 'http://x.test/used.json']);
  });

  it('names every unresolved reference, not only the first', () => {
    const schema = {
      $schema: URI[dialect],
      type: 'object',
      properties: { a: { $ref: `#/${defs}/x` }, b: { $ref: `#/${defs}/y` } },
    };
    const r = validateSchema(schema, OPTIONS);
    expect(r.ok ? [] : r.error.violations.map((v) => v.schemaPath)).toEqual([
      '/properties/a/$ref',
      '/properties/b/$ref',
    ]);
  });

  it('finds a relative reference from a root without $id under the registry key it was given', () => {
    const schema = { $schema: URI[dialect], type: 'object', properties: { a: { $ref: 'other.json' } } };
    const r = validateSchema(schema, { ...OPTIONS, schemaRegistry: { 'other.json': { type: 'string' } } });
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.validate({ a: 'x' }).ok, r.value.validate({ a: 1 }).ok]).toEqual([true, false]);
  });

  it('finds it from a root whose $id is relative too, resolved against the same base', () => {
    const schema = {
      $schema: URI[dialect],
      $id: 'root.json',
      type: 'object',
      properties: { a: { $ref: 'other.json' } },
    };
    const r = validateSchema(schema, { ...OPTIONS, schemaRegistry: { 'other.json': { type: 'string' } } });
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.validate({ a: 'x' }).ok, r.value.validate({ a: 1 }).ok]).toEqual([true, false]);
  });

  it("resolves a reference to the dialect's own meta-schema without the registry", () => {
    const meta = URI[dialect];
    const schema = { $schema: meta, type: 'object', properties: { s: { $ref: meta } } };
    const r = validateSchema(schema, OPTIONS);
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.validate({ s: { type: 'string' } }).ok, r.value.validate({ s: { type: 1 } }).ok]).toEqual([
      true,
      false,
    ]);
  });

  it('refuses a missing fragment of a meta-schema the engine carries as unresolved, like any other', () => {
    const schema = {
      $schema: URI[dialect],
      type: 'object',
      properties: { s: { $ref: `${URI[dialect].replace(/#$/, '')}#/nope` } },
    };
    expect(verdict(schema)).toBe('validation: reference_unresolved');
  });
});

describe.each(['draft-07', '2019-09'] as const)("%s: Ajv's alias of the dialect's meta-schema", (dialect) => {
  it('resolves `http://json-schema.org/schema` to the meta-schema the engine carries, as before', () => {
    const schema = {
      $schema: URI[dialect],
      type: 'object',
      properties: { s: { $ref: 'http://json-schema.org/schema' } },
    };
    const r = validateSchema(schema, OPTIONS);
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.validate({ s: { type: 'string' } }).ok, r.value.validate({ s: { type: 1 } }).ok]).toEqual([
      true,
      false,
    ]);
  });
});

describe("each dialect's identification, read by the one index", () => {
  it('draft-07: `$id: "#name"` in a registry document names a location a reference reaches', () => {
    const schema = { $schema: URI['draft-07'], type: 'object', properties: { s: { $ref: 'http://x.test/d.json#n' } } };
    const registry = { 'http://x.test/d.json': { definitions: { n: { $id: '#n', type: 'string' } } } };
    const r = validateSchema(schema, { ...OPTIONS, schemaRegistry: registry });
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.validate({ s: 'x' }).ok, r.value.validate({ s: 1 }).ok]).toEqual([true, false]);
  });

  it('draft-07: the same `$id: "#name"` twice is a duplicate identifier (a broken schema), as in 2020-12', () => {
    const schema = {
      $schema: URI['draft-07'],
      type: 'object',
      definitions: { a: { $id: '#n' }, b: { $id: '#n' } },
      properties: { x: { $ref: '#n' } },
    };
    expect(verdict(schema)).toBe('validation: duplicate_id');
  });

  it('draft-07: `$anchor` is an annotation there, so it names nothing', () => {
    const schema = {
      $schema: URI['draft-07'],
      properties: { a: { $ref: '#n' } },
      definitions: { x: { $anchor: 'n' } },
    };
    const r = compileSchema(schema, OPTIONS, { toolRoot: false });
    expect(r.ok ? 'admitted' : r.error.violations.map((v) => v.code)).toEqual(['reference_unresolved']);
  });

  it('2019-09: `$anchor` in a registry document names a location', () => {
    const schema = { $schema: URI['2019-09'], type: 'object', properties: { s: { $ref: 'http://x.test/d.json#n' } } };
    const registry = { 'http://x.test/d.json': { $defs: { n: { $anchor: 'n', type: 'string' } } } };
    const r = validateSchema(schema, { ...OPTIONS, schemaRegistry: registry });
    if (!r.ok) throw new Error(r.error.message);
    expect([r.value.validate({ s: 'x' }).ok, r.value.validate({ s: 1 }).ok]).toEqual([true, false]);
  });

  it('a document of another dialect is refused wherever the reference sits', () => {
    const schema = { $schema: URI['draft-07'], type: 'object', definitions: { u: { $ref: 'http://x.test/d.json' } } };
    const registry = { 'http://x.test/d.json': { $schema: URI['2020-12'], type: 'string' } };
    expect(verdict(schema, { ...OPTIONS, schemaRegistry: registry })).toBe(
      'unsupported_capability: dialect_unsupported',
    );
  });

  it('an in-place cycle through a registry document is refused before the engine compiles', () => {
    const schema = { $schema: URI['draft-07'], type: 'object', allOf: [{ $ref: 'http://x.test/d.json' }] };
    const registry = { 'http://x.test/d.json': { allOf: [{ $ref: 'http://x.test/d.json' }] } };
    expect(verdict(schema, { ...OPTIONS, schemaRegistry: registry })).toBe('unsupported_capability: not_enforceable');
  });
});

describe.each(['2019-09', 'draft-07'] as const)(
  '%s: the engine resolves a reference where the index does',
  (dialect) => {
    const at = (name: string, via: 'pointer' | 'id'): unknown => ({
      $schema: URI[dialect],
      $id: 'http://x.test/root.json',
      type: 'object',
      properties: { p: { $ref: via === 'pointer' ? `#/definitions/${name}` : 'sub.json' } },
      definitions: {
        x: { type: 'number' },
        [name]: {
          $id: 'http://x.test/sub.json',
          definitions: { x: { type: 'string' } },
          properties: { q: { $ref: '#/definitions/x' } },
        },
      },
    });
    // Ajv ignores the `$id` of a node reached by a pointer step named like a map keyword (PREVENT_SCOPE_CHANGE),
    // so `q` was validated against the root's `x` (a number) where Core §8.2 and the index say the sub
    // resource's (a string).
    it.each(['properties', 'definitions', 'enum', 'dependencies', 'patternProperties'])(
      'refuses a reference inside a resource named "%s" (the engine would resolve it against the outer base)',
      (name) => {
        for (const via of ['pointer', 'id'] as const)
          expect(verdict(at(name, via))).toBe('unsupported_capability: not_enforceable');
      },
    );

    it('admits such a resource when its references are absolute (no base to lose)', () => {
      const schema = at('properties', 'pointer') as { definitions: { properties: { properties: object } } };
      schema.definitions.properties.properties = { q: { $ref: 'http://x.test/sub.json#/definitions/x' } };
      expect(verdict(schema)).toBe('admitted');
    });

    it('still admits the same resource under another name, validated against its own base', () => {
      const compiled = validateSchema(at('plain', 'pointer'), OPTIONS);
      expect(
        compiled.ok && [compiled.value.validate({ p: { q: 's' } }).ok, compiled.value.validate({ p: { q: 1 } }).ok],
      ).toEqual([true, false]);
    });
  },
);

describe.each(DIALECTS)('%s: a URI the index, the engine and RFC 3986 read alike', (dialect) => {
  // The index reads URIs as WHATWG URL does, Ajv and the specification (Core §8.2) as RFC 3986 does: each pair of
  // resources below is two resources for both, but the reference named the first for the index and the second for
  // Ajv, which then validated `p` as a number where the index (and the in-place check) assumed a string. 2020-12
  // links its documents by the index's reading, so it took the first where RFC 3986 names the second (a hunt's find).
  const twoResources = (ref: string, first: string, second: string): unknown => ({
    $schema: URI[dialect],
    $id: 'http://x.test/root.json',
    type: 'object',
    properties: { p: { $ref: ref } },
    [DEFS[dialect]]: { a: { $id: first, type: 'string' }, b: { $id: second, type: 'number' } },
  });
  it.each([
    ['a backslash (WHATWG reads "/")', 'sub\\t.json', 'sub/t.json', 'sub%5Ct.json'],
    ['a tab (WHATWG drops it)', 'a\tb.json', 'ab.json', 'a%09b.json'],
    ['a trailing space (WHATWG trims it)', 'a.json ', 'a.json', 'a.json%20'],
  ])('refuses a reference with %s as not a URI reference', (_, ref, first, second) => {
    expect(verdict(twoResources(ref, first, second))).toBe('validation: schema_invalid');
  });

  // RFC 3986 §5.2.2: a reference with a scheme is that absolute URI; WHATWG URL reads a special scheme without "//"
  // as a path beside a base of that scheme (`http:foo` was the resource `foo`), or as a host (`https:///foo`).
  it.each([['http:foo'], ['HTTP:foo'], ['http:/foo'], ['https:///foo'], ['ws:foo']])(
    'refuses the reference %s, which URL parsers read as different URIs',
    (ref) => {
      const schema = {
        $schema: URI[dialect],
        $id: 'http://x.test/root.json',
        type: 'object',
        properties: { p: { $ref: ref } },
        [DEFS[dialect]]: { a: { $id: 'foo', type: 'string' } },
      };
      expect(verdict(schema)).toBe('unsupported_capability: not_enforceable');
    },
  );

  it('refuses a percent-escape Ajv normalises: it took the embedded a.json where the index pulled %61.json', () => {
    const schema = {
      $schema: URI[dialect],
      $id: 'http://x.test/root.json',
      type: 'object',
      properties: { p: { $ref: '%61.json' } },
      definitions: { a: { $id: 'a.json', type: 'string' } },
    };
    const r = validateSchema(schema, { ...OPTIONS, schemaRegistry: { 'http://x.test/%61.json': { type: 'number' } } });
    expect(r.ok ? 'admitted' : r.error.violations.map((v) => v.code).join()).toBe('not_enforceable');
  });
});

describe.each(['2019-09', 'draft-07'] as const)(
  '%s: the compile cost counts inline copies across documents',
  (dialect) => {
    // Ajv inlines a target without references at each reference, from another document too; each document's
    // own estimate missed them (250 x 250 compiled for 26 s, then overflowed the stack). 2020-12 links the
    // documents into one and estimates that, so both dialects now charge what 2020-12 charges.
    const wide = (n: number, prefix: string, value: unknown): Record<string, unknown> =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, value]));
    const schema = (n: number): unknown => ({
      $schema: URI[dialect],
      type: 'object',
      properties: wide(n, 'p', { $ref: 'http://x.test/wide.json' }),
    });
    const options = (n: number): object => ({
      ...OPTIONS,
      schemaRegistry: { 'http://x.test/wide.json': { type: 'object', properties: wide(n, 'k', { type: 'string' }) } },
    });

    it('refuses 30 references to a registry document of 30 properties as maxCompileCost, before compiling', () => {
      const r = validateSchema(schema(30), options(30));
      expect(r.ok ? 'admitted' : r.error.violations[0]?.keyword).toBe('maxCompileCost');
      const linked = validateSchema({ ...(schema(30) as object), $schema: URI['2020-12'] }, options(30));
      expect(linked.ok ? 'admitted' : linked.error.violations[0]?.keyword).toBe('maxCompileCost');
    });

    it('admits 10 references to a registry document of 10 properties', () => {
      expect(validateSchema(schema(10), options(10)).ok).toBe(true);
    });
  },
);

describe('the compile cache keys what a schema was compiled against', () => {
  // The key of a schema that used the registry is taken before the engine's rewrite now, which had made the
  // vocabularies part of the content: a schema whose meta-schema left out the validation vocabulary (its
  // keywords annotations) served a later call whose meta-schema lists it, and `maxLength` went unchecked.
  it('does not reuse a validator compiled under a meta-schema with other vocabularies', () => {
    const V = 'https://json-schema.org/draft/2020-12/vocab/';
    const meta = (vocabularies: string[]): object => ({
      $schema: URI['2020-12'],
      $vocabulary: Object.fromEntries(vocabularies.map((v) => [`${V}${v}`, true])),
    });
    const schema = { $schema: 'urn:one-pipeline:meta', type: 'object', properties: { cacheKey: { maxLength: 2 } } };
    const check = (vocabularies: string[]): boolean | string => {
      const c = validateSchema(schema, { schemaRegistry: { 'urn:one-pipeline:meta': meta(vocabularies) } });
      return c.ok ? c.value.validate({ cacheKey: 'long' }).ok : c.error.message;
    };
    expect(check(['core', 'applicator'])).toBe(true);
    expect(check(['core', 'applicator', 'validation'])).toBe(false);
  });
});

describe.each(DIALECTS)('%s: a relative root $id is resolved once', (dialect) => {
  // The root's `$id` was resolved against ANONYMOUS_BASE, then again against that result by the index:
  // `dir/root` became toolgate:/dir/dir/root, and `other` was asked for under dir/dir/.
  it('finds the registry document next to the root $id', () => {
    const asked: string[] = [];
    const r = validateSchema(
      { $schema: URI[dialect], $id: 'dir/root.json', type: 'object', properties: { p: { $ref: 'other.json' } } },
      {
        ...OPTIONS,
        schemaRegistry: { 'dir/other.json': { type: 'string' } },
        schemaLoader: (uri) => void asked.push(uri),
      },
    );
    expect(asked).toEqual([]);
    expect(r.ok && [r.value.validate({ p: 's' }).ok, r.value.validate({ p: 1 }).ok]).toEqual([true, false]);
  });
});

describe('draft-07: a $id with a JSON Pointer fragment', () => {
  // Ajv files `http://x.test/x#/definitions/a` as this subschema's own URI, so a `$ref` to it validated `p`
  // against it (a string); the index, like @hyperjump/json-schema, follows the pointer inside x (a number).
  it.each(['x.json#/definitions/a', 'x.json#%2Fdefinitions/a'])('refuses $id %s', (id) => {
    const schema = {
      $schema: URI['draft-07'],
      $id: 'http://x.test/root.json',
      type: 'object',
      properties: { p: { $ref: 'x.json#/definitions/a' } },
      definitions: { n: { $id: id, type: 'string', definitions: { a: { type: 'number' } } } },
    };
    expect(verdict(schema)).toBe('unsupported_capability: not_enforceable');
  });
});

describe('2019-09: one target reached through an anchor and through a pointer', () => {
  // ref-paths.ts entered an environment for `#/$defs/d`; reached while Ajv compiled the same node for `#anc`,
  // Ajv's recursion guard answered with that other environment and the entered one never got a function:
  // every call through it threw ("wrapper0.validate is not a function"), an execution_failure blamed on the host.
  it('validates instead of throwing', () => {
    const schema = {
      $schema: URI['2019-09'],
      $id: 'http://x.test/root.json',
      $defs: { d: { $anchor: 'anc', properties: { q: { $ref: '#/$defs/d' } } } },
      properties: { p: { $ref: '#anc' } },
    };
    const c = validateSchema(schema, OPTIONS);
    expect(c.ok && [c.value.validate({ p: { q: 's' } }).ok, c.value.validate({ p: { q: { q: 1 } } }).ok]).toEqual([
      true,
      true,
    ]);
  });
});

describe.each(DIALECTS)('%s: references into a document found nowhere', (dialect) => {
  // Resolving up front asked the loader once per reference into the missing document (500 calls for 500
  // references), and the message listed every reference (23 KB of text for 500).
  it('ask the loader once and name a few in the message (each violation names its own)', () => {
    let calls = 0;
    const properties = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`p${i}`, { $ref: `http://x.test/missing#/definitions/d${i}` }]),
    );
    const r = validateSchema(
      { $schema: URI[dialect], type: 'object', properties },
      { ...OPTIONS, schemaLoader: () => void calls++ },
    );
    expect(calls).toBe(1);
    expect(r.ok ? [] : [r.error.violations.length, r.error.message.endsWith(' and 45 more')]).toEqual([50, true]);
  });
});

describe.each(DIALECTS)('%s: the order of references does not decide what resolves', (dialect) => {
  // A registry document found under one URI that names itself another by `$id`: a reference by that `$id`
  // resolved when it came after the reference that pulled the document in, and was refused when before.
  const registry = { 'http://x.test/key': { $id: 'http://y.test/id', [DEFS[dialect]]: { s: { type: 'string' } } } };
  it.each([
    ['the $id reference first', ['a', 'b']],
    ['the key reference first', ['b', 'a']],
  ])('%s', (_, order) => {
    const refs: Record<string, object> = {
      a: { $ref: `http://y.test/id#/${DEFS[dialect]}/s` },
      b: { $ref: 'http://x.test/key' },
    };
    const properties = Object.fromEntries(order.map((k) => [k, refs[k]]));
    const c = validateSchema(
      { $schema: URI[dialect], type: 'object', properties },
      { ...OPTIONS, schemaRegistry: registry },
    );
    expect(c.ok && [c.value.validate({ a: 's' }).ok, c.value.validate({ a: 1 }).ok]).toEqual([true, false]);
  });
});

describe('draft-07: an identifier inside definitions beside $ref', () => {
  // §8.3 ignores every keyword beside `$ref`; the `definitions` there stay reachable by pointer (kept), but
  // an `$id` in them is ignored with them (@hyperjump/json-schema finds no such anchor or resource), while the
  // index and Ajv read it: `p` was validated against it.
  it.each(['#foo', 'm.json'])('refuses $id %s there', (id) => {
    const schema = {
      $schema: URI['draft-07'],
      $id: 'http://x.test/root.json',
      type: 'object',
      properties: { p: { $ref: id }, r: { $ref: '#/definitions/n', definitions: { m: { $id: id, type: 'string' } } } },
      definitions: { n: { type: 'number' } },
    };
    expect(verdict(schema)).toBe('unsupported_capability: not_enforceable');
  });

  it('still admits definitions beside a root $ref, reached by pointer', () => {
    const schema = {
      $schema: URI['draft-07'],
      $ref: '#/definitions/n',
      definitions: { n: { type: 'object', properties: { p: { $ref: '#/definitions/s' } } }, s: { type: 'string' } },
    };
    expect(verdict(schema)).toBe('admitted');
  });
});

describe.each(DIALECTS)('%s: an $id the index cannot resolve', (dialect) => {
  // WHATWG URL resolves nothing against an opaque base such as `tag:`: the index ignored the `$id` (draft-07)
  // or filed it under its parent's URI and refused a "duplicate identifier" (2019-09, 2020-12), while Ajv
  // placed it its own way, so the index and the in-place check read `#/definitions/x` inside it as the root's.
  it('is refused as not enforceable, naming the $id', () => {
    const defs = DEFS[dialect];
    const schema = {
      $schema: URI[dialect],
      $id: 'tag:example.com,2020:root',
      type: 'object',
      [defs]: {
        x: { type: 'number' },
        b: { $id: 'sub/', [defs]: { x: { type: 'string' } }, properties: { q: { $ref: `#/${defs}/x` } } },
      },
      properties: { p: { $ref: `#/${defs}/b` } },
    };
    const r = validateSchema(schema, OPTIONS);
    expect(r.ok ? 'admitted' : [r.error.class, r.error.violations.map((v) => v.schemaPath)]).toEqual([
      'unsupported_capability',
      [`/${defs}/b/$id`],
    ]);
  });
});

describe("draft-07: a subschema's $id that names nothing (its parent's base)", () => {
  // The index ignores it; Ajv filed the base URI under that subschema, then refused the root's own URI as
  // taken: a root without `$id` was admitted before (Ajv had no base then) and is refused since the pipeline
  // gives the engine the root's base; one with `$id` was always refused. Both are now as the index reads them.
  it.each([
    ['#', {}],
    ['#', { $id: 'http://x.test/root.json' }],
    ['http://x.test/root.json', { $id: 'http://x.test/root.json' }],
  ])('$id %s under root %o: `$ref: ""` is the root', (id, root) => {
    const schema = {
      $schema: URI['draft-07'],
      ...root,
      type: 'object',
      properties: { p: { $ref: '' } },
      definitions: { a: { $id: id, type: 'string' } },
    };
    const c = validateSchema(schema, OPTIONS);
    expect(c.ok ? [c.value.validate({ p: 's' }).ok, c.value.validate({ p: {} }).ok] : c.error.message).toEqual([
      false,
      true,
    ]);
  });
});

describe('an anchor on a document root', () => {
  // Ajv files no anchor of a document's root. draft-07's `$id: "#top"` on the root is now made absolute in
  // the engine's copy, which Ajv files; 2019-09's root `$anchor` it cannot file, and the refusal said the
  // schema was broken ("validation: unresolved reference") where it is valid and the engine falls short.
  it('draft-07: a root `$id: "#top"` is reached by `#top`', () => {
    const schema = { $schema: URI['draft-07'], $id: '#top', type: 'object', properties: { p: { $ref: '#top' } } };
    const c = validateSchema(schema, OPTIONS);
    expect(c.ok ? [c.value.validate({ p: {} }).ok, c.value.validate({ p: 1 }).ok] : c.error.message).toEqual([
      true,
      false,
    ]);
  });

  it('2019-09: a root `$anchor` is refused as not enforceable, not as a broken schema', () => {
    const schema = { $schema: URI['2019-09'], $anchor: 'top', type: 'object', properties: { p: { $ref: '#top' } } };
    expect(verdict(schema)).toBe('unsupported_capability: not_enforceable');
  });
});

describe('a disabled dialect', () => {
  // Found by a newcomer: with draft-07 enabled, a 2019-09 root was told "only 2020-12 is enabled".
  it('names every enabled dialect in the refusal', () => {
    const r = validateSchema({ $schema: URI['2019-09'], type: 'object' }, { dialects: ['2020-12', 'draft-07'] });
    expect(r.ok ? '' : r.error.message).toContain('the enabled dialects are 2020-12 and draft-07;');
    const only = validateSchema({ $schema: URI['2019-09'], type: 'object' });
    expect(only.ok ? '' : only.error.message).toContain(`only ${URI['2020-12']} is enabled;`);
  });

  // Found by a hunt: a draft-04 root (a dialect toolgate never enforces) was told "only 2020-12 is supported".
  it('names every enabled dialect in the refusal of one toolgate does not enforce (draft-04)', () => {
    const draft04 = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' };
    const r = validateSchema(draft04, { dialects: ['2020-12', 'draft-07'] });
    expect(r.ok ? '' : r.error.message).toContain('(draft-04): the enabled dialects are 2020-12 and draft-07');
    const only = validateSchema(draft04);
    expect(only.ok ? '' : only.error.message).toContain(`(draft-04): only ${URI['2020-12']} is supported`);
  });
});

// Found by a newcomer: docs/api.md says a violation in another document is located at `<document URI>#<pointer>`;
// the older dialects' engine gave the reference as written instead (`<ref>/type`).
describe.each(DIALECTS)('%s: a violation in a referenced document is located at its URI and #', (dialect) => {
  it.each([
    ['https://e.com/o.json', 'https://e.com/o.json#/type'],
    ['other.json', 'toolgate:/other.json#/type'],
  ])('%s', (ref, where) => {
    const schema = { $schema: URI[dialect], type: 'object', properties: { a: { $ref: ref } } };
    const doc = { type: 'string' };
    const r = validateSchema(schema, {
      ...OPTIONS,
      schemaRegistry: { 'https://e.com/o.json': doc, 'other.json': doc },
    });
    if (!r.ok) throw new Error(r.error.message);
    const v = r.value.validate({ a: true });
    expect(v.ok ? [] : v.error.violations.map((x) => x.schemaPath)).toEqual([where]);
  });
});
