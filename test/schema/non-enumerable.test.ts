// A schema is host data read as its JSON document: an own non-enumerable property (zod 4's
// `~standard` on z.toJSONSchema() output) is not part of that document and is left out unread.
// Accessors stay refused (reading one runs code). Arguments are read as JSON.stringify and the engine
// read them (src/arguments/argument-value.ts): a non-enumerable member is not part of the value.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { admitBatch } from '../../src/catalog/admission.js';
import { checkProvider, lintSchema, validate, validateSchema } from '../../src/index.js';

const zodSchema = (): unknown =>
  z.toJSONSchema(z.object({ city: z.string(), days: z.number().int().min(1).optional(), tags: z.array(z.string()) }));
const hidden = <T extends object>(target: T, name: string, value: unknown): T =>
  Object.defineProperty(target, name, { value, enumerable: false });

describe('zod 4 z.toJSONSchema() output (a non-enumerable ~standard at the root)', () => {
  it('has the non-enumerable member this test is about', () => {
    const s = zodSchema() as object;
    expect(Object.getOwnPropertyDescriptor(s, '~standard')?.enumerable).toBe(false);
  });

  it('validateSchema admits it and enforces exactly the JSON document', () => {
    const compiled = validateSchema(zodSchema());
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return expect.unreachable();
    expect(Object.hasOwn(compiled.value.schema as object, '~standard')).toBe(false);
    expect(compiled.value.schema).toEqual(JSON.parse(JSON.stringify(zodSchema())));
    expect(compiled.value.validate({ city: 'Oslo', tags: [] }).ok).toBe(true);
    const bad = compiled.value.validate({ city: 'Oslo', days: 0, tags: [] });
    expect(bad.ok ? '' : bad.error.class).toBe('validation');
  });

  it('lintSchema, checkProvider and admitBatch accept it too', async () => {
    expect(lintSchema(zodSchema()).ok).toBe(true);
    expect(checkProvider(zodSchema(), 'openai').ok).toBe(true);
    const r = await admitBatch([{ name: 'weather', inputSchema: zodSchema(), backend: (a: unknown) => a }]);
    expect(r.ok && r.value.accepted).toEqual(['weather']);
  });
});

describe('non-enumerable members of a schema', () => {
  it('nested data properties and array extras are left out', () => {
    const schema = {
      type: 'object',
      properties: { a: hidden({ type: 'string' }, 'minLength', 3) },
      required: hidden(['a'], 'note', 'x'),
    };
    expect(validate(schema, { a: 'x' }).ok).toBe(true);
    expect(validate(schema, {}).ok).toBe(false);
  });

  it('a schemaRegistry document with a hidden member is read the same way', () => {
    const doc = hidden({ type: 'string' }, 'maxLength', 0);
    const options = { schemaRegistry: { 'https://toolgate.test/s.json': doc } };
    const schema = { type: 'object', properties: { a: { $ref: 'https://toolgate.test/s.json' } } };
    expect(validate(schema, { a: 'long' }, options).ok).toBe(true);
  });

  it('an accessor is refused, enumerable or not, and never run', () => {
    let ran = 0;
    for (const enumerable of [true, false]) {
      const schema = Object.defineProperty({ type: 'object' }, 'properties', {
        get: () => {
          ran++;
          return {};
        },
        enumerable,
      });
      const r = validateSchema(schema);
      expect(r.ok ? '' : `${r.error.class}: ${r.error.message}`).toMatch(/^validation: .*accessor/);
    }
    expect(ran).toBe(0);
  });

  it('an enumerable extra property on a schema array is still refused', () => {
    const r = validateSchema({ type: 'object', required: Object.assign(['a'], { note: 'x' }) });
    expect(r.ok ? '' : r.error.message).toMatch(/extra properties/);
  });
});

// Arguments come from the model as text; an object with a hidden member can only come from the host's own code,
// which toolgate does not police. The member is neither read nor validated, and the tool gets the same object.
describe('arguments: a non-enumerable member is not part of the value', () => {
  it.each([
    ['at the root', hidden({ a: 1 }, 'isAdmin', true)],
    ['nested', { a: hidden({}, 'isAdmin', () => 1) }],
    ['on an array', { a: hidden([1], 'isAdmin', () => 1) }],
  ])('%s', (_, args) => {
    const r = validate({ type: 'object', additionalProperties: false, properties: { a: {} } }, args);
    expect(r.ok && r.value).toBe(args);
  });
});
