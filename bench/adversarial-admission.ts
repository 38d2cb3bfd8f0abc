/**
 * The admission promise, shown adversarially: under default limits every tool is admitted or refused
 * within BUDGET_CPU_MS of CPU and BUDGET_MB of memory, lint included (`bundle.warnings`, what
 * `toolgate check` prints). Each case is a hostile schema of one class, built to stay within every
 * other default limit, admitted alone by admitBatch in its own process; the child measures the CPU
 * time of admission plus lint (process.cpuUsage, V8's background threads included) and the growth of
 * the peak resident set over the resident set before it started (modules loaded, schema built).
 *
 * Run: `npx tsx bench/adversarial-admission.ts [NAME…]`; `npx tsx bench/adversarial.ts` runs it after
 * the call cases. Exits 1 when a case passes either budget.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { admitBatch, validateSchema, type AdmissionOptions } from '../src/index.js';

const BUDGET_CPU_MS = 1000;
const BUDGET_MB = 200;
const CASE_TIMEOUT_MS = 120_000;

interface AdmissionCase {
  readonly name: string;
  readonly schema: () => unknown;
  readonly options?: AdmissionOptions;
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const under = (a: unknown): unknown => ({ type: 'object', properties: { a } });
const definition = (n: number): unknown => ({
  type: 'object',
  properties: Object.fromEntries(range(n).map((i) => [`x${i}`, { type: 'string', minLength: 1 }])),
});
/** An object of `n` string properties and one property referencing `self` (compiled once, not inlined). */
const selfReferencing = (n: number, self: string): unknown => ({
  type: 'object',
  properties: { ...Object.fromEntries(range(n).map((i) => [`p${i}`, { type: 'string' }])), again: { $ref: self } },
});
/** `levels` nested relative `$id`s of `seg` characters each, from https://example.com/, around `inner`. */
const relativeChain = (levels: number, seg: number, inner: Record<string, unknown>): Record<string, unknown> => {
  let s = inner;
  for (let l = 0; l < levels; l++) s = { items: { $id: `${String(l).padStart(3, '0')}${'s'.repeat(seg - 4)}/`, ...s } };
  return { $id: 'https://example.com/', type: 'object', ...s };
};
/** `k` dynamic anchors of `len` characters at the root, and `m` resources that each add one and `$ref` a shared one. */
const dynamicContexts = (k: number, len: number, m: number): unknown => {
  const name = (j: number): string => `n${String(j).padStart(3, '0')}${'q'.repeat(len - 4)}`;
  const defs: Record<string, unknown> = {};
  for (let j = 0; j < k; j++)
    defs[`n${String(j).padStart(3, '0')}${'k'.repeat(1_996)}`] = {
      $dynamicAnchor: name(j),
      $dynamicRef: `#${name(j)}`,
    };
  defs['t'] = { $id: 't', type: 'string' };
  for (let i = 0; i < m; i++) {
    const id = `a${String(i).padStart(4, '0')}`;
    defs[`a${i}`] = { $id: id, $dynamicAnchor: 'zz', $ref: 't', $defs: { u: { $dynamicRef: '#zz' } } };
  }
  return {
    $id: `https://example.com/${'r'.repeat(len - 21)}/r`,
    type: 'object',
    $defs: defs,
    properties: Object.fromEntries(range(m).map((i) => [`p${i}`, { $ref: `a${String(i).padStart(4, '0')}` }])),
  };
};
const LEGACY: AdmissionOptions = { dialects: ['2020-12', '2019-09', 'draft-07'] };

