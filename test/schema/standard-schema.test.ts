import { describe, expect, it } from 'vitest';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { RunContext, tool } from '@openai/agents';
import { validateSchema, type CompiledSchema } from '../../src/index.js';
import { pathKeys } from '../../src/schema/standard-schema.js';

function compile(schema: unknown): CompiledSchema {
  const r = validateSchema(schema);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const LIST = {
  type: 'object',
  properties: {
    tags: { type: 'array', items: { type: 'string' } },
    byId: { type: 'object', additionalProperties: { type: 'integer' } },
  },
  required: ['tags'],
};

describe('CompiledSchema is a Standard Schema v1', () => {
  it('declares version 1 and vendor "toolgate"', () => {
    const standard: StandardSchemaV1 = compile(LIST);
    expect(standard['~standard'].version).toBe(1);
    expect(standard['~standard'].vendor).toBe('toolgate');
  });

  it('a pass returns { value } with the very same reference', () => {
    const args = { tags: ['a'] };
    const result = compile(LIST)['~standard'].validate(args);
    expect(result).toEqual({ value: args });
    expect('value' in result ? result.value : undefined).toBe(args);
  });

  it('a failure lists one issue per violation, path as property keys (numbers for array indices only)', () => {
    const result = compile(LIST)['~standard'].validate({ tags: ['a', 7], byId: { '1': 'x' } });
    expect('issues' in result ? result.issues : undefined).toEqual(
      [
        { message: expect.any(String) as unknown as string, path: ['byId', '1'] },
        { message: expect.any(String) as unknown as string, path: ['tags', 1] },
      ].sort((a, b) => JSON.stringify(a.path).localeCompare(JSON.stringify(b.path))),
    );
  });

  it('a missing required property is an issue at the object that lacks it (no path at the root)', () => {
    const result = compile(LIST)['~standard'].validate({});
    expect('issues' in result ? result.issues?.map((i) => i.path) : undefined).toEqual([undefined]);
  });

  it('arguments that are not JSON are issues, never a pass', () => {
    const result = compile(LIST)['~standard'].validate({ tags: [undefined] });
    expect('issues' in result && result.issues !== undefined && result.issues.length > 0).toBe(true);
  });

  it('an exceeded limit (execution_failure) is an issue naming its class, never a pass', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200; i++) deep = [deep];
    const result = compile({ type: 'object' })['~standard'].validate({ deep });
    const issues = 'issues' in result ? result.issues : undefined;
    expect(issues?.[0]?.message).toMatch(/^execution_failure: /);
  });

  it('converts to its own draft (a fresh copy each time, `type: "object"` stated for tool roots)', () => {
    const compiled = compile({ properties: { a: { type: 'string' } } });
    const first = compiled['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
    expect(first).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    first['properties'] = {};
    expect(compiled['~standard'].jsonSchema.output({ target: 'draft-2020-12' })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    // The same meaning in draft-07: handed out unchanged for that target too (test/schema/draft07-equivalent).
    expect(compiled['~standard'].jsonSchema.input({ target: 'draft-07' })).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    // Standard JSON Schema v1: libraries throw for a target they do not support.
    expect(() => compiled['~standard'].jsonSchema.input({ target: 'draft-2019-09' })).toThrow(/2020-12/);
    const tuple = compile({ properties: { a: { prefixItems: [{ type: 'string' }] } } });
    expect(() => tuple['~standard'].jsonSchema.input({ target: 'draft-07' })).toThrow(/translating would loosen it/);
  });

  it('is accepted by a real consumer: the OpenAI Agents SDK takes it as parameters and validates with it', async () => {
    const compiled = compile({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1 } },
      required: ['n'],
      additionalProperties: false,
    });
    const seen: unknown[] = [];
    const made = tool({
      name: 'count',
      description: 'counts',
      parameters: compiled,
      execute: (input) => {
        seen.push(input);
        return 'ok';
      },
    });
    expect(made.parameters).toEqual({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1 } },
      required: ['n'],
      additionalProperties: false,
    });
    const context = new RunContext({});
    expect(await made.invoke(context, '{"n":2}')).toBe('ok');
    expect(await made.invoke(context, '{"n":0}')).not.toBe('ok');
    expect(seen).toEqual([{ n: 2 }]);
  });
});

describe('pathKeys', () => {
  const table: [string, unknown, PropertyKey[] | undefined][] = [
    ['', {}, undefined],
    ['/a', { a: 1 }, ['a']],
    ['/a/0', { a: [1] }, ['a', 0]],
    ['/a/0', { a: { '0': 1 } }, ['a', '0']],
    ['/a~1b/c~0d', { 'a/b': { 'c~d': 1 } }, ['a/b', 'c~d']],
    ['/missing/01', {}, ['missing', '01']],
    ['no-slash', {}, undefined],
  ];
  it.each(table)('pointer %j in %j gives %j', (pointer, value, keys) => {
    expect(pathKeys(pointer, value)).toEqual(keys);
  });
});

describe('hostile argument values', () => {
  it('a Proxy in the arguments is an issue, and building its path runs no trap', () => {
    let ran = 0;
    const trap = (): never => {
      ran++;
      throw new Error('trap ran');
    };
    const args = {
      tags: ['a'],
      byId: new Proxy({ k: 1 }, { get: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap }),
    };
    const result = validateSchema(LIST);
    if (!result.ok) throw new Error(result.error.message);
    const verdict = result.value['~standard'].validate(args);
    expect('issues' in verdict && (verdict.issues?.length ?? 0) > 0).toBe(true);
    expect(ran).toBe(0);
  });
});
