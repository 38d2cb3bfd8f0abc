// compile: 'lazy' at the first call: the validator is compiled once, on the first call of any of the schema's
// methods, and kept; a compile that fails then fails that call and every later one with the refusal an eager
// admission gives, never a pass, but for one that ran out of stack (that call's own). The engine's warm-up is
// replaced here (so this file has a module graph of its own: vitest.config.ts) to make the engine refuse a schema
// that no real one makes it refuse.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../src/result.js';
import type { Validator } from '../../src/schema/engine/validator.js';
import type { CompiledSchema } from '../../src/schema/compiled-schema.js';
import { heapUsed } from '../heap.js';

const engine = vi.hoisted(() => ({ refuse: false as false | 'stack' | 'other', warmUps: 0 }));
vi.mock('../../src/schema/engine/warm-up.js', () => ({
  warmUp: () => {
    engine.warmUps++;
    // What V8 throws for a generated function that nests too deeply, or with the stack nearly used up: compile-2020.ts
    // refuses the schema.
    if (engine.refuse === 'stack') throw new RangeError('Maximum call stack size exceeded');
    if (engine.refuse === 'other') throw new Error('the generated code was refused');
  },
}));

const { compileCounters, validateSchema } = await import('../../src/schema/compile.js');
const { clearCache } = await import('../../src/schema/compile-cache.js');
const { admitBatch } = await import('../../src/catalog/admission.js');
const { deferredCompiledOf } = await import('../../src/schema/compiled-schema.js');
const { ok } = await import('../../src/result.js');
const { DEFAULT_LIMITS } = await import('../../src/util/limits.js');

let serial = 0;
/** A small tool schema without references, new to the compile cache at each call. */
const tool = (): Record<string, unknown> => ({
  type: 'object',
  properties: { [`p${++serial}`]: { type: 'string', maxLength: 8 } },
  required: [`p${serial}`],
  additionalProperties: false,
});

/** A new tool schema admitted lazily (nothing compiled yet), and the name its one property has. */
function lazyTool(): { compiled: CompiledSchema; name: string } {
  const lazy = validateSchema(tool(), { compile: 'lazy' });
  if (!lazy.ok) throw new Error(lazy.error.message);
  return { compiled: lazy.value, name: `p${serial}` };
}

beforeEach(() => {
  engine.refuse = false;
  engine.warmUps = 0;
  clearCache();
});

describe('compile: lazy compiles on the first call, once', () => {
  it('admission compiles nothing; the first call compiles; later calls of any method reuse it', () => {
    const schema = tool();
    const name = `p${serial}`;
    const before = compileCounters().compiles;
    const compiled = validateSchema(schema, { compile: 'lazy' });
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(compileCounters().compiles - before).toBe(0);
    expect(compiled.value.validate({ [name]: 'ok' }).ok).toBe(true);
    expect(compileCounters().compiles - before).toBe(1);
    expect(compiled.value.validate({ [name]: 'far too long' }).ok).toBe(false);
    expect(compiled.value.validateJSON(`{"${name}":"x"}`).ok).toBe(true);
    expect(compiled.value['~standard'].validate({})).toHaveProperty('issues');
    expect(compileCounters().compiles - before).toBe(1);
    expect(engine.warmUps).toBe(1);
  });

  it('a schema of the same content compiled meanwhile is reused at the first call', () => {
    const schema = tool();
    const lazy = validateSchema(schema, { compile: 'lazy' });
    const eager = validateSchema(structuredClone(schema), { compile: 'eager' });
    expect(lazy.ok && eager.ok).toBe(true);
    const before = compileCounters().compiles;
    if (lazy.ok) lazy.value.validate({});
    expect(compileCounters().compiles - before).toBe(0);
  });

  it('admitBatch with compile: lazy admits every tool and compiles none until it is called', async () => {
    const before = compileCounters().compiles;
    const tools = [1, 2, 3].map((i) => ({ name: `t${i}`, inputSchema: tool(), backend: () => 'done' }));
    const bundle = await admitBatch(tools, { compile: 'lazy' });
    expect(bundle.ok).toBe(true);
    expect(compileCounters().compiles - before).toBe(0);
    if (!bundle.ok) return;
    const args = { [`p${serial}`]: 'x' };
    const called = await bundle.value.registry.call({ id: 'c1', name: 't3', arguments: args });
    expect(called.isError).toBe(false);
    expect(compileCounters().compiles - before).toBe(1);
  });
});