const CASES: readonly AdmissionCase[] = [
  // Just under maxCompileCost, one per class: the estimate's worst admitted cases.
  {
    name: 'admitted: allOf of 500 uniqueItems',
    schema: () => under({ allOf: range(500).map(() => ({ uniqueItems: true })) }),
  },
  {
    name: 'admitted: allOf of 450 multipleOf',
    schema: () => under({ allOf: range(450).map((i) => ({ multipleOf: i + 1 })) }),
  },
  {
    name: 'admitted: 28 $refs to a 20-property definition',
    schema: () => ({
      type: 'object',
      $defs: { d: definition(20) },
      properties: Object.fromEntries(range(28).map((i) => [`p${i}`, { $ref: '#/$defs/d' }])),
    }),
  },
  {
    name: 'admitted: 200 distinct patterns',
    schema: () => under({ allOf: range(200).map((i) => ({ pattern: `^a${i}b` })) }),
  },
  {
    name: 'admitted: if/then/else chain of 130',
    schema: () =>
      under({
        allOf: range(130).map((i) => ({ if: { minimum: i }, then: { maximum: i + 5 }, else: { multipleOf: 2 } })),
      }),
  },
  { name: 'admitted: anyOf of 600 const', schema: () => under({ anyOf: range(600).map((i) => ({ const: i })) }) },
  {
    name: 'allOf of 9,000 uniqueItems (189 KB)',
    schema: () => under({ allOf: range(9_000).map(() => ({ uniqueItems: true })) }),
  },
  { name: 'allOf of 9,000 minimum', schema: () => under({ allOf: range(9_000).map((i) => ({ minimum: i })) }) },
  {
    name: 'allOf of 600 minimum (just under maxCompileCost)',
    schema: () => under({ allOf: range(600).map((i) => ({ minimum: i })) }),
  },
  {
    name: 'allOf of 3,000 multipleOf',
    schema: () => under({ allOf: range(3_000).map((i) => ({ multipleOf: i + 1 })) }),
  },
  { name: 'wide union: anyOf of 9,000 const', schema: () => under({ anyOf: range(9_000).map((i) => ({ const: i })) }) },
  {
    name: 'wide union: oneOf of 600 objects',
    schema: () =>
      under({ oneOf: range(600).map((i) => ({ type: 'object', properties: { k: { const: i } }, required: ['k'] })) }),
  },
  {
    name: 'properties: 9,000 names',
    schema: () => ({
      type: 'object',
      properties: Object.fromEntries(range(9_000).map((i) => [`p${i}`, { type: 'string' }])),
    }),
  },
  {
    name: '$defs referenced many times: 900 $refs to a 20-property definition',
    schema: () => ({
      type: 'object',
      $defs: { d: definition(20) },
      properties: Object.fromEntries(range(900).map((i) => [`p${i}`, { $ref: '#/$defs/d' }])),
    }),
  },
  {
    name: 'the same through $anchor',
    schema: () => ({
      type: 'object',
      $defs: { d: { $anchor: 'dd', ...(definition(20) as object) } },
      properties: Object.fromEntries(range(900).map((i) => [`p${i}`, { $ref: '#dd' }])),
    }),
  },
  {
    name: '3,000 unreferenced definitions (240 KB)',
    schema: () => ({
      type: 'object',
      $defs: Object.fromEntries(
        range(3_000).map((i) => [`d${i}`, { type: 'object', properties: { a: { minLength: i } } }]),
      ),
    }),
  },
  {
    // Each meta-schema error's pointer holds the key; every error was tested against every combinator's site.
    name: 'meta-schema errors: 600 anyOf branches under a key of 2,000 characters',
    schema: () => ({
      type: 'object',
      properties: { ['k'.repeat(2_000)]: { anyOf: range(600).map(() => ({ type: 1 })) } },
    }),
  },
  {
    name: 'a key of 400,000 characters above 300 anyOf branches (maxSchemaPointerLength)',
    schema: () => ({
      type: 'object',
      properties: { ['k'.repeat(400_000)]: { anyOf: range(300).map(() => ({ type: 1 })) } },
    }),
  },
  {
    name: 'meta-schema errors: a type of 50,000 unknown names (440 KB)',
    schema: () => under({ type: range(50_000).map((i) => `t${i}`) }),
  },
  {
    name: 'meta-schema errors: 20,000 required entries that are numbers',
    schema: () => under({ required: range(20_000) }),
  },
  {
    name: 'meta-schema errors: 9,000 branches each with a wrong type',
    schema: () => under({ anyOf: range(9_000).map(() => ({ type: 'x', minimum: 'y', required: 1 })) }),
  },
  {
    name: 'draft-07: an enum of 100,000 distinct strings (uniqueItems in the meta-schema)',
    options: LEGACY,
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...(under({ enum: range(100_000).map((i) => `v${i}`) }) as object),
    }),
  },
  {
    name: 'draft-07: an enum of 20,000 distinct objects',
    options: LEGACY,
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...(under({ enum: range(20_000).map((i) => ({ a: [i, { b: i }] })) }) as object),
    }),
  },
  {
    name: 'draft-07: a type of 50,000 unknown names',
    options: LEGACY,
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...(under({ type: range(50_000).map((i) => `t${i}`) }) as object),
    }),
  },
  {
    name: '2019-09: a type of 50,000 unknown names',
    options: LEGACY,
    schema: () => ({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      ...(under({ type: range(50_000).map((i) => `t${i}`) }) as object),
    }),
  },
  {
    name: 'an $id of 400,000 characters with 200 $anchors (maxSchemaUriLength)',
    schema: () => ({
      $id: `https://example.com/${'a'.repeat(400_000)}`,
      type: 'object',
      $defs: Object.fromEntries(range(200).map((i) => [`d${i}`, { $anchor: `x${i}`, type: 'string' }])),
    }),
  },
  {
    name: 'an $id of 400,000 characters with 800 $anchors (maxSchemaUriLength)',
    schema: () => ({
      $id: `https://example.com/${'a'.repeat(400_000)}`,
      type: 'object',
      $defs: Object.fromEntries(range(800).map((i) => [`d${i}`, { $anchor: `x${i}`, type: 'string' }])),
    }),
  },
  {
    // A review's find: the check read 2020-12 positions only; Ajv's resolver and the estimate read `definitions`.
    name: 'an $id of 400,000 characters with 400 $anchors under definitions (maxSchemaUriLength)',
    schema: () => ({
      type: 'object',
      definitions: {
        d: {
          $id: `https://example.com/${'a'.repeat(400_000)}`,
          $defs: Object.fromEntries(range(400).map((i) => [`d${i}`, { $anchor: `x${i}` }])),
        },
      },
    }),
  },
  {
    // A review's find: each $id within the bound, the base they resolve to 120,000 characters (55 s).
    name: '60 nested relative $ids of 2,000 characters over 2,000 $anchors (maxSchemaUriLength)',
    schema: () =>
      relativeChain(60, 2_000, { $defs: Object.fromEntries(range(2_000).map((i) => [`d${i}`, { $anchor: `a${i}` }])) }),
  },
  {
    name: 'draft-07: 60 nested relative $ids of 2,000 characters over 1,000 fragment $ids (maxSchemaUriLength)',
    options: LEGACY,
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...(relativeChain(60, 2_000, {
        definitions: Object.fromEntries(range(1_000).map((i) => [`d${i}`, { $id: `#a${i}` }])),
      }) as object),
    }),
  },
  {
    // A second review's find: Ajv's resolver reads `$id` in unknown keywords' values too (17.5 s admitted).
    name: 'an $id of 400,000 characters with 400 $anchors under an unknown keyword (maxSchemaUriLength)',
    schema: () => ({
      type: 'object',
      'x-meta': {
        $id: `https://example.com/${'a'.repeat(400_000)}`,
        $defs: Object.fromEntries(range(400).map((i) => [`d${i}`, { $anchor: `x${i}` }])),
      },
    }),
  },
  {
    // A second review's find: under a urn: base, Ajv and the estimate still join relative $ids (11.6 s).
    name: 'draft-07: a urn: registry document, 60 nested relative $ids over 2,000 fragment $ids (maxSchemaUriLength)',
    options: {
      ...LEGACY,
      schemaRegistry: {
        'urn:x:doc': (() => {
          let s: Record<string, unknown> = {
            definitions: Object.fromEntries(range(2_000).map((i) => [`d${i}`, { $id: `#a${i}` }])),
          };
          for (let l = 0; l < 60; l++)
            s = { items: { $id: `${String(l).padStart(3, '0')}${'s'.repeat(1_996)}/`, ...s } };
          return { $schema: 'http://json-schema.org/draft-07/schema#', ...s };
        })(),
      },
    },
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { p: { $ref: 'urn:x:doc' } },
    }),
  },
  {
    // A second review's find: the linker's copy names tried one more underscore at a time against every name.
    name: 'linker: 1,300 root $defs names of up to 1,300 underscores before its copy prefix',
    schema: () => ({
      type: 'object',
      $defs: Object.fromEntries(range(1_300).map((k) => [`${'_'.repeat(k)}toolgate-link-`, true])),
      properties: { a: { $dynamicRef: '#x' } },
      $dynamicAnchor: 'x',
    }),
  },
  {
    // A third review's find: json-schema-traverse's `in` also matches Object.prototype's names (17 s admitted).
    name: 'an $id of 400,000 characters with 400 $anchors in toString: [...] (maxSchemaUriLength)',
    schema: () => ({
      type: 'object',
      toString: [
        {
          $id: `https://example.com/${'a'.repeat(400_000)}`,
          $defs: Object.fromEntries(range(400).map((i) => [`d${i}`, { $anchor: `x${i}` }])),
        },
      ],
    }),
  },
  {
    // A third review's find: fast-uri percent-encodes tabs that URL deletes; Ajv's base grew to 119,507 (19 s).
    name: "20 nested $ids of 1,990 tabs over 500 $anchors (maxSchemaUriLength, Ajv's resolver)",
    schema: () => {
      let s: Record<string, unknown> = {
        $defs: Object.fromEntries(range(500).map((i) => [`d${i}`, { $anchor: `a${i}` }])),
      };
      for (let l = 0; l < 20; l++) s = { items: { $id: `${'\t'.repeat(1_990)}${String(l).padStart(3, '0')}/`, ...s } };
      return { type: 'object', 'x-meta': { $id: 'https://example.com/', ...s } };
    },
  },
  {
    // A fourth review's find: the 2020-12 root compiles with no base, where fast-uri keeps leading `../` (21.7 s).
    name: "40 nested $ids of ../ x 682 over 1,000 $anchors (maxSchemaUriLength, Ajv's resolver with no base)",
    schema: () => {
      let s: Record<string, unknown> = Object.fromEntries(
        range(1_000).map((i) => [`d${i}`, { $anchor: `a${String(i).padStart(3, '0')}` }]),
      );
      for (let l = 0; l < 40; l++) s = { x: { $id: '../'.repeat(682), ...s } };
      return { type: 'object', 'x-meta': s };
    },
  },
  {
    // A third review's find: each class member was a union of the whole class so far (4.4 s admitted).
    name: 'a pattern class of 20,000 code points',
    schema: () => {
      let members = '';
      for (let i = 0; i < 20_000; i++) members += String.fromCodePoint(0x100 + 2 * i);
      return under({ type: 'string', pattern: `^[${members}]+$` });
    },
  },
  {
    // A review's find: 100 copies of one resource whose dynamic contexts (80 names of 1,000 characters) differ only
    // at the end, keys past 16,383 characters in the linker's map (1.6 s with names of 2,000).
    name: 'linker: 100 resource copies whose dynamic contexts are 240,000 characters long',
    schema: () => dynamicContexts(80, 1_000, 100),
  },
  {
    // Each $ref resolved against the root's base (toolgate:/anonymous-root, 24 characters): 2,027 of 2,048.
    name: 'just under maxSchemaUriLength: 100 $anchors of 2,000 characters and their $refs (400 KB)',
    schema: () => ({
      type: 'object',
      $defs: Object.fromEntries(range(100).map((i) => [`d${i}`, { $anchor: `x${i}${'a'.repeat(2_000)}` }])),
      properties: Object.fromEntries(range(100).map((i) => [`p${i}`, { $ref: `#x${i}${'a'.repeat(2_000)}` }])),
    }),
  },
  {
    name: 'just under maxSchemaUriLength: 300 $ids of 2,040 characters (620 KB)',
    schema: () => ({
      type: 'object',
      $defs: Object.fromEntries(range(300).map((i) => [`d${i}`, { $id: `https://e.com/${i}${'b'.repeat(2_020)}` }])),
    }),
  },
  {
    name: 'deep nesting: 30 levels of properties and allOf',
    schema: () => {
      let s: unknown = { type: 'string' };
      for (let i = 0; i < 30; i++) s = { type: 'object', properties: { a: s }, allOf: [{ required: ['a'] }] };
      return s;
    },
  },
  {
    name: 'a $ref chain 300 definitions long',
    schema: () => ({
      type: 'object',
      $defs: Object.fromEntries(
        range(300).map((i) => [`d${i}`, { type: 'object', properties: { x: { $ref: `#/$defs/d${(i + 1) % 300}` } } }]),
      ),
      properties: { a: { $ref: '#/$defs/d0' } },
    }),
  },
  { name: 'huge enum: 100,000 values (890 KB)', schema: () => under({ enum: range(100_000).map((i) => `v${i}`) }) },
  {
    name: 'many patterns: 1,000 distinct',
    schema: () => under({ allOf: range(1_000).map((i) => ({ pattern: `^a${i}b` })) }),
  },
  {
    name: 'patternProperties: 1,000 keys',
    schema: () => ({
      type: 'object',
      patternProperties: Object.fromEntries(range(1_000).map((i) => [`^x${i}`, { type: 'string' }])),
    }),
  },
  {
    name: 'if/then/else chain of 2,000',
    schema: () =>
      under({
        allOf: range(2_000).map((i) => ({ if: { minimum: i }, then: { maximum: i + 5 }, else: { multipleOf: 2 } })),
      }),
  },
  {
    name: 'unevaluatedProperties over 300 allOf branches',
    schema: () =>
      under({
        unevaluatedProperties: false,
        allOf: range(300).map((i) => ({ properties: { [`k${i}`]: { type: 'string' } } })),
      }),
  },
  {
    name: 'draft-07: allOf of 9,000 uniqueItems',
    options: LEGACY,
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...(under({ allOf: range(9_000).map(() => ({ uniqueItems: true })) }) as object),
    }),
  },
  {
    // reviewer's r1 finding: a definition used only from array-form items counted as dead (2.1 s admitted).
    name: 'draft-07: a 4,000-property definition reached only from array items (106 KB)',
    options: LEGACY,
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { d: selfReferencing(4_000, '#/definitions/d') },
      items: [{ $ref: '#/definitions/d' }],
    }),
  },
  {
    name: 'draft-07: the same reached only from dependencies',
    options: LEGACY,
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { d: selfReferencing(4_000, '#/definitions/d') },
      dependencies: { a: { $ref: '#/definitions/d' } },
    }),
  },
  {
    // Each document was estimated alone, but Ajv inlines a target without references at every reference,
    // from another document too: admitted in 26 s (then a stack overflow) before they were charged.
    name: 'draft-07: 250 references to a 250-property registry document',
    options: { ...LEGACY, schemaRegistry: { 'http://x.test/wide': definition(250) } },
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: Object.fromEntries(range(250).map((i) => [`p${i}`, { $ref: 'http://x.test/wide' }])),
    }),
  },
  {
    name: '2019-09: the same reached only from array items',
    options: LEGACY,
    schema: () => ({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $defs: { d: selfReferencing(4_000, '#/$defs/d') },
      items: [{ $ref: '#/$defs/d' }],
    }),
  },
  {
    // A spread of one argument per element overflowed the stack past ~125,000 (reviewer's r1 finding).
    name: 'a referenced definition holding a 200,000-value enum (400 KB)',
    schema: () => ({ $defs: { d: { enum: range(200_000).map(() => 0) } }, properties: { a: { $ref: '#/$defs/d' } } }),
  },
  // Boolean subschemas, which had no compile cost (a hunt's find): 9,990 `false` branches admitted in 1.5 s and 193 MB.
  {
    name: 'booleans: oneOf of 1,500 false (just under maxCompileCost)',
    schema: () => under({ oneOf: range(1_500).map(() => false) }),
  },
  {
    name: 'booleans: oneOf of 9,990 false',
    schema: () => under({ oneOf: range(9_990).map(() => false) }),
  },
  {
    name: 'booleans: oneOf of 9,990 false under a key of 2,000 characters',
    schema: () => ({ type: 'object', properties: { ['k'.repeat(2_000)]: { oneOf: range(9_990).map(() => false) } } }),
  },
  {
    name: 'booleans: anyOf, prefixItems, dependentSchemas of 9,990 false',
    schema: () =>
      under({
        anyOf: range(9_990).map(() => false),
        prefixItems: range(9_990).map(() => false),
        dependentSchemas: Object.fromEntries(range(9_990).map((i) => [`p${i}`, false])),
      }),
  },
  // Lists of property names, charged 2 units a list in 2020-12 and none in draft-07 (a review's find: 15,000
  // dependentRequired lists admitted in 1.9 s and 250 MB, 50,000 draft-07 lists in 6.8 s and 960 MB).
  {
    name: 'name lists: dependentRequired of 1,400 lists of a name (just under maxCompileCost)',
    schema: () => under({ dependentRequired: Object.fromEntries(range(1_400).map((i) => [`p${i}`, ['q']])) }),
  },
  {
    name: 'name lists: dependencies of 1,400 lists of a name (draft-07, just under maxCompileCost)',
    options: LEGACY,
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...(under({ dependencies: Object.fromEntries(range(1_400).map((i) => [`p${i}`, ['q']])) }) as object),
    }),
  },
  {
    name: 'name lists: dependentRequired of 15,000 lists of a name (1,880 ms and 250 MB before)',
    schema: () => under({ dependentRequired: Object.fromEntries(range(15_000).map((i) => [`p${i}`, ['q']])) }),
  },
  {
    name: 'name lists: dependencies of 50,000 lists of a name (draft-07; 6,846 ms and 959 MB before)',
    options: LEGACY,
    schema: () => ({
      $schema: 'http://json-schema.org/draft-07/schema#',
      ...(under({ dependencies: Object.fromEntries(range(50_000).map((i) => [`p${i}`, ['q']])) }) as object),
    }),
  },
  {
    name: 'name lists: one dependentRequired list of 1,450 names (just under maxCompileCost)',
    schema: () => under({ dependentRequired: { p: range(1_450).map((i) => `q${i}`) } }),
  },
  {
    name: 'name lists: one dependentRequired list of 10,000 names (4.6 s and 970 MB before)',
    schema: () => under({ dependentRequired: { p: range(10_000).map((i) => `q${i}`) } }),
  },
  {
    name: 'booleans: anyOf of 9,000 true (just under maxCompileCost; refused from 1,600 before)',
    schema: () => under({ anyOf: range(9_000).map(() => true) }),
  },
  {
    name: 'booleans: oneOf of 3,800 true (just under maxCompileCost)',
    schema: () => under({ oneOf: range(3_800).map(() => true) }),
  },
  {
    name: 'lint: 900 definitions (260 KB) and a oneOf of 16 branches',
    schema: () => ({
      type: 'object',
      $defs: Object.fromEntries(
        range(900).map((i) => [
          `d${i}`,
          {
            type: 'object',
            description: 'x'.repeat(150),
            properties: { a: { type: 'string', minLength: i }, b: { type: 'integer' } },
            required: ['a'],
          },
        ]),
      ),
      properties: { p: { oneOf: range(16).map((i) => ({ $ref: `#/$defs/d${i}` })) } },
    }),
  },
  {
    name: 'lint: 24 oneOfs of 16 branches (lint past its budget)',
    schema: () => ({
      type: 'object',
      properties: Object.fromEntries(
        range(24).map((k) => [`p${k}`, { oneOf: range(16).map((i) => ({ type: 'string', minLength: i + k })) }]),
      ),
    }),
  },
  {
    name: 'lint: required-but-closed, 100 patterns x 1,000 required names',
    schema: () => ({
      type: 'object',
      additionalProperties: false,
      patternProperties: Object.fromEntries(range(100).map((i) => [`^x${i}[a-z]*$`, {}])),
      required: range(1_000).map((i) => `n${i}`),
    }),
  },
  {
    // Each name against every pattern, each pattern analysed and compiled again per name: 5 s before (a hunt).
    name: 'lint: required-but-closed, 100 long patterns x 40,000 required names',
    schema: () => ({
      type: 'object',
      additionalProperties: false,
      patternProperties: Object.fromEntries(range(100).map((i) => [`^p${i}(?:${'[a-c]x'.repeat(100)})?$`, {}])),
      required: range(40_000).map((i) => `n${i.toString(36)}`),
    }),
  },
  {
    // Every level's branches written out whole as canonical JSON: 3 s and 300 MB before (a hunt).
    name: 'lint: duplicate-branch, 30 levels of anyOf around a 90,000-member const',
    schema: () => {
      let s: unknown = {
        type: 'object',
        const: Object.fromEntries(range(90_000).map((i) => [`k${i.toString(36)}`, i % 10])),
      };
      for (let i = 0; i < 30; i++) s = { anyOf: [s, { type: 'string' }] };
      return { type: 'object', properties: { a: s } };
    },
  },
];

