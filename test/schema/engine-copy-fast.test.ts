// The engine's copy of every schema is in canonical key order (a validator cached by canonical text reports the
// same errors whichever key order compiled it). It was reordered in place, deleting each key and adding it back:
// V8 12 and later (Node 22, 24) turn an object that lost a property into a slow dictionary, and 5,000 schemas
// held 7 MB more on Node 24 (a deferred schema 7.0 KB, not 5.7 KB). engineCopy builds the copy in that order.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { boundedSchemaCopy, engineCopy } from '../../src/schema/schema-copy.js';
import { resolveLimits } from '../../src/util/limits.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

/** Every object and array in `value`, the root first. */
function nodesOf(value: unknown): object[] {
  const out: object[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    out.push(v);
    stack.push(...Object.values(v));
  }
  return out;
}

/** A private copy as compile.ts makes one (boundedSchemaCopy), of JSON text. */
function privateCopy(text: string): Record<string, unknown> {
  const limits = resolveLimits(undefined);
  if (!limits.ok) throw new Error(limits.error.message);
  const copy = boundedSchemaCopy(JSON.parse(text), limits.value);
  if (!copy.ok) throw new Error(copy.error.message);
  return copy.value as Record<string, unknown>;
}

describe("the engine's copy of a schema", () => {
  it('has every key in canonical order and every object fast, on every V8', () => {
    const source = privateCopy('{"type":"object","properties":{"z":1,"m":{"b":2,"a":1},"a":[{"y":1,"x":2}]}}');
    const copy = engineCopy(source);
    expect(JSON.stringify(copy)).toBe('{"properties":{"a":[{"x":2,"y":1}],"m":{"a":1,"b":2},"z":1},"type":"object"}');
    for (const o of nodesOf(copy)) expect(hasFastProperties(o)).toBe(true);
  });

  it('leaves the private copy as written and frozen: it is what CompiledSchema.schema shows', () => {
    const source = privateCopy('{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"number"}}}');
    const copy = engineCopy(source) as Record<string, unknown>;
    expect(Object.keys(source)).toEqual(['type', 'properties']);
    expect(Object.keys(source['properties'] as object)).toEqual(['z', 'a']);
    for (const o of nodesOf(source)) expect(Object.isFrozen(o)).toBe(true);
    for (const o of nodesOf(copy)) expect(Object.isFrozen(o)).toBe(false);
    expect(nodesOf(copy).some((o) => nodesOf(source).includes(o))).toBe(false);
  });

  it('keeps a member named __proto__ a member', () => {
    const copy = engineCopy(privateCopy('{"b":1,"__proto__":{"x":1}}')) as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(hasFastProperties(copy)).toBe(true);
  });

  it('validateSchema shows the schema in the key order it was given, and its verdicts do not depend on it', () => {
    const given = { type: 'object', properties: { z: { type: 'string' }, a: { type: 'number' } }, required: ['z'] };
    const compiled = validateSchema(given);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(JSON.stringify(compiled.value.schema)).toBe(JSON.stringify(given));
    const reordered = validateSchema({
      required: ['z'],
      properties: { a: { type: 'number' }, z: { type: 'string' } },
      type: 'object',
    });
    if (!reordered.ok) throw new Error(reordered.error.message);
    for (const args of [{ z: 1, a: 'x' }, { a: 1 }, { z: 'ok', a: 2 }])
      expect(reordered.value.validate(args)).toEqual(compiled.value.validate(args));
  });
});
