import { describe, expect, expectTypeOf, it } from 'vitest';
import type { jsonSchemaValidator, JsonSchemaType } from '@modelcontextprotocol/sdk/validation';
import { ToolgateJsonSchemaValidator } from '../../src/adapters/mcp-validator.js';
import { compileCounters } from '../../src/schema/compile.js';

const provider = new ToolgateJsonSchemaValidator();
const schemaOf = (s: unknown): JsonSchemaType => s as JsonSchemaType;

describe('ToolgateJsonSchemaValidator: the SDK interface', () => {
  it('is assignable to the SDK jsonSchemaValidator type with no cast', () => {
    const seam: jsonSchemaValidator = provider;
    expectTypeOf(provider).toExtend<jsonSchemaValidator>();
    expect(typeof seam.getValidator).toBe('function');
  });

  it('answers valid with the very input as data, invalid with undefined data and toolgate text', () => {
    const check = provider.getValidator<{ n: number }>({ type: 'object', properties: { n: { type: 'integer' } } });
    const input = { n: 1 };
    const good = check(input);
    expect(good).toEqual({ valid: true, data: input, errorMessage: undefined });
    expect(good.data).toBe(input);
    expect(check({ n: 'x' })).toEqual({
      valid: false,
      data: undefined,
      errorMessage: '$.n: expected integer, got string',
    });
  });

  it('an exceeded limit is a refusal (execution_failure), never a pass', () => {
    const tight = new ToolgateJsonSchemaValidator({ limits: { maxStringLength: 5 } });
    const r = tight.getValidator({ type: 'object' })({ a: 'x'.repeat(50) });
    expect(r.valid).toBe(false);
    expect(r.errorMessage).toMatch(/^execution_failure: /);
  });

  it('reads draft-07 schemas exactly by default (MCP_DEFAULT_DIALECTS), and not when dialects exclude it', () => {
    const d7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', items: [{ type: 'string' }] };
    expect(provider.getValidator(schemaOf(d7))({}).valid).toBe(true);
    const only2020 = new ToolgateJsonSchemaValidator({ dialects: ['2020-12'] });
    expect(only2020.getValidator(schemaOf(d7))({}).errorMessage).toMatch(/^the schema was refused \(/);
  });
});

describe('ToolgateJsonSchemaValidator: getValidator never throws', () => {
  const secret = 'secret-token-in-host-text';
  const hostile = new Proxy(
    {},
    {
      get() {
        throw new Error(secret);
      },
      ownKeys() {
        throw new Error(secret);
      },
    },
  );
  const getter = Object.defineProperty({ type: 'object' }, 'properties', {
    enumerable: true,
    get() {
      throw new Error(secret);
    },
  });
  it.each([
    ['a misspelled type', { type: 'object', properties: { a: { type: 'strng' } } }, /strng/],
    ['a non-object root', { type: 'string' }, /root type "object"/],
    ['an unresolved $ref', { type: 'object', properties: { a: { $ref: 'https://x.test/a' } } }, /unresolved/],
    ['a Proxy', hostile, /Proxy/],
    ['a getter', getter, /accessor/],
    ['a huge schema', { type: 'object', enum: Array.from({ length: 200_000 }, (_, i) => ({ i })) }, /refused/],
  ])('%s: a validator that refuses every value, with the refusal as errorMessage', (_, schema, why) => {
    const check = provider.getValidator(schemaOf(schema));
    for (const input of [{}, { a: 'x' }, 'x']) {
      const r = check(input);
      expect(r.valid).toBe(false);
      expect(r.data).toBeUndefined();
      expect(r.errorMessage).toMatch(
        /^the schema was refused \((validation|unsupported_capability|execution_failure)\)/,
      );
      expect(r.errorMessage).toMatch(why);
      expect(r.errorMessage).not.toContain(secret);
      expect(r.errorMessage?.length).toBeLessThanOrEqual(8000);
    }
  });

  it("withholds a schemaLoader's thrown text (host text) from errorMessage", () => {
    const loading = new ToolgateJsonSchemaValidator({
      schemaLoader: () => {
        throw new Error(secret);
      },
    });
    const r = loading.getValidator({ type: 'object', properties: { a: { $ref: 'https://x.test/a' } } })({});
    expect(r.errorMessage).toMatch(/schemaLoader threw .*withheld/);
    expect(r.errorMessage).not.toContain(secret);
  });

  it('a getValidator detached from its instance refuses instead of throwing', () => {
    const { getValidator } = provider;
    const r = getValidator({ type: 'object' })({});
    expect(r).toEqual({ valid: false, data: undefined, errorMessage: expect.stringMatching(/without its instance/) });
  });

  it('bad options make every validator refuse, and the constructor does not throw', () => {
    const read: string[] = [];
    const options = Object.defineProperty({}, 'limits', {
      enumerable: true,
      get() {
        read.push('limits');
        throw new Error(secret);
      },
    });
    const bad = new ToolgateJsonSchemaValidator(options);
    const r = bad.getValidator({ type: 'object' })({});
    expect(r.errorMessage).toMatch(/^the schema was refused \(validation\): invalid schema options: /);
    expect(r.errorMessage).not.toContain(secret);
    expect(read).toEqual([]);
    const wrong = new ToolgateJsonSchemaValidator({ limits: 'none' } as never);
    expect(wrong.getValidator({ type: 'object' })({}).errorMessage).toMatch(
      /refused \(validation\): invalid schema options: limits must be an object/,
    );
  });
});

describe('ToolgateJsonSchemaValidator: compiled schemas are cached by content, never by $id alone', () => {
  const id = 'https://shared.test/result';
  const integerN = { $id: id, type: 'object', properties: { n: { type: 'integer' } } };
  const stringN = { $id: id, type: 'object', properties: { n: { type: 'string' } } };
  const d7 = (s: object) => ({ $schema: 'http://json-schema.org/draft-07/schema#', ...s });

  it.each([
    ['2020-12', integerN, stringN],
    ['draft-07', d7(integerN), d7(stringN)],
  ])('%s: two servers whose schemas share an $id get their own verdicts, in either order', (_, a, b) => {
    for (const [first, second] of [
      [a, b],
      [b, a],
    ] as const) {
      const one = provider.getValidator(schemaOf(first));
      const two = provider.getValidator(schemaOf(second));
      expect(one({ n: 1 }).valid).toBe(first === a);
      expect(two({ n: 1 }).valid).toBe(second === a);
      expect(one({ n: 'x' }).valid).toBe(first === b);
      expect(two({ n: 'x' }).valid).toBe(second === b);
    }
  });

  it('the same content asked again compiles nothing (toolgate content cache)', () => {
    const schema = { type: 'object', properties: { cached: { const: 'content-cache-probe' } } };
    provider.getValidator(schema)({});
    const before = compileCounters();
    provider.getValidator(structuredClone(schema))({});
    const after = compileCounters();
    expect(after.compiles).toBe(before.compiles);
    expect(after.hits).toBe(before.hits + 1);
  });

  it('compiles a schema on its first value, not when asked for its validator (Client.listTools asks for all)', () => {
    const schemas = Array.from({ length: 50 }, (_, i) => ({ type: 'object', properties: { [`lazy_${i}`]: {} } }));
    const before = compileCounters();
    const validators = schemas.map((s) => provider.getValidator(s));
    expect(compileCounters()).toEqual(before);
    expect(validators[7]?.({ lazy_7: 1 }).valid).toBe(true);
    expect(validators[7]?.({ lazy_7: 2 }).valid).toBe(true);
    expect(compileCounters().compiles).toBe(before.compiles + 1);
  });
});
