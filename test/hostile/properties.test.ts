// Property-based checks (fast-check) over every corpus schema and every suite schema: no call
// throws, every failure is one of the three classes, arguments are never mutated, success returns
// the same reference, and the same input gives the same result twice. Case counts go in docs/limits.md.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateSchema, type CompiledSchema } from '../../src/schema/compile.js';
import { compileSchema } from '../../src/schema/compile.js';
import type { Result } from '../../src/result.js';
import { loadCases, remoteRegistry } from '../suite/suite.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

const CLASSES = ['validation', 'unsupported_capability', 'execution_failure'];
const json = fc.jsonValue({ maxDepth: 4 });
const nonJson = fc.oneof(
  fc.constant(undefined),
  fc.constant(Number.NaN),
  fc.constant(Infinity),
  fc.bigInt(),
  fc.constant(Symbol('s')),
  fc.constant(() => 1),
  fc.date(),
  fc.constant(new Map()),
  fc.constant([1, , 2]),
  fc.constant(-0),
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

/**
 * A deep copy of the arguments before the call. structuredClone keeps what JSON.stringify loses
 * (-0, NaN, Infinity, holes, Map and Date contents); for values it refuses (a function or symbol
 * inside), a walk copies the structure and keeps such leaves by reference (they cannot be mutated).
 */
function snapshot(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return copyLoose(value);
  }
}

function copyLoose(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [copyLoose(k), copyLoose(v)]));
  const out = (Array.isArray(value) ? new Array<unknown>(value.length) : {}) as Record<PropertyKey, unknown>;
  for (const key of Reflect.ownKeys(value)) {
    if (Array.isArray(value) && key === 'length') continue;
    out[key] = copyLoose((value as Record<PropertyKey, unknown>)[key]);
  }
  return out;
}

/** Deep equality by Object.is at every leaf (so -0 and 0 differ), same own keys, same holes. */
function sameDeep(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    const left = [...a];
    const right = [...b];
    return left.every(([k, v], i) => sameDeep(k, right[i]?.[0]) && sameDeep(v, right[i]?.[1]));
  }
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => sameDeep((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k]));
}

/** Checks the five properties for one compiled schema and one argument value. */
function holds(c: CompiledSchema, args: unknown): void {
  const before = snapshot(args);
  const first = c.validate(args);
  const second = c.validate(args);
  if (first.ok) expect(first.value).toBe(args);
  else expect(CLASSES).toContain(first.error.class);
  expect(shape(second)).toBe(shape(first));
  expect(sameDeep(args, before)).toBe(true);
  notPolluted();
}

type Verdict = 'valid' | 'invalid' | 'either';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[{}[\]:,]|true|false|null|\s+/gy;

/**
 * What validateJSON must answer for a text, for the schema "any JSON object": JSON.parse decides the grammar,
 * then a scan of the (now known good) text finds what JSON.parse lets through and toolgate refuses: a root that
 * is not an object, a key repeated in one object, a lone surrogate, a number that overflows or underflows. A
 * number that is not written in its float64's shortest form is left open ('either'): whether it is exact is
 * the number rule's to say, not this oracle's.
 */
function oracle(text: string): Verdict {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return 'invalid';
  }
  if (root === null || typeof root !== 'object' || Array.isArray(root)) return 'invalid';
  let verdict: Verdict = 'valid';
  const open: (Set<string> | undefined)[] = [];
  let expectKey = false;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null && m[0] !== ''; m = TOKEN.exec(text)) {
    const t = m[0];
    if (t === '{') {
      open.push(new Set());
      expectKey = true;
    } else if (t === '[') open.push(undefined);
    else if (t === '}' || t === ']') open.pop();
    else if (t === ',') expectKey = open.at(-1) !== undefined;
    else if (t.startsWith('"')) {
      const decoded = JSON.parse(t) as string;
      if (LONE_SURROGATE.test(decoded)) return 'invalid';
      const keys = open.at(-1);
      if (expectKey && keys !== undefined) {
        if (keys.has(decoded)) return 'invalid';
        keys.add(decoded);
      }
      expectKey = false;
    } else if (/^-?\d/.test(t)) {
      const value = Number(t);
      if (!Number.isFinite(value) || (value === 0 && /[1-9]/.test(t.split(/[eE]/)[0] as string))) return 'invalid';
      const shortest = t === String(value) || t === JSON.stringify(value);
      if (!shortest || Math.abs(value) >= 2 ** 53) verdict = 'either';
    }
  }
  return verdict;
}

const RUNS_PER_SCHEMA = 20;
const counted = { corpus: 0, suite: 0, text: 0 };

