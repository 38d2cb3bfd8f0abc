import { describe, expect, it, vi } from 'vitest';
import { lintSchema } from '../../src/lint/lint.js';
import { editDistance } from '../../src/lint/keyword-typo.js';
import type { LintWarning } from '../../src/lint/warning.js';
import { DEFAULT_LIMITS } from '../../src/util/limits.js';
import { corpusTool, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

const warnings = (schema: unknown): readonly LintWarning[] => {
  const r = lintSchema(schema);
  if (!r.ok) throw new Error(`lintSchema failed: ${r.error.message}`);
  return r.value;
};
const brief = (schema: unknown): string[] => warnings(schema).map((w) => `${w.rule} ${w.schemaPath}`);

// Each rule: a schema that must raise exactly the listed warnings, and a near miss that must not.
const RULES: { name: string; schema: unknown; expect: string[] }[] = [
  {
    name: 'required-but-closed: required, closed, undeclared',
    schema: { type: 'object', properties: { a: {} }, required: ['a', 'b'], additionalProperties: false },
    expect: ['required-but-closed /required/1'],
  },
  {
    name: 'required-but-closed: declared by patternProperties is fine',
    schema: { type: 'object', patternProperties: { '^b': {} }, required: ['b'], additionalProperties: false },
    expect: [],
  },
  { name: 'required-but-closed: open object is fine', schema: { type: 'object', required: ['b'] }, expect: [] },
  {
    name: 'accepts-anything: $schema alone (the older server-filesystem)',
    schema: { $schema: 'http://json-schema.org/draft-07/schema#' },
    expect: ['accepts-anything '],
  },
  {
    name: 'accepts-anything: an open object with annotation-only properties',
    schema: { type: 'object', description: 'x', properties: { a: { description: 'y' } }, required: [] },
    expect: ['accepts-anything '],
  },
  {
    name: 'accepts-anything: a typed property constrains something',
    schema: { type: 'object', properties: { a: { type: 'string' } } },
    expect: [],
  },
  {
    name: 'accepts-anything: additionalProperties false constrains something',
    schema: { type: 'object', additionalProperties: false },
    expect: [],
  },
  {
    name: 'accepts-anything: a keyword it does not know is taken to constrain',
    schema: { type: 'object', $ref: '#/$defs/a', $defs: { a: {} } },
    expect: [],
  },
  {
    name: 'required-with-default',
    schema: { type: 'object', properties: { n: { type: 'integer', default: 3 } }, required: ['n'] },
    expect: ['required-with-default /properties/n/default'],
  },
  {
    name: 'required-with-default: optional with default is fine',
    schema: { type: 'object', properties: { n: { type: 'integer', default: 3 } } },
    expect: [],
  },
  {
    name: 'keyword-typo: insertion, transposition, missing $',
    schema: { type: 'object', properties: { a: { types: 'string', minLenght: 1 }, b: { ref: '#/$defs/x' } } },
    expect: [
      'keyword-typo /properties/a/minLenght',
      'keyword-typo /properties/a/types',
      'keyword-typo /properties/b/ref',
    ],
  },
  {
    name: 'keyword-typo: OpenAPI example/nullable and x- extensions are deliberate',
    schema: { type: 'object', properties: { a: { type: 'string', example: 'x', nullable: true, 'x-kind': 1 } } },
    expect: [],
  },
  {
    // A hunt's find: "note" was read as a typo of "not".
    name: 'keyword-typo: a note is an annotation, a nto is still a typo',
    schema: { type: 'object', properties: { a: { type: 'string', note: 'free text' }, b: { nto: {} } } },
    expect: ['keyword-typo /properties/b/nto'],
  },
  {
    name: 'keyword-typo: property names are not keywords',
    schema: { type: 'object', properties: { types: { type: 'string' } } },
    expect: [],
  },
  {
    name: 'duplicate-branch in anyOf and oneOf',
    schema: {
      type: 'object',
      properties: {
        a: { anyOf: [{ type: 'string' }, { type: 'string' }] },
        b: { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'integer' }] },
      },
    },
    expect: ['duplicate-branch /properties/a/anyOf/1', 'duplicate-branch /properties/b/oneOf/2'],
  },
  {
    name: 'duplicate-branch: key order does not matter',
    schema: {
      type: 'object',
      properties: {
        a: {
          anyOf: [
            { type: 'string', minLength: 1 },
            { minLength: 1, type: 'string' },
          ],
        },
      },
    },
    expect: ['duplicate-branch /properties/a/anyOf/1'],
  },
  {
    name: 'oneof-overlap: two open objects both accept {}',
    schema: {
      type: 'object',
      properties: {
        q: {
          oneOf: [
            { type: 'object', properties: { url: { type: 'string' } } },
            { type: 'object', properties: { path: { type: 'string' } } },
          ],
        },
      },
    },
    expect: ['oneof-overlap /properties/q/oneOf/1'],
  },
  {
    name: 'oneof-overlap: string and formatted string both accept ""',
    schema: { type: 'object', properties: { q: { oneOf: [{ type: 'string' }, { type: 'string', format: 'uri' }] } } },
    expect: ['oneof-overlap /properties/q/oneOf/1'],
  },
  {
    name: 'oneof-overlap: exclusive required sets are not reported',
    schema: {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      oneOf: [{ required: ['a'] }, { required: ['b'] }],
    },
    expect: [],
  },
  {
    name: 'oneof-overlap: const discriminators are not reported',
    schema: {
      type: 'object',
      properties: {
        s: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'a' } }, required: ['kind'] },
            { type: 'object', properties: { kind: { const: 'b' } }, required: ['kind'] },
          ],
        },
      },
    },
    expect: [],
  },
  {
    name: 'oneof-overlap: follows local $defs',
    schema: {
      type: 'object',
      $defs: { s: { type: 'string' } },
      properties: { q: { oneOf: [{ $ref: '#/$defs/s' }, { type: 'string', maxLength: 5 }] } },
    },
    expect: ['oneof-overlap /properties/q/oneOf/1'],
  },
  {
    name: 'nonstandard-format',
    schema: {
      type: 'object',
      properties: { n: { type: 'integer', format: 'int64' }, d: { type: 'string', format: 'date-time' } },
    },
    expect: ['nonstandard-format /properties/n/format'],
  },
  {
    name: 'draft-07 positions are walked (definitions, array items)',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { x: { type: 'string', format: 'int32' } },
      type: 'object',
      properties: { t: { type: 'array', items: [{ types: 'string' }] } },
    },
    expect: ['nonstandard-format /definitions/x/format', 'keyword-typo /properties/t/items/0/types'],
  },
];

