// Property-based checks (fast-check) over every corpus schema and every suite schema: no call
// throws, every failure is one of the three classes, arguments are never mutated, success returns
// the same reference, and the same input gives the same result twice. Case counts go in README.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateSchema, type CompiledSchema } from '../../src/schema/compile.js';
import { compileSchema } from '../../src/schema/compile.js';
import type { Result } from '../../src/result.js';
import { loadCases, remoteRegistry } from '../suite/suite.js';
import { loadToolSchemas } from './corpus.js';

const CLASSES = ['validation', 'unsupported_capability', 'execution_failure'];
const json = fc.jsonValue({ maxDepth: 4 });
const nonJson = fc.oneof(
  fc.constant(undefined), fc.constant(Number.NaN), fc.constant(Infinity), fc.bigInt(), fc.constant(Symbol('s')),
  fc.constant(() => 1), fc.date(), fc.constant(new Map()), fc.constant([1, , 2]), fc.constant(-0),
);
const anyArgs = fc.oneof(
  fc.dictionary(fc.string(), json, { maxKeys: 5 }),
  fc.dictionary(fc.string(), fc.oneof(json, nonJson), { maxKeys: 4 }),
  json,
  nonJson,
);

// Checked after every generated case (cheap: one property read and one count), so a pollution by one
// case cannot be masked by a later one or found only once at the end.
const PROTO_MEMBERS = Object.getOwnPropertyNames(Object.prototype).length;
function notPolluted(): void {
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(PROTO_MEMBERS);
}

function shape(r: Result<unknown>): string {
  return r.ok ? 'ok' : JSON.stringify(r.error);
}

/** Checks the five properties for one compiled schema and one argument value. */
function holds(c: CompiledSchema, args: unknown): void {
  let snapshot: string | undefined;
  try { snapshot = JSON.stringify(args); } catch { snapshot = undefined; }
  const first = c.validate(args);
  const second = c.validate(args);
  if (first.ok) expect(first.value).toBe(args);
  else expect(CLASSES).toContain(first.error.class);
  expect(shape(second)).toBe(shape(first));
  let after: string | undefined;
  try { after = JSON.stringify(args); } catch { after = undefined; }
  expect(after).toBe(snapshot);
  notPolluted();
}

const RUNS_PER_SCHEMA = 20;
const counted = { corpus: 0, suite: 0, text: 0 };

describe('fast-check over real schemas', () => {
  const tools = loadToolSchemas();
  it.skipIf(tools === undefined)(`${RUNS_PER_SCHEMA} random JSON and non-JSON arguments against each of the 200 corpus schemas`, () => {
    for (const t of tools ?? []) {
      const c = validateSchema(t.inputSchema);
      if (!c.ok) { expect(CLASSES).toContain(c.error.class); continue; }
      fc.assert(fc.property(anyArgs, (args) => { holds(c.value, args); counted.corpus++; }), { numRuns: RUNS_PER_SCHEMA, seed: 4 });
    }
    console.log(`fast-check corpus cases: ${counted.corpus}`);
    expect(counted.corpus).toBeGreaterThan(1000);
  });

  it('5 random arguments against each schema of the official suite (tool root off)', () => {
    const seen = new Set<string>();
    for (const dir of ['draft2020-12', 'draft2020-12/optional']) {
      for (const k of loadCases(dir)) {
        const key = JSON.stringify(k.schema);
        if (seen.has(key)) continue;
        seen.add(key);
        const c = compileSchema(k.schema, { schemaRegistry: remoteRegistry() }, { toolRoot: false });
        if (!c.ok) { expect(CLASSES).toContain(c.error.class); continue; }
        fc.assert(fc.property(anyArgs, (args) => { holds(c.value, args); counted.suite++; }), { numRuns: 5, seed: 4 });
      }
    }
    console.log(`fast-check suite cases: ${counted.suite} over ${seen.size} schemas`);
    expect(counted.suite).toBeGreaterThan(1000);
  });

  it('random strings and byte strings into validateJSON', () => {
    const c = validateSchema({ type: 'object', additionalProperties: { type: ['string', 'number', 'array', 'object', 'boolean', 'null'] } });
    if (!c.ok) throw new Error('refused');
    const texts = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.uint8Array({ maxLength: 60 }).map((b) => String.fromCharCode(...b)),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v).slice(0, -1)),
    );
    fc.assert(fc.property(texts, (text) => {
      const a = c.value.validateJSON(text);
      const b = c.value.validateJSON(text);
      if (!a.ok) expect(CLASSES).toContain(a.error.class);
      expect(shape(b)).toBe(shape(a));
      notPolluted();
      counted.text++;
    }), { numRuns: 3000, seed: 4 });
    console.log(`fast-check validateJSON cases: ${counted.text}`);
  });

  it('a pollution is caught by the per-case check, not only at the end', () => {
    // Guards the check itself: a member added to Object.prototype must make notPolluted fail.
    const key = 'polluted';
    Object.defineProperty(Object.prototype, key, { value: 1, configurable: true });
    try {
      expect(() => notPolluted()).toThrow();
    } finally {
      delete (Object.prototype as Record<string, unknown>)[key];
    }
    notPolluted();
  });
});
