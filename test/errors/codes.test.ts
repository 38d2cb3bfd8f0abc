// Every code a violation carries is one of VIOLATION_CODES, and every execution failure says its kind: checked
// on what the official suite (every dialect), the real tool corpus and the keyword table emit, statically on the
// literals of src/, and against the list docs/api.md publishes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIOLATION_CODES, type GateError } from '../../src/result.js';
import { compileSchema } from '../../src/schema/compile.js';
import { MCP_DEFAULT_DIALECTS, validateSchema } from '../../src/index.js';
import { loadCases, remoteRegistry, type SuiteCase } from '../suite/suite.js';
import { RUNS } from '../suite/runs.js';
import { LEGACY_RUNS, legacyCases } from '../suite/legacy-runs.js';
import { KEYWORD_ROWS } from './keyword-messages.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const KNOWN = new Set<string>(VIOLATION_CODES);

/** What the runs below saw: each code with one place it came from, and every broken promise. */
class Seen {
  readonly codes = new Map<string, string>();
  readonly problems: string[] = [];
  add(where: string, error: GateError): void {
    if (error.class === 'execution_failure' && error.kind === undefined) this.problems.push(`${where}: no kind`);
    if (error.class !== 'execution_failure' && error.kind !== undefined) this.problems.push(`${where}: stray kind`);
    for (const v of error.violations) {
      if (!KNOWN.has(v.code)) this.problems.push(`${where}: unknown code ${String(v.code)}`);
      // Plain data: JSON gives it back unchanged.
      if (JSON.stringify(JSON.parse(JSON.stringify(v.params))) !== JSON.stringify(v.params))
        this.problems.push(`${where}: params not JSON`);
      if (!this.codes.has(v.code)) this.codes.set(v.code, `${where} (${v.keyword})`);
      // The engine writes no sentences (messages: false): every keyword that fails has one in errors/messages.ts.
      if (v.message.startsWith('fails "')) this.problems.push(`${where}: no message of its own for ${v.keyword}`);
    }
  }
}

function runCases(seen: Seen, cases: readonly SuiteCase[], options: object): void {
  const compiled = new Map<unknown, ReturnType<typeof compileSchema>>();
  for (const c of cases) {
    let r = compiled.get(c.schema);
    if (r === undefined) {
      r = compileSchema(c.schema, { ...options, schemaRegistry: remoteRegistry() }, { toolRoot: false });
      compiled.set(c.schema, r);
    }
    const where = `${c.file} › ${c.group} › ${c.test}`;
    if (!r.ok) {
      seen.add(where, r.error);
      continue;
    }
    const v = r.value.validate(c.data);
    if (!v.ok) seen.add(where, v.error);
  }
}

describe('violation codes', () => {
  it('every code the official suite emits, in every dialect, is in VIOLATION_CODES; never keyword_failed', () => {
    const seen = new Seen();
    for (const run of RUNS) runCases(seen, loadCases(run.dir, run.files), run.options);
    for (const run of LEGACY_RUNS) runCases(seen, legacyCases(run), run.options);
    expect(seen.problems).toEqual([]);
    // An engine keyword missing from errors/codes.ts would fall back to keyword_failed.
    expect(seen.codes.get('keyword_failed')).toBeUndefined();
    // The collector sees the engine's codes and the gates' refusals alike.
    for (const code of ['type_mismatch', 'several_branches_matched', 'too_many_items', 'format_mismatch'])
      expect(seen.codes.has(code), code).toBe(true);
    expect(seen.codes.size).toBeGreaterThan(25);
  });

  it.skipIf(SKIP_CORPUS)(`every code from the real tool corpus is in VIOLATION_CODES${SKIP_NOTE}`, () => {
    const seen = new Seen();
    for (const tool of loadCorpus()) {
      const c = validateSchema(tool.inputSchema, { dialects: [...MCP_DEFAULT_DIALECTS] });
      if (!c.ok) {
        seen.add(tool.id, c.error);
        continue;
      }
      for (const args of [{}, [], { zz_not_declared: [1, 'x', null, { a: true }] }, '{"a":', '{"a":1,"a":2}']) {
        const r = typeof args === 'string' ? c.value.validateJSON(args) : c.value.validate(args);
        if (!r.ok) seen.add(tool.id, r.error);
      }
    }
    expect(seen.problems).toEqual([]);
    expect(seen.codes.has('invalid_json')).toBe(true);
    expect(seen.codes.get('keyword_failed')).toBeUndefined();
  });

  it('every row of the keyword table fails with a code of its own keyword, never keyword_failed', () => {
    const seen = new Seen();
    for (const row of KEYWORD_ROWS) {
      const c = validateSchema({ type: 'object', ...row.schema }, row.options);
      expect(c.ok).toBe(true);
      const r = c.ok ? c.value.validate(row.args) : undefined;
      if (r !== undefined && !r.ok) seen.add(row.keyword, r.error);
    }
    expect(seen.problems).toEqual([]);
    expect(seen.codes.get('keyword_failed')).toBeUndefined();
  });
});

/** Every .ts file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('codes and kinds in the source', () => {
  const files = sources(join(ROOT, 'src')).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

  it('every `code:` literal in src/ is in VIOLATION_CODES', () => {
    const unknown = files.flatMap(({ path, text }) =>
      [...text.matchAll(/\bcode: '([a-z_]+)'/g)]
        .map((m) => m[1]!)
        .filter((c) => !KNOWN.has(c))
        .map((c) => `${path}: ${c}`),
    );
    expect(unknown).toEqual([]);
  });

  it('every code of VIOLATION_CODES is given somewhere in src/ (no code is published and never emitted)', () => {
    const others = files.filter((f) => !f.path.endsWith('src/result.ts')).map((f) => f.text);
    const unused = VIOLATION_CODES.filter((code) => !others.some((text) => text.includes(`'${code}'`)));
    expect(unused).toEqual([]);
  });

  it("every object literal of class 'execution_failure' in src/ states its kind", () => {
    const missing: string[] = [];
    for (const { path, text } of files) {
      for (const m of text.matchAll(/class: 'execution_failure',/g)) {
        // The literal's own fields: up to the line that closes it.
        const end = text.slice(m.index).search(/\n\s*}/);
        const body = text.slice(m.index, m.index + end);
        if (!/\bkind\b/.test(body)) missing.push(`${path}:${text.slice(0, m.index).split('\n').length}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('docs/api.md lists the codes', () => {
  it('the code table names exactly VIOLATION_CODES, in order', () => {
    const doc = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
    const start = doc.indexOf('<!-- violation-codes:start -->');
    const end = doc.indexOf('<!-- violation-codes:end -->');
    expect(start).toBeGreaterThan(0);
    const listed = [...doc.slice(start, end).matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual([...VIOLATION_CODES]);
  });
});