describe('lintSchema rules', () => {
  it.each(RULES)('$name', ({ schema, expect: expected }) => {
    expect(brief(schema)).toEqual(expected);
  });
});

describe('lintSchema contract', () => {
  it('returns a validation error, never throws, for a schema that is not JSON', () => {
    const r = lintSchema({ type: 'object', properties: { a: { default: () => 1 } } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.class).toBe('validation');
  });
  it('never changes the schema it is given', () => {
    const schema = {
      type: 'object',
      properties: { a: { types: 'string', default: 1 } },
      required: ['a', 'b'],
      additionalProperties: false,
    };
    const before = JSON.stringify(schema);
    warnings(schema);
    expect(JSON.stringify(schema)).toBe(before);
  });
  it('is deterministic: sorted by schema path, then rule order', () => {
    const schema = { type: 'object', properties: { z: { format: 'json' }, a: { types: 'x', format: 'int32' } } };
    expect(brief(schema)).toEqual([
      'nonstandard-format /properties/a/format',
      'keyword-typo /properties/a/types',
      'nonstandard-format /properties/z/format',
    ]);
    expect(warnings(schema)).toEqual(warnings(JSON.parse(JSON.stringify(schema))));
  });
  it('edit distance counts a swap of neighbours as one edit and stops past the limit', () => {
    expect(editDistance('minLenght', 'minLength', 1)).toBe(1);
    expect(editDistance('types', 'type', 1)).toBe(1);
    expect(editDistance('maximum', 'minimum', 1)).toBe(2);
  });
});

// Real schemas of ../shared/tool-schemas where the corpus has an instance of the rule. It has none
// of required-but-closed or oneof-overlap; those rules are covered by the table above only.
const CORPUS: { tool: string; rule: string; at: string }[] = [
  { tool: 'anthropic-cookbook/batch_tool', rule: 'keyword-typo', at: '/properties/invocations/items/types' },
  { tool: 'playwright-mcp/browser_mouse_wheel', rule: 'required-with-default', at: '/properties/deltaX/default' },
  { tool: 'notion-mcp-server/API-post-page', rule: 'duplicate-branch', at: '/properties/children/items/anyOf/1' },
  { tool: 'notion-mcp-server/API-post-search', rule: 'nonstandard-format', at: '/properties/page_size/format' },
];

describe.skipIf(SKIP_CORPUS)(`lintSchema on real corpus schemas${SKIP_NOTE}`, () => {
  it.each(CORPUS)('$tool: $rule at $at', ({ tool, rule, at }) => {
    const t = corpusTool(tool);
    expect(
      warnings(t.inputSchema)
        .filter((w) => w.rule === rule)
        .map((w) => w.schemaPath),
    ).toContain(at);
  });
});

/** Runs lintSchema and counts the RegExp matches run with each pattern source (test calls exec). */
function lintCountingMatches(schema: unknown): {
  rules: string[];
  matches: Map<string, number>;
  warmups: Map<string, number>;
} {
  const exec = vi.spyOn(RegExp.prototype, 'exec');
  try {
    const rules = warnings(schema).map((w) => `${w.rule} ${w.schemaPath}`);
    const matches = new Map<string, number>();
    // The bound tests a quadratic pattern on "" before each real test (regex/bound.ts): counted apart.
    const warmups = new Map<string, number>();
    exec.mock.contexts.forEach((self, i) => {
      const counts = exec.mock.calls[i]?.[0] === '' ? warmups : matches;
      const source = (self as RegExp).source;
      counts.set(source, (counts.get(source) ?? 0) + 1);
    });
    return { rules, matches, warmups };
  } finally {
    exec.mockRestore();
  }
}

// Regression: patternProperties keys were matched against required names with a plain RegExp, so
// `^(a+)+$` against "aaa…!" took 7 s in lintSchema (and in `toolgate check` and bundle.warnings).
// Proved by counting matches, not by timing them.
describe('required-but-closed keeps patternProperties under the regex guard and bound', () => {
  const closed = (pattern: string, name: string): unknown => ({
    type: 'object',
    additionalProperties: false,
    patternProperties: { [pattern]: {} },
    required: [name],
  });

  it('never runs a pattern the regex guard refuses, and gives no verdict for it', () => {
    const { rules, matches } = lintCountingMatches(closed('^(a+)+$', `${'a'.repeat(27)}!`));
    expect(rules).toEqual([]);
    expect(matches.get('^(a+)+$') ?? 0).toBe(0);
  });

  it('gives no verdict, without matching, when a quadratic pattern meets a name longer than maxPatternSubject', () => {
    const name = `${'a'.repeat(DEFAULT_LIMITS.maxPatternSubject + 1)}!`;
    const { rules, matches } = lintCountingMatches(closed('^a*a*$', name));
    expect(rules).toEqual([]);
    expect(matches.get('^a*a*$') ?? 0).toBe(0);
  });

  it.each([
    {
      name: 'a quadratic pattern within bounds still decides: not matched',
      pattern: '^a*a*$',
      required: 'b',
      expect: ['required-but-closed /required/0'],
      runs: 1,
      warmups: 1,
    },
    {
      name: 'a quadratic pattern within bounds still decides: matched',
      pattern: '^a*a*$',
      required: 'aaaa',
      expect: [],
      runs: 1,
      warmups: 1,
    },
    {
      name: 'a linear pattern decides as before',
      pattern: '^x_',
      required: 'y',
      expect: ['required-but-closed /required/0'],
      runs: 1,
      warmups: 0,
    },
    {
      name: 'a pattern that does not compile gives no verdict',
      pattern: '(',
      required: 'y',
      expect: [],
      runs: 0,
      warmups: 0,
    },
  ])('$name', ({ pattern, required, expect: expected, runs, warmups: warm }) => {
    const { rules, matches, warmups } = lintCountingMatches(closed(pattern, required));
    expect(rules).toEqual(expected);
    expect(matches.get(pattern) ?? 0).toBe(runs);
    expect(warmups.get(pattern) ?? 0).toBe(warm);
  });
});