describe('a compile that fails at the first call fails closed', () => {
  it('eager: refused at admission, as unsupported_capability', () => {
    engine.refuse = 'stack';
    const compiled = validateSchema(tool(), { compile: 'eager' });
    expect(compiled.ok ? 'admitted' : [compiled.error.class, compiled.error.message]).toEqual([
      'unsupported_capability',
      'schema cannot be enforced exactly: the engine recursed without end while compiling it',
    ]);
  });

  it('lazy: the first call and every later one get the refusal admission would have given, never a pass', () => {
    const schema = tool();
    const name = `p${serial}`;
    const eager = (() => {
      engine.refuse = 'other';
      const r = validateSchema(structuredClone(schema), { compile: 'eager' });
      engine.refuse = false;
      return r;
    })();
    clearCache();
    const lazy = validateSchema(schema, { compile: 'lazy' });
    expect(lazy.ok).toBe(true);
    if (!lazy.ok || eager.ok) return;
    engine.refuse = 'other';
    const first = lazy.value.validate({ [name]: 'fine' });
    engine.refuse = false;
    // The compile is not tried again: the refusal stands for every method, valid arguments or not.
    const later = [
      lazy.value.validate({ [name]: 'fine' }),
      lazy.value.validate({ nope: 1 }),
      lazy.value.validateJSON(`{"${name}":"fine"}`),
    ];
    for (const r of [first, ...later]) expect(r.ok ? 'passed' : r.error).toEqual(eager.error);
    expect(lazy.value['~standard'].validate({ [name]: 'fine' })).toHaveProperty('issues');
    expect(engine.warmUps).toBe(2);
  });

  // The compile runs on the caller's stack: a first call deep in the host's recursion made the tool unusable.
  it('lazy: a first call that runs out of stack fails alone; the next call compiles it again', () => {
    const { compiled, name } = lazyTool();
    engine.refuse = 'stack';
    const first = compiled.validateJSON(`{"${name}":"fine"}`);
    expect(first.ok ? 'passed' : [first.error.class, first.error.kind, first.error.message]).toEqual([
      'execution_failure',
      'internal',
      'validateJSON failed: the stack ran out while the schema was compiled at its first call (the next call ' +
        'compiles it again)',
    ]);
    engine.refuse = false;
    expect(compiled.validate({ [name]: 'fine' }).ok).toBe(true);
    expect(compiled.validate({ [name]: 'far too long' }).ok).toBe(false);
    expect(engine.warmUps).toBe(2);
  });

  // A review: a compile that runs out of stack whatever the stack (generated code nested too deeply for V8) was
  // compiled again at every call, each failing; at the third time in a row its refusal is kept.
  it('lazy: a compile out of stack three times in a row is kept as the refusal admission gives', () => {
    const { compiled, name } = lazyTool();
    engine.refuse = 'stack';
    const classes = [1, 2, 3].map(() => {
      const r = compiled.validate({ [name]: 'fine' });
      return r.ok ? 'passed' : r.error.class;
    });
    engine.refuse = false;
    const later = compiled.validate({ [name]: 'fine' });
    expect([...classes, later.ok ? 'passed' : later.error.message]).toEqual([
      'execution_failure',
      'execution_failure',
      'unsupported_capability',
      'schema cannot be enforced exactly: the engine recursed without end while compiling it',
    ]);
    expect(engine.warmUps).toBe(3);
  });

  it('lazy: a throw out of the compile itself is execution_failure, never a pass', async () => {
    const { deferredCompiledOf } = await import('../../src/schema/compiled-schema.js');
    const { DEFAULT_LIMITS } = await import('../../src/util/limits.js');
    const compiled = deferredCompiledOf({ schema: {}, toolRoot: true, limits: DEFAULT_LIMITS }, () => {
      throw new Error('engine bug');
    });
    const r = compiled.validate({});
    expect(r.ok ? 'passed' : [r.error.class, r.error.kind]).toEqual(['execution_failure', 'internal']);
  });
});