/** What a child reports. */
export interface AdmissionOutcome {
  readonly name: string;
  readonly verdict: string;
  readonly cpuMs: number;
  readonly peakMB: number;
  readonly growthMB: number;
}

const MB = 1024 * 1024;
const limitOf = (message: string): string => /limit (\w+) exceeded/.exec(message)?.[1] ?? message.slice(0, 90);

async function runCase(c: AdmissionCase): Promise<AdmissionOutcome> {
  const tool = { name: 'hostile', description: 'a hostile tool', inputSchema: c.schema(), backend: () => null };
  // Modules loaded and their common paths run once before measuring, as in a host that admits at start-up.
  const warm = await admitBatch([
    { name: 'w', description: 'w', inputSchema: { type: 'object' }, backend: () => null },
  ]);
  if (warm.ok) void warm.value.warnings;
  validateSchema({ type: 'object', properties: { a: { type: 'string', pattern: '^a' } } });
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  const cpu = process.cpuUsage();
  const r = await admitBatch([tool], c.options);
  const warnings = r.ok ? (r.value.warnings['hostile'] ?? []) : [];
  const used = process.cpuUsage(cpu);
  const peak = process.resourceUsage().maxRSS * 1024;
  const skipped = warnings.filter((w) => w.rule === 'lint-skipped').length;
  const verdict = r.ok
    ? `admitted, ${warnings.length} lint warnings${skipped > 0 ? ` (${skipped} lint-skipped)` : ''}`
    : `refused: ${r.error.class} (${limitOf(r.error.message)})`;
  return {
    name: c.name,
    verdict,
    cpuMs: (used.user + used.system) / 1000,
    peakMB: peak / MB,
    growthMB: Math.max(0, peak - before) / MB,
  };
}

