import { describe, expect, it } from 'vitest';
import { regexHazard } from '../../src/regex/guard.js';
import { validateSchema } from '../../src/schema/compile.js';
import { walkSchema } from '../../src/schema/walk.js';
import { loadCases } from '../suite/suite.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

const CATASTROPHIC = [
  { name: "nested plus (the issue's example)", pattern: '^(a+)+$' },
  { name: 'nested star', pattern: '(a*)*b' },
  { name: 'overlapping alternation under star', pattern: '^(a|a)*$' },
  { name: 'alternatives that concatenate to another', pattern: '(a|ab|b)*c' },
  { name: 'word run with optional space', pattern: '^(\\w+\\s?)*$' },
  { name: 'run, separator, run under plus', pattern: '^(a+ba+)+$' },
  { name: 'two runs in a group under plus', pattern: '^((a+a+)b)+$' },
  { name: 'dot-star inside repetition', pattern: '^(.*,)+$' },
  { name: 'optional then same char', pattern: '^(a?a)+$' },
  { name: 'nullable body split across iterations', pattern: '^(?:a?b?)*$' },
  { name: 'numbered backreference', pattern: '^(a+)\\1$' },
  { name: 'named backreference', pattern: '^(?<x>a)\\k<x>$' },
  { name: 'inside a lookahead', pattern: '^(?=(a+)+$)' },
  { name: 'inside a lookbehind', pattern: '(?<=(a+)+)b' },
  { name: 'overlapping alternation, counted (2^30 paths, no loop)', pattern: '^(?:a|a){30}$' },
  { name: 'the a?^n a^n family (no loop)', pattern: '^(?:a?){25}a{25}$' },
  { name: 'empty alternatives, counted', pattern: '^(?:|a?){30}b' },
  { name: 'a large count of a nullable body', pattern: '^(?:a?){1000}$' },
  {
    name: 'classic e-mail ReDoS',
    pattern:
      '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
  },
];

const SAFE = [
  { name: 'dotted version', pattern: '^(\\d+\\.)+\\d+$' },
  { name: 'kebab slug', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
  { name: 'dns name', pattern: '^(?:[a-z0-9]+(?:-[a-z0-9]+)*\\.)+[a-z]{2,}$' },
  { name: 'quoted string with escapes', pattern: '^"(?:[^"\\\\]|\\\\.)*"$' },
  { name: 'IPv4', pattern: '^([0-9]{1,3}\\.){3}[0-9]{1,3}$' },
  { name: 'ISO date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  { name: 'hex colour alternation (not repeated)', pattern: '^#?([a-f0-9]{6}|[a-f0-9]{3})$' },
  { name: 'negative lookahead', pattern: '^(?!.*\\.\\.)[a-z.]+$' },
  { name: 'astral range', pattern: '^[\\u{1F600}-\\u{1F64F}]+$' },
  { name: 'time', pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$' },
  { name: 'bounded inner range, repeated (a few splits only)', pattern: '^(\\d{1,3}){3}$' },
  {
    name: 'firecrawl_search: the iteration ends in \\., which its label cannot match',
    pattern: '^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$',
  },
  { name: 'fixed-length alternatives disambiguated by what follows', pattern: '^(?:ab|abc)(?:de|def)(?:g|gh)x$' },
  {
    name: "zod 4's e-mail",
    pattern:
      "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
  },
  { name: 'a large count of a body that cannot be empty (read as a loop)', pattern: '^(?:[a-z]{1,3}\\.){0,5000}$' },
];

describe('regex guard: catastrophic patterns are refused when the schema is checked', () => {
  it.each(CATASTROPHIC)('$name: $pattern', ({ pattern }) => {
    expect(regexHazard(pattern)).toBeDefined();
    for (const schema of [
      { type: 'object', properties: { s: { type: 'string', pattern } } },
      { type: 'object', patternProperties: { [pattern]: true } },
      { type: 'object', propertyNames: { pattern } },
    ]) {
      const r = validateSchema(schema);
      expect(r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`).toMatch(
        /^unsupported_capability: .*regular expression .* is refused/,
      );
    }
  });

  it.each(SAFE)('$name is accepted: $pattern', ({ pattern }) => {
    expect(regexHazard(pattern)).toBeUndefined();
    expect(validateSchema({ type: 'object', properties: { s: { type: 'string', pattern } } }).ok).toBe(true);
  });

  // Fails if the guard is removed: ^(a+)+$ would then compile, and matching 30 a's and '!' would
  // take minutes (2^30 paths). The match is never attempted here; the refusal is the proof.
  it("guards the issue's case: ^(a+)+$ never reaches the engine", () => {
    const r = validateSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe('unsupported_capability');
    expect(r.error.violations[0]?.schemaPath).toBe('/properties/s/pattern');
  });
});

function patternsOf(schema: unknown): string[] {
  const out: string[] = [];
  walkSchema(schema, ({ node }) => {
    if (typeof node['pattern'] === 'string') out.push(node['pattern']);
    const pp = node['patternProperties'];
    if (pp !== null && typeof pp === 'object') out.push(...Object.keys(pp));
  });
  return out;
}

describe('no real pattern is refused', () => {
  it('every pattern of the official suite (required and optional)', () => {
    const patterns = new Set<string>();
    for (const dir of ['draft2020-12', 'draft2020-12/optional'])
      for (const c of loadCases(dir)) for (const p of patternsOf(c.schema)) patterns.add(p);
    expect(patterns.size).toBeGreaterThan(30);
    const refused = [...patterns].filter((p) => {
      try {
        new RegExp(p, 'u');
      } catch {
        return false;
      }
      return regexHazard(p) !== undefined;
    });
    expect(refused).toEqual([]);
  });

  it.skipIf(SKIP_CORPUS)(`every pattern of ../shared/tool-schemas${SKIP_NOTE}`, () => {
    const tools = loadCorpus();
    expect(tools.length).toBe(200);
    const patterns = tools.flatMap((t) => patternsOf(t.inputSchema));
    expect(patterns.filter((p) => regexHazard(p) !== undefined)).toEqual([]);
    // Measured: the corpus has no `pattern` / `patternProperties` today, so the line above checks nothing yet.
    // Pinned so this stops passing silently when the corpus gains patterns (then update the count, and
    // docs/limits.md's statement that no corpus pattern is refused is being tested for real).
    expect(patterns.length, 'patterns in ../shared/tool-schemas changed: update this count').toBe(0);
  });
});