describe('a deferred schema once compiled', () => {
  it('lets go of its compile: nothing the compile alone holds stays reachable', async () => {
    let held: WeakRef<object> | undefined;
    const validator = Object.assign((_: unknown) => true, { schema: {}, errors: null }) as unknown as Validator;
    const compile = (): (() => Result<Validator>) => {
      const scope = { payload: new Array(1000).fill(0) };
      held = new WeakRef(scope);
      return () => (scope.payload.length > 0 ? ok(validator) : ok(validator));
    };
    const compiled = deferredCompiledOf({ schema: {}, toolRoot: true, limits: DEFAULT_LIMITS }, compile());
    expect(compiled.validate({}).ok).toBe(true);
    await heapUsed(3);
    expect(held?.deref()).toBeUndefined();
    expect(compiled.validate({}).ok).toBe(true);
  });

  it('answers a throw while its CompiledSchema is made with a failure, and makes it again at the next call', () => {
    // Read once when the deferred schema is made, then by the compiled one's checker: the second read throws.
    let reads = 0;
    const parts = {
      schema: {},
      limits: DEFAULT_LIMITS,
      get toolRoot(): boolean {
        if (++reads === 2) throw new RangeError('Maximum call stack size exceeded');
        return true;
      },
    };
    const validator = Object.assign((_: unknown) => true, { schema: {}, errors: null }) as unknown as Validator;
    const compiled = deferredCompiledOf(parts, () => ok(validator));
    const first = compiled.validateJSON('{}');
    // toolgate's own code threw, not the host's: `internal`, with its text and the method called.
    expect(first.ok ? 'passed' : [first.error.class, first.error.kind, first.error.message]).toEqual([
      'execution_failure',
      'internal',
      'validateJSON failed: Maximum call stack size exceeded',
    ]);
    expect(compiled.validate({})).toEqual({ ok: true, value: {} });
  });
});

describe('the compile option is read through the schema option table', () => {
  it.each([['later'], [true], [null]])('refuses compile: %j', (value) => {
    const r = validateSchema({ type: 'object' }, { compile: value } as never);
    expect(r.ok ? 'admitted' : [r.error.class, r.error.message]).toEqual([
      'validation',
      expect.stringContaining("invalid schema options: compile must be 'eager' or 'lazy', got"),
    ]);
  });

  it('never runs a getter for it', async () => {
    let ran = 0;
    const options = Object.defineProperty({}, 'compile', {
      enumerable: true,
      get: () => {
        ran++;
        return 'lazy';
      },
    });
    const r = validateSchema({ type: 'object' }, options);
    expect(r.ok).toBe(false);
    const batch = await admitBatch([], options);
    expect(batch.ok).toBe(false);
    expect(ran).toBe(0);
  });
});

// A deferred schema's first call compiles what admission proved, under the options as admission read them: a
// first call that read the caller's `limits` or `dialects` again would take a limit loosened after admission.
describe('the first call of a deferred schema is compiled under the options admission read', () => {
  it.each([
    ['loosened', 10, 1_000, false],
    ['tightened', 100, 2, true],
  ])('limits %s after admission change nothing', (_, admitted, later, passes) => {
    const options = { compile: 'lazy' as const, limits: { maxStringLength: admitted } };
    const schema = { type: 'object', properties: { s: { type: 'string' } } };
    const compiled = validateSchema(schema, options);
    if (!compiled.ok) throw new Error(compiled.error.message);
    options.limits.maxStringLength = later;
    schema.properties.s.type = 'number';
    const before = compileCounters().compiles;
    expect(compiled.value.validate({ s: 'x'.repeat(20) }).ok).toBe(passes);
    expect(compileCounters().compiles - before).toBe(1);
  });

  it('a dialect disabled after admission is still the one the first call compiles under', () => {
    const dialects: ('2020-12' | 'draft-07')[] = ['2020-12', 'draft-07'];
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { n: { type: 'integer' } },
    };
    const compiled = validateSchema(schema, { compile: 'lazy', dialects });
    if (!compiled.ok) throw new Error(compiled.error.message);
    dialects.length = 1;
    expect(compiled.value.validate({ n: 1 }).ok).toBe(true);
    expect(compiled.value.validate({ n: 1.5 }).ok).toBe(false);
  });
});