/** Whether an outcome keeps the promise. */
export const withinPromise = (o: AdmissionOutcome): boolean => o.cpuMs <= BUDGET_CPU_MS && o.growthMB <= BUDGET_MB;

/** The promise's bounds, for reports. */
export const ADMISSION_BUDGET = { cpuMs: BUDGET_CPU_MS, mb: BUDGET_MB } as const;

/** Runs the cases named (all when none), each in a child process; a case whose child failed is a string. */
export function measureAdmissionCases(wanted: readonly string[]): (AdmissionOutcome | string)[] {
  const selected = wanted.length === 0 ? CASES : CASES.filter((c) => wanted.some((w) => c.name.includes(w)));
  const self = fileURLToPath(import.meta.url);
  return selected.map((c) => {
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--child', c.name], {
      encoding: 'utf8',
      timeout: CASE_TIMEOUT_MS,
      maxBuffer: 1 << 20,
    });
    const line = child.stdout.trim().split('\n').pop() ?? '';
    if (child.error === undefined && child.status === 0 && line !== '') return JSON.parse(line) as AdmissionOutcome;
    const why = child.error !== undefined ? `killed after ${CASE_TIMEOUT_MS} ms` : child.stderr.trim().slice(-300);
    return `${c.name}: ${why}`;
  });
}

