// InferArgs: the argument type read from a literal JSON Schema. Checked by `tsc --noEmit` (expectTypeOf
// fails to compile on a mismatch); the runtime part shows the inferred tool really receives such values.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineTool, Registry, type InferArgs } from '../../src/index.js';

describe('InferArgs', () => {
  it('reads properties, required, type, enum, const and additionalProperties', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1 },
        days: { type: 'integer', minimum: 1 },
        unit: { enum: ['c', 'f'] },
        kind: { const: 'forecast' },
        tags: { type: 'array', items: { type: 'string' } },
        note: { type: ['string', 'null'] },
      },
      required: ['city', 'kind'],
      additionalProperties: false,
    } as const;
    expectTypeOf<InferArgs<typeof schema>>().toEqualTypeOf<{
      city: string;
      kind: 'forecast';
      days?: number;
      unit?: 'c' | 'f';
      tags?: string[];
      note?: string | null;
    }>();
  });

  it('keeps members the schema leaves open as unknown, or as additionalProperties says', () => {
    const open = { type: 'object', properties: { a: { type: 'boolean' } } } as const;
    expectTypeOf<InferArgs<typeof open>>().toEqualTypeOf<{ [key: string]: unknown; a?: boolean }>();
    const numbers = { type: 'object', additionalProperties: { type: 'number' } } as const;
    expectTypeOf<InferArgs<typeof numbers>>().toEqualTypeOf<{ [key: string]: number }>();
    const requiredOnly = { type: 'object', required: ['id'], additionalProperties: false } as const;
    expectTypeOf<InferArgs<typeof requiredOnly>>().toEqualTypeOf<{ id: unknown }>();
  });

  it('reads anyOf / oneOf as unions and nested objects', () => {
    const schema = {
      type: 'object',
      properties: {
        target: {
          oneOf: [
            { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false },
            { type: 'string' },
          ],
        },
        size: { anyOf: [{ type: 'number' }, { type: 'null' }] },
      },
      required: ['target'],
      additionalProperties: false,
    } as const;
    expectTypeOf<InferArgs<typeof schema>>().toEqualTypeOf<{ target: { id: number } | string; size?: number | null }>();
  });

  it('falls back to unknown (never narrower than validation) where it does not read the schema', () => {
    const schema = {
      type: 'object',
      properties: { ref: { $ref: '#/$defs/x' }, tuple: { type: 'array', prefixItems: [{ type: 'string' }] } },
      required: ['ref'],
      additionalProperties: false,
      $defs: { x: { type: 'string' } },
    } as const;
    expectTypeOf<InferArgs<typeof schema>>().toEqualTypeOf<{ ref: unknown; tuple?: unknown[] }>();
  });

  it('does not trust a widened schema: no literal required list means every property is optional', () => {
    const widened: { type: string; properties: { a: { type: 'string' } }; required: string[] } = {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    };
    expectTypeOf<InferArgs<typeof widened>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<InferArgs<unknown>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<InferArgs<undefined>>().toEqualTypeOf<Record<string, unknown>>();
    const noType = { properties: { a: { type: 'string' } }, required: ['a'] } as const;
    expectTypeOf<InferArgs<typeof noType>>().toEqualTypeOf<{ [key: string]: unknown; a: string }>();
  });

  it('stops at a depth cap with unknown instead of recursing without end', () => {
    type Deep<N extends unknown[]> = N['length'] extends 12
      ? { type: 'string' }
      : { type: 'object'; properties: { d: Deep<[...N, 0]> }; required: ['d']; additionalProperties: false };
    type Args = InferArgs<Deep<[]>>;
    // Eight levels below the root are read; the ninth is unknown.
    expectTypeOf<Args['d']['d']['d']['d']['d']['d']['d']['d']>().toEqualTypeOf<{ d: unknown }>();
  });
});

describe('defineTool infers execute arguments from an inline or `as const` schema', () => {
  it('types execute from an inline schema (const type parameter) and runs with those values', async () => {
    const seen: unknown[] = [];
    const tool = defineTool({
      name: 'get_weather',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer' } },
        required: ['city'],
        additionalProperties: false,
      },
      execute: ({ city, days = 1 }) => {
        expectTypeOf(city).toEqualTypeOf<string>();
        expectTypeOf(days).toEqualTypeOf<number>();
        seen.push({ city: city.toUpperCase(), days });
        return 'ok';
      },
    });
    const registry = new Registry();
    registry.register(tool);
    await registry.call({ id: 'c', name: 'get_weather', arguments: { city: 'Oslo' } });
    expect(seen).toEqual([{ city: 'OSLO', days: 1 }]);
  });

  it('a tool without a schema receives any object; a stated parameter type wins', () => {
    defineTool({
      name: 'free',
      execute: (args) => {
        expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
      },
    });
    defineTool({
      name: 'stated',
      inputSchema: { type: 'object' },
      execute: (args: { q?: string }) => {
        expectTypeOf(args).toEqualTypeOf<{ q?: string }>();
      },
    });
  });
});
