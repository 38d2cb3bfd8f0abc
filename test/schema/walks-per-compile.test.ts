// validateSchema walks a schema once per gate that needs it and copies it once for the caller to see: the walks
// (schema/walk.ts) of one compile are counted by the function that asked for them, and the general-purpose copy and
// freeze of util/plain-json.ts are not called at all (schema-copy.ts engineCopy makes the engine's copy and freezes the
// private one, which the caller sees, in one pass). Before, the root was tallied twice, the engine's three questions
// (own properties, linking, a private engine) walked three times, and the exposed schema was copied again, then frozen
// in a pass of its own; the older dialects' engine copied the private copy once more.
import { describe, expect, it, vi } from 'vitest';

const seen = vi.hoisted(() => ({ walks: [] as string[], copies: 0, freezes: 0 }));

/** The name of the function that called the mocked one (two frames up: the mock, then its caller). */
function caller(): string {
  const line = (new Error().stack ?? '').split('\n')[3] ?? '';
  return /at (?:Object\.)?([\w$.]+) /.exec(line)?.[1] ?? line.trim();
}

vi.mock('../../src/schema/walk.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/schema/walk.js')>();
  return {
    ...real,
    walkSchema: (...args: Parameters<typeof real.walkSchema>) => {
      seen.walks.push(caller());
      return (real.walkSchema as (...a: unknown[]) => void)(...args);
    },
  };
});
vi.mock('../../src/util/plain-json.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/util/plain-json.js')>();
  return {
    ...real,
    copyJson: (value: unknown) => {
      seen.copies++;
      return real.copyJson(value);
    },
    deepFreeze: <T>(value: T): T => {
      seen.freezes++;
      return real.deepFreeze(value);
    },
  };
});

const { validateSchema } = await import('../../src/schema/compile.js');

/** A corpus-like tool schema, made unique per call so the compile cache never answers. */
let serial = 0;
const toolSchema = (extra: object = {}): Record<string, unknown> => ({
  ...extra,
  type: 'object',
  description: `tool ${++serial}`,
  properties: {
    owner: { type: 'string', pattern: '^[a-z0-9-]+$' },
    perPage: { type: 'integer', minimum: 1, maximum: 100 },
    labels: { type: 'array', items: { type: 'string' } },
    state: { enum: ['open', 'closed'] },
  },
  required: ['owner'],
});

function compileCounted(schema: unknown, options?: object): { walks: Record<string, number>; ok: boolean } {
  seen.walks.length = 0;
  seen.copies = 0;
  seen.freezes = 0;
  const ok = validateSchema(schema, options).ok;
  const walks: Record<string, number> = {};
  for (const w of seen.walks) walks[w] = (walks[w] ?? 0) + 1;
  return { walks, ok };
}

describe('one validateSchema walks each gate once and copies the schema once', () => {
  it('a 2020-12 tool schema: one walk per gate (the cost estimate once: the engine runs the author’s copy)', () => {
    const { walks, ok } = compileCounted(toolSchema());
    expect(ok).toBe(true);
    const twice = Object.entries(walks).filter(([, n]) => n > 1);
    expect(twice).toEqual([]);
    expect(walks['schemaGraph']).toBe(1);
    expect(walks['tallyDocument']).toBe(1);
    expect(walks['engineNeeds']).toBe(1);
    expect(walks['needsOwnProperties'] ?? 0).toBe(0);
    expect(walks['needsLinking'] ?? 0).toBe(0);
    expect(walks['needsPrivateEngine'] ?? 0).toBe(0);
    expect(seen.walks.length).toBeLessThanOrEqual(11);
    expect({ copies: seen.copies, freezes: seen.freezes }).toEqual({ copies: 0, freezes: 0 });
  });

  it('a schema the engine rewrites is estimated again, as the engine will run it', () => {
    const { walks, ok } = compileCounted(toolSchema({ not: { enum: [] } }));
    expect(ok).toBe(true);
    expect(walks['schemaGraph']).toBe(2);
  });

  it('a draft-07 tool schema on its own engine: one walk per gate, no second copy', () => {
    const { walks, ok } = compileCounted(toolSchema({ $schema: 'http://json-schema.org/draft-07/schema#' }), {
      dialects: ['2020-12', 'draft-07'],
    });
    expect(ok).toBe(true);
    expect(Object.entries(walks).filter(([, n]) => n > 1)).toEqual([]);
    // The one pipeline's reference index, as for 2020-12; the in-place check's walk also finds what the
    // step budget marks (legacy-front-end.ts), so the index costs no walk more than before.
    expect(walks['indexDocument']).toBe(1);
    expect(seen.walks.length).toBeLessThanOrEqual(7);
    expect({ copies: seen.copies, freezes: seen.freezes }).toEqual({ copies: 0, freezes: 0 });
  });

  it('the exposed schema is the schema as given, deeply frozen, whatever the engine rewrote', () => {
    const given = toolSchema({ properties: { a: { nullable: true, type: 'string' }, __proto__: null } });
    Object.defineProperty(given['properties'] as object, '__proto__', {
      value: { type: 'number' },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    const compiled = validateSchema(given);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    const exposed = compiled.value.schema as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(exposed)).toBe(JSON.stringify(given));
    expect(Object.hasOwn(exposed['properties'] as object, '__proto__')).toBe(true);
    expect(Object.isFrozen(exposed)).toBe(true);
    expect(Object.isFrozen(exposed['properties'])).toBe(true);
    expect(Object.isFrozen((exposed['properties'] as Record<string, unknown>)['a'])).toBe(true);
  });
});