/** Runs the cases named (all when none); prints one line per case and returns how many failed. */
export function runAdmissionCases(wanted: readonly string[]): number {
  let over = 0;
  console.log(
    `admission: each tool admitted or refused within ${BUDGET_CPU_MS} ms CPU and ${BUDGET_MB} MB, lint included`,
  );
  const outcomes = measureAdmissionCases(wanted);
  for (const o of outcomes) {
    if (typeof o === 'string') {
      over++;
      console.log(`FAIL  ${o}`);
      continue;
    }
    const pass = withinPromise(o);
    if (!pass) over++;
    console.log(
      `${pass ? 'ok  ' : 'OVER'}  ${o.name}: ${o.verdict}; ${o.cpuMs.toFixed(0)} ms CPU, ` +
        `+${o.growthMB.toFixed(0)} MB peak RSS (${o.peakMB.toFixed(0)} MB in all)`,
    );
  }
  console.log(`admission: ${outcomes.length - over} passed, ${over} failed`);
  return over;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2);
  if (wanted[0] === '--child') {
    const c = CASES.find((x) => x.name === wanted[1]);
    if (c === undefined) throw new Error(`no case ${wanted[1]}`);
    void runCase(c).then((o) => process.stdout.write(`${JSON.stringify(o)}\n`));
  } else process.exitCode = runAdmissionCases(wanted) > 0 ? 1 : 0;
}
