import { describe, expect, it } from 'vitest';
import { admitBatch, type AdmissionOptions } from '../../src/catalog/admission.js';
import { compileCounters } from '../../src/schema/compile.js';

const echoBackend = (args: unknown): unknown => args;
const good = (
  name: string,
  inputSchema: unknown = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
): object => ({ name, description: `${name} tool`, inputSchema, backend: echoBackend, revision: 'r1' });
const draft07 = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { q: { type: 'string' } },
};

/** Each kind of problem admission must catch, and whether quarantine may leave the tool out. */
const problems: { kind: string; batch: unknown[]; options?: AdmissionOptions; quarantinable: boolean; cls: string }[] =
  [
    {
      kind: 'a schema declaring draft-07',
      batch: [good('ok'), good('old', draft07)],
      quarantinable: true,
      cls: 'unsupported_capability',
    },
    {
      kind: 'a schema using dependencies',
      batch: [good('ok'), good('deps', { type: 'object', dependencies: { a: ['b'] } })],
      quarantinable: true,
      cls: 'unsupported_capability',
    },
    {
      kind: 'a malformed schema',
      batch: [good('ok'), good('bad', { type: 'object', properties: { a: { type: 'dict' } } })],
      quarantinable: false,
      cls: 'validation',
    },
    {
      kind: 'a non-object root',
      batch: [good('ok'), good('str', { type: 'string' })],
      quarantinable: false,
      cls: 'validation',
    },
    {
      kind: 'an unresolved reference',
      batch: [good('ok'), good('ref', { type: 'object', properties: { a: { $ref: 'https://example.com/missing' } } })],
      quarantinable: false,
      cls: 'validation',
    },
    { kind: 'a bad name', batch: [good('ok'), good('no spaces')], quarantinable: false, cls: 'validation' },
    {
      kind: 'a missing backend',
      batch: [good('ok'), { name: 'nobackend', inputSchema: { type: 'object' } }],
      quarantinable: false,
      cls: 'validation',
    },
    {
      kind: 'a non-string description',
      batch: [good('ok'), { ...good('desc'), description: 7 }],
      quarantinable: false,
      cls: 'validation',
    },
    {
      kind: 'a duplicate name',
      batch: [good('ok'), good('twice'), good('twice')],
      quarantinable: false,
      cls: 'validation',
    },
    {
      kind: 'a grant for a tool not in the batch',
      batch: [good('ok')],
      options: { authority: { caller: 'c', run: 'r', grants: ['ok', 'ghost'] } },
      quarantinable: false,
      cls: 'validation',
    },
    {
      kind: 'a loader that throws',
      batch: [good('ok'), good('load', { type: 'object', properties: { a: { $ref: 'https://store/x' } } })],
      options: {
        schemaLoader: () => {
          throw new Error('store down');
        },
      },
      quarantinable: false,
      cls: 'validation',
    },
  ];

describe('strict admission (the default)', () => {
  it.each(problems)('fails the whole batch on $kind', async ({ batch, options, cls }) => {
    const r = await admitBatch(batch, options);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe(cls);
    const diagnostics = r.error.diagnostics;
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(r.error.violations).toHaveLength(diagnostics.length);
  });

  it('lists a diagnostic per bad tool', async () => {
    const r = await admitBatch([good('a', draft07), good('b'), good('c', { type: 'string' })]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.diagnostics.map((d) => [d.name, d.revision, d.error.class])).toEqual([
      ['a', 'r1', 'unsupported_capability'],
      ['c', 'r1', 'validation'],
    ]);
    expect(r.error.violations.map((v) => v.schemaPath)).toEqual([
      '/tools/0/inputSchema/$schema',
      '/tools/2/inputSchema/type',
    ]);
  });
});