describe('fast-check over real schemas', () => {
  it.skipIf(SKIP_CORPUS)(
    `${RUNS_PER_SCHEMA} random JSON and non-JSON arguments against each of the 200 corpus schemas${SKIP_NOTE}`,
    () => {
      const tools = loadCorpus();
      expect(tools.length).toBe(200);
      for (const t of tools) {
        const c = validateSchema(t.inputSchema);
        if (!c.ok) {
          expect(CLASSES).toContain(c.error.class);
          continue;
        }
        fc.assert(
          fc.property(anyArgs, (args) => {
            holds(c.value, args);
            counted.corpus++;
          }),
          { numRuns: RUNS_PER_SCHEMA, seed: 4 },
        );
      }
      console.log(`fast-check corpus cases: ${counted.corpus}`);
      expect(counted.corpus).toBeGreaterThan(1000);
    },
  );

  it('5 random arguments against each schema of the official suite (tool root off)', () => {
    const seen = new Set<string>();
    for (const dir of ['draft2020-12', 'draft2020-12/optional']) {
      for (const k of loadCases(dir)) {
        const key = JSON.stringify(k.schema);
        if (seen.has(key)) continue;
        seen.add(key);
        const c = compileSchema(k.schema, { schemaRegistry: remoteRegistry() }, { toolRoot: false });
        if (!c.ok) {
          expect(CLASSES).toContain(c.error.class);
          continue;
        }
        fc.assert(
          fc.property(anyArgs, (args) => {
            holds(c.value, args);
            counted.suite++;
          }),
          { numRuns: 5, seed: 4 },
        );
      }
    }
    console.log(`fast-check suite cases: ${counted.suite} over ${seen.size} schemas`);
    expect(counted.suite).toBeGreaterThan(1000);
  });

  it('random strings and byte strings into validateJSON: the verdict the oracle gives', () => {
    const c = validateSchema({
      type: 'object',
      additionalProperties: { type: ['string', 'number', 'array', 'object', 'boolean', 'null'] },
    });
    if (!c.ok) throw new Error('refused');
    const key = fc.string({ maxLength: 4 });
    // Numbers well inside float64's exact range, so an object of them is decided by the oracle.
    const scalar = fc.oneof(
      fc.integer(),
      fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      fc.string({ maxLength: 6 }),
      fc.boolean(),
      fc.constant(null),
    );
    const texts = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.uint8Array({ maxLength: 60 }).map((b) => String.fromCharCode(...b)),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v).slice(0, -1)),
      fc
        .dictionary(key, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), { maxKeys: 4 })
        .map((v) => JSON.stringify(v)),
      // The cases JSON.parse accepts and toolgate must refuse: a repeated key, a lone surrogate.
      fc
        .tuple(key, fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 }))
        .map(([k, a, b]) => `{${JSON.stringify(k)}:${JSON.stringify(a)},${JSON.stringify(k)}:${JSON.stringify(b)}}`),
      fc.tuple(key, fc.constantFrom('\\ud800', '\\udfff', '\ud83d', 'a\\udc00b')).map(([k, s]) => `{"${k}x":"${s}"}`),
    );
    const decided = { valid: 0, invalid: 0, either: 0 };
    fc.assert(
      fc.property(texts, (text) => {
        const a = c.value.validateJSON(text);
        const b = c.value.validateJSON(text);
        if (!a.ok) expect(CLASSES).toContain(a.error.class);
        expect(shape(b)).toBe(shape(a));
        const expected = oracle(text);
        decided[expected]++;
        if (expected === 'valid') expect(a.ok ? 'valid' : a.error.message).toBe('valid');
        else if (expected === 'invalid') expect(a.ok ? 'accepted' : a.error.class).toBe('validation');
        // A number whose exactness rule the oracle leaves open: accepted, or refused for that number.
        else if (!a.ok) expect(a.error.message).toMatch(/^arguments are not valid JSON: .*\b(number|integer)\b/);
        notPolluted();
        counted.text++;
      }),
      { numRuns: 3000, seed: 4 },
    );
    console.log(`fast-check validateJSON cases: ${counted.text} (oracle: ${JSON.stringify(decided)})`);
    // The oracle decides nearly every case, both ways; it is not a test that passes by saying "either".
    expect(decided.valid).toBeGreaterThan(300);
    expect(decided.invalid).toBeGreaterThan(1000);
    expect(decided.either).toBeLessThan(decided.valid);
  });

  it.each<[string, string, Verdict]>([
    ['an object', '{"a":[1,"x",null]}', 'valid'],
    ['not JSON', '{"a":}', 'invalid'],
    ['an array root', '[1]', 'invalid'],
    ['a repeated key', '{"a":1,"a":1}', 'invalid'],
    ['a repeated key in a nested object', '{"a":{"b":1,"b":2}}', 'invalid'],
    ['the same key in two objects', '{"a":{"b":1},"c":{"b":2}}', 'valid'],
    ['a lone surrogate escape', '{"a":"\\ud800"}', 'invalid'],
    ['a surrogate pair escape', '{"a":"\\ud83d\\ude00"}', 'valid'],
    ['a number that overflows', '{"a":1e400}', 'invalid'],
    ['a number that underflows to zero', '{"a":1e-400}', 'invalid'],
    ['a number not in shortest form', '{"a":1.0}', 'either'],
  ])('the oracle itself: %s', (_why, text, verdict) => {
    expect(oracle(text)).toBe(verdict);
  });
  it.each([
    ['-0 turned into 0', { a: -0 }, { a: 0 }],
    ['NaN turned into null', [Number.NaN], [null]],
    ['a hole filled with undefined', [1, , 2], [1, undefined, 2]],
    ['a Map emptied', new Map([[1, 2]]), new Map()],
    ['a key added with an undefined value', { a: 1 }, { a: 1, b: undefined }],
  ])('the mutation check catches %s (JSON.stringify would not)', (_why, original, mutated) => {
    // Guards the check itself: the snapshot must keep what JSON loses, and the walk must compare by Object.is.
    expect(sameDeep(snapshot(original), original)).toBe(true);
    expect(sameDeep(snapshot(original), mutated)).toBe(false);
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
