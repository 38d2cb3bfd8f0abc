import { describe, expect, it } from 'vitest';
import { admitBatch, admitMcpTools, preflight } from '../../src/index.js';
import { MAX_BATCH_DESCRIPTORS } from '../../src/catalog/batch-input.js';

const good = { name: 'ok_tool', description: 'x', backend: () => 1 };
const mcpEntry = { name: 'a', inputSchema: { type: 'object' } };
const mcpOptions = { backend: () => () => 1 };
const messageOf = (r: { ok: boolean; error?: { class: string; message: string } }): string =>
  r.ok ? 'ok' : `${r.error?.class}: ${r.error?.message}`;

describe('admitBatch reads every slot of the descriptor array (holes are errors, not skipped)', () => {
  const holes: [string, unknown[]][] = [
    ['[hole]', [,]],
    ['[good, hole]', [good, ,]],
    ['[hole, good]', [, good]],
  ];

  it.each(holes)('refuses %s in strict mode', async (_label, descriptors) => {
    const r = await admitBatch(descriptors);
    expect(messageOf(r)).toMatch(
      /^validation: strict batch admission failed: .*descriptor #\d is missing \(a hole in the array\)/,
    );
  });

  it.each(holes)(
    'refuses %s in quarantine mode too (a hole is a descriptor error, never quarantinable)',
    async (_label, descriptors) => {
      expect((await admitBatch(descriptors, { mode: 'quarantine' })).ok).toBe(false);
    },
  );

  it('refuses an element behind a getter without running it', async () => {
    let ran = false;
    const descriptors = [good];
    Object.defineProperty(descriptors, 1, {
      get: () => {
        ran = true;
        return good;
      },
      enumerable: true,
    });
    expect(messageOf(await admitBatch(descriptors))).toContain('descriptor #1 is not a plain data element');
    expect(ran).toBe(false);
  });

  it('admitMcpTools refuses a hole in tools the same way', async () => {
    const r = await admitMcpTools({ tools: [mcpEntry, ,] }, mcpOptions);
    expect(messageOf(r)).toContain('descriptor #1 is missing (a hole in the array)');
  });
});

describe(`a batch holds at most MAX_BATCH_DESCRIPTORS (${MAX_BATCH_DESCRIPTORS}) descriptors`, () => {
  it('refuses new Array(1e7) as execution_failure naming the limit, without reading it', async () => {
    expect(messageOf(await admitBatch(new Array(1e7)))).toBe(
      'execution_failure: admitBatch takes at most 10000 descriptors per batch (MAX_BATCH_DESCRIPTORS), got 10000000',
    );
  });

  it('refuses one descriptor over the limit and through admitMcpTools', async () => {
    const over = new Array(MAX_BATCH_DESCRIPTORS + 1).fill(good);
    expect(messageOf(await admitBatch(over))).toMatch(/^execution_failure: admitBatch takes at most 10000 /);
    expect(
      messageOf(await admitMcpTools({ tools: new Array(MAX_BATCH_DESCRIPTORS + 1).fill(mcpEntry) }, mcpOptions)),
    ).toMatch(/^execution_failure: admitMcpTools takes at most 10000 /);
  });

  it('still admits an ordinary batch', async () => {
    const r = await admitBatch([good, { ...good, name: 'other' }]);
    expect(r.ok ? r.value.accepted : messageOf(r)).toEqual(['ok_tool', 'other']);
  });
});

describe('preflight publishes the schema it enforces', () => {
  it('keeps inputSchema equal to compiled.schema when a schemaLoader edits the caller schema mid-compile', () => {
    const schema: { type: string; properties: Record<string, unknown>; required: string[] } = {
      type: 'object',
      properties: { path: { $ref: 'http://x/p' } },
      required: ['path'],
    };
    const r = preflight(
      { name: 'rm', inputSchema: schema, backend: () => 1 },
      {
        schemaLoader: () => {
          schema.properties['path'] = { type: 'string', pattern: '^/tmp/' };
          return { type: 'string' };
        },
      },
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(JSON.stringify(r.value.inputSchema)).toBe(
      '{"type":"object","properties":{"path":{"$ref":"http://x/p"}},"required":["path"]}',
    );
    expect(r.value.inputSchema).toBe(r.value.compiled.schema);
  });

  it('keeps the descriptor key order even when another key order of the same schema was compiled first', () => {
    const a = preflight({
      name: 'a',
      inputSchema: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } },
      backend: () => 1,
    });
    const b = preflight({
      name: 'b',
      inputSchema: { properties: { x: { type: 'string' } }, required: ['x'], type: 'object' },
      backend: () => 1,
    });
    expect([a.ok && JSON.stringify(a.value.inputSchema), b.ok && JSON.stringify(b.value.inputSchema)]).toEqual([
      '{"type":"object","required":["x"],"properties":{"x":{"type":"string"}}}',
      '{"properties":{"x":{"type":"string"}},"required":["x"],"type":"object"}',
    ]);
  });
});

describe('Bundle.toolsFor with a format outside its type', () => {
  it('returns an empty array (documented; TypeScript refuses the call at compile time)', async () => {
    const r = await admitBatch([good]);
    if (!r.ok) throw new Error(r.error.message);
    // @ts-expect-error 'bogus' is not a ProviderFormat: this line is the dev-time check.
    expect(r.value.toolsFor('bogus')).toEqual([]);
  });
});

describe('admitBatch and preflight read their options as own data', () => {
  it.each([
    ['admitBatch', 'mode', (o: object) => admitBatch([good], o)],
    ['preflight', 'invoke', (o: object) => Promise.resolve(preflight(good, o))],
  ] as const)('%s refuses an option behind a getter without running it', async (what, key, run) => {
    let ran = false;
    const options = Object.defineProperty({}, key, {
      enumerable: true,
      get() {
        ran = true;
        return 'strict';
      },
    });
    expect(messageOf(await run(options))).toBe(
      `validation: invalid ${what} options: "${key}" is not a plain data property`,
    );
    expect(ran).toBe(false);
  });
});