describe('quarantine admission', () => {
  it.each(problems.filter((p) => p.quarantinable))(
    'leaves out only the tool with $kind',
    async ({ batch, options }) => {
      const r = await admitBatch(batch, { ...options, mode: 'quarantine' });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.accepted).toEqual(['ok']);
      expect(r.value.rejected).toHaveLength(1);
      expect(r.value.rejected[0]?.error.class).toBe('unsupported_capability');
      expect(r.value.registry.names()).toEqual(['ok']);
    },
  );

  it.each(problems.filter((p) => !p.quarantinable))(
    'still fails the batch on $kind',
    async ({ batch, options, cls }) => {
      const r = await admitBatch(batch, { ...options, mode: 'quarantine' });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.class).toBe(cls);
    },
  );

  it('narrows grants to admitted tools and keeps every other authority field', async () => {
    const run = { id: 'run-1', budget: { usd: 2 } };
    const authority = { caller: 'agent-7', run, grants: ['old', 'ok'], tenant: 'acme' };
    const r = await admitBatch([good('ok'), good('old', draft07)], { mode: 'quarantine', authority });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.authority).toEqual({ caller: 'agent-7', run, grants: ['ok'], tenant: 'acme' });
    expect(r.value.authority?.['run']).toBe(run);
    expect(authority.grants).toEqual(['old', 'ok']);
  });

  it('keeps unknown grants when the host asks for it', async () => {
    const r = await admitBatch([good('ok')], {
      mode: 'quarantine',
      authority: { grants: ['ok', 'later'] },
      unknownGrants: 'keep',
    });
    expect(r.ok && r.value.authority?.grants).toEqual(['ok', 'later']);
  });

  it('fails on an unknown mode instead of guessing one', async () => {
    const r = await admitBatch([good('ok')], { mode: 'lenient' as 'strict' });
    expect(r.ok).toBe(false);
  });
});

describe('empty results', () => {
  const cases: { why: string; batch: unknown[]; grants: string[] }[] = [
    { why: 'an empty batch', batch: [], grants: [] },
    {
      why: 'a quarantine batch that rejects everything',
      batch: [good('a', draft07), good('b', draft07)],
      grants: ['a', 'b'],
    },
  ];
  it.each(cases)('$why gives an empty registry, no provider tools and no grants', async ({ batch, grants }) => {
    const r = await admitBatch(batch, { mode: 'quarantine', authority: { caller: 'c', grants } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.registry.names()).toEqual([]);
    expect(r.value.providerTools).toEqual([]);
    expect(r.value.toolsFor('openai')).toEqual([]);
    expect(r.value.authority?.grants).toEqual([]);
    expect(r.value.accepted).toEqual([]);
  });
});

describe('serialization guard', () => {
  it('keeps rejected diagnostics out of JSON.stringify(bundle) and every provider format', async () => {
    const secret = 'https://internal.example/secret-dialect-7f3a';
    const r = await admitBatch([good('ok'), good('hidden', { $schema: secret, type: 'object' })], {
      mode: 'quarantine',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const diagnostic = r.value.rejected[0]?.error.message ?? '';
    expect(diagnostic).toContain(secret);
    const outputs = [
      JSON.stringify(r.value),
      JSON.stringify({ ...r.value }),
      ...(['openai', 'anthropic', 'mcp'] as const).map((f) => JSON.stringify(r.value.toolsFor(f))),
    ];
    for (const out of outputs) {
      expect(out).not.toContain(secret);
      expect(out).not.toContain('hidden');
      expect(out).toContain('ok');
    }
    expect(Object.keys(r.value)).not.toContain('rejected');
  });
});

describe('provider tools', () => {
  it('keeps each schema byte-for-byte equal to the descriptor and sorted by name', async () => {
    const zeta = {
      required: ['q'],
      properties: { q: { type: 'string', description: 'query' } },
      type: 'object',
      title: 'Z',
    };
    const alpha = { type: 'object', properties: { q: { description: 'query', type: 'string' } }, required: ['q'] };
    const r = await admitBatch([good('zeta', zeta), good('alpha', alpha)]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.providerTools.map((t) => t.name)).toEqual(['alpha', 'zeta']);
    expect(JSON.stringify(r.value.providerTools[1]?.inputSchema)).toBe(JSON.stringify(zeta));
    expect(JSON.stringify(r.value.toolsFor('anthropic')[0]?.input_schema)).toBe(JSON.stringify(alpha));
    expect(r.value.toolsFor('openai')[1]).toEqual({
      type: 'function',
      function: { name: 'zeta', description: 'zeta tool', parameters: zeta },
    });
    expect(r.value.toolsFor('mcp')[0]).toEqual({ name: 'alpha', description: 'alpha tool', inputSchema: alpha });
  });
});

describe('execution through the bundle registry', () => {
  it('runs admitted tools with their schema enforced', async () => {
    const r = await admitBatch([good('search')]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const fine = await r.value.registry.call({ id: 'c1', name: 'search', arguments: { q: 'x' } });
    expect(fine.isError).toBe(false);
    const bad = await r.value.registry.call({ id: 'c2', name: 'search', arguments: { q: 1 } });
    expect(bad.isError).toBe(true);
    expect(bad.error?.class).toBe('validation');
  });

  it('runs a handle backend through invoke', async () => {
    const seen: unknown[] = [];
    const invoke = (backend: unknown, args: unknown): unknown => {
      seen.push([backend, args]);
      return 'done';
    };
    const r = await admitBatch([{ name: 'remote', inputSchema: { type: 'object' }, backend: { server: 's1' } }], {
      invoke,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const out = await r.value.registry.call({ id: 'c1', name: 'remote', arguments: { a: 1 } });
    expect(out.content).toBe('done');
    expect(seen).toEqual([[{ server: 's1' }, { a: 1 }]]);
  });

  it('lets calls in flight on the old bundle complete after a dynamic update', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = async (): Promise<string> => {
      await gate;
      return 'old result';
    };
    const v1 = await admitBatch([{ name: 'job', inputSchema: { type: 'object' }, backend: slow, revision: '1' }]);
    expect(v1.ok).toBe(true);
    if (!v1.ok) return;
    const inFlight = v1.value.registry.call({ id: 'c1', name: 'job', arguments: {} });
    const v2 = await admitBatch([
      { name: 'job', inputSchema: { type: 'object', required: ['x'] }, backend: () => 'new result', revision: '2' },
      good('extra'),
    ]);
    expect(v2.ok).toBe(true);
    if (!v2.ok) return;
    release();
    expect((await inFlight).content).toBe('old result');
    expect(v1.value.registry.names()).toEqual(['job']);
    expect(v2.value.registry.names()).toEqual(['extra', 'job']);
    expect((await v2.value.registry.call({ id: 'c2', name: 'job', arguments: {} })).isError).toBe(true);
    expect((await v2.value.registry.call({ id: 'c3', name: 'job', arguments: { x: 1 } })).content).toBe('new result');
  });
});

describe('asynchronous schema loader', () => {
  it('loads each URI once per batch, following references between loaded documents', async () => {
    const store: Record<string, object> = {
      'https://store/address': {
        type: 'object',
        properties: { city: { $ref: 'https://store/city' } },
        required: ['city'],
      },
      'https://store/city': { type: 'string', minLength: 1 },
    };
    const calls: string[] = [];
    const schemaLoader = async (uri: string): Promise<object | undefined> => {
      calls.push(uri);
      return store[uri];
    };
    const uses = { type: 'object', properties: { to: { $ref: 'https://store/address' } }, required: ['to'] };
    const r = await admitBatch([good('ship', uses), good('bill', uses), good('plain')], { schemaLoader });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(calls.sort()).toEqual(['https://store/address', 'https://store/city']);
    expect(r.value.stats.loaderCalls).toBe(2);
    const bad = await r.value.registry.call({ id: 'c', name: 'ship', arguments: { to: { city: '' } } });
    expect(bad.isError).toBe(true);
  });

  it('reports a URI the loader does not know as an unresolved reference, fatal in quarantine', async () => {
    const r = await admitBatch([good('ref', { type: 'object', properties: { a: { $ref: 'https://store/none' } } })], {
      mode: 'quarantine',
      schemaLoader: async () => undefined,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('https://store/none');
  });
});

describe('compile cache', () => {
  it('does not compile again when the same catalog is admitted twice', async () => {
    const schema = { type: 'object', properties: { unique_to_cache_test: { type: 'integer', minimum: 3 } } };
    const first = await admitBatch([good('a', schema), good('b', schema)]);
    const second = await admitBatch([good('a', schema), good('b', schema)]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.value.stats).toMatchObject({ compiled: 1, reused: 1 });
    expect(second.value.stats).toMatchObject({ compiled: 0, reused: 2 });
  });
});

describe('hostile input', () => {
  it('never throws for a non-array batch or throwing options', async () => {
    expect((await admitBatch('tools' as unknown as unknown[])).ok).toBe(false);
    const options = Object.defineProperty({}, 'mode', {
      get: () => {
        throw new Error('boom');
      },
    }) as AdmissionOptions;
    const r = await admitBatch([good('a')], options);
    expect(r.ok).toBe(false);
    // The getter is never run (options are read as own data), so the error is the options' own: validation.
    if (!r.ok)
      expect([r.error.class, r.error.message]).toEqual([
        'validation',
        'invalid admitBatch options: "mode" is not a plain data property',
      ]);
  });
});

// Regression: Registry.register re-ran validateSchema for every preflighted tool (the whole pipeline
// for loader-based schemas), and stats were a delta of a process-wide compile counter.
describe('admission compiles each schema once and counts per accepted tool', () => {
  const fresh = (tag: string): object => ({ type: 'object', properties: { [`once_${tag}`]: { type: 'integer' } } });

  it('adds no cache hit after preflight: the registry takes the compiled schema as is', async () => {
    const before = compileCounters();
    const r = await admitBatch([good('a', fresh('a')), good('b', fresh('b'))]);
    const after = compileCounters();
    expect(r.ok).toBe(true);
    expect([after.compiles - before.compiles, after.hits - before.hits]).toEqual([2, 0]);
  });

  it('does not rerun the pipeline for a schema that needed the asynchronous loader', async () => {
    const uri = 'https://store/once-loaded';
    const schemaLoader = async (u: string): Promise<object | undefined> =>
      u === uri ? { type: 'string', minLength: 2 } : undefined;
    const before = compileCounters();
    const r = await admitBatch([good('loaded', { type: 'object', properties: { s: { $ref: uri } } })], {
      schemaLoader,
    });
    const after = compileCounters();
    expect(r.ok).toBe(true);
    expect([after.compiles - before.compiles, after.hits - before.hits]).toEqual([1, 0]);
    if (r.ok)
      expect((await r.value.registry.call({ id: 'c', name: 'loaded', arguments: { s: 'x' } })).isError).toBe(true);
  });

  it('keeps stats exact when two admissions overlap across awaits', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const uri = 'https://store/overlap';
    const slowLoader = async (u: string): Promise<object | undefined> => {
      await gate;
      return u === uri ? { type: 'integer' } : undefined;
    };
    const slow = admitBatch([good('slow', { type: 'object', properties: { n: { $ref: uri } } })], {
      schemaLoader: slowLoader,
    });
    // While the slow batch waits for its loader, another batch compiles two new schemas.
    const quick = await admitBatch([good('x', fresh('overlap_x')), good('y', fresh('overlap_y'))]);
    release();
    const done = await slow;
    expect(quick.ok && done.ok).toBe(true);
    if (!quick.ok || !done.ok) return;
    expect(quick.value.stats).toMatchObject({ compiled: 2, reused: 0 });
    expect(done.value.stats).toMatchObject({ compiled: 1, reused: 0 });
  });

  it('does not count tools the provider policy left out', async () => {
    const rejectedByGemini = {
      type: 'object',
      properties: { once_gemini: { type: 'string' } },
      additionalProperties: { type: 'integer' },
      not: { required: ['x'] },
    };
    const r = await admitBatch([good('kept', fresh('gemini_kept')), good('left', rejectedByGemini)], {
      mode: 'quarantine',
      provider: 'gemini',
      providerPolicy: 'quarantine',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.accepted).toEqual(['kept']);
    expect(r.value.stats.compiled + r.value.stats.reused).toBe(1);
  });
});

// Regression: a refused mode or provider was shown through String() or JSON.stringify, which run caller code.
describe('refused admission options are named without running their code', () => {
  it.each([
    [
      'mode',
      { mode: { toString: () => 'strict' } },
      "invalid admitBatch options: mode must be 'strict' or 'quarantine', got an object",
    ],
    [
      'provider',
      { provider: { toJSON: () => 'gemini' } },
      "invalid admitBatch options: provider must be 'openai-strict', 'openai', 'anthropic', 'gemini', got an object",
    ],
  ])('%s', async (_name, options, message) => {
    const r = await admitBatch([], options as never);
    expect(r.ok ? undefined : [r.error.class, r.error.message, r.error.diagnostics]).toEqual([
      'validation',
      message,
      [],
    ]);
  });
});
