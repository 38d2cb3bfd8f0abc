// Regression: validators run without Ajv's ownProperties (for speed) must not let a polluted
// Object.prototype member satisfy `required`; the call fails closed instead.
import { afterEach, describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';

const proto = Object.prototype as Record<string, unknown>;
afterEach(() => {
  delete proto['isAdmin'];
  expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
});

describe('a polluted Object.prototype never makes a missing property present', () => {
  const schema = { type: 'object', required: ['isAdmin'], properties: { isAdmin: { const: true } } };
  it('required passes only with the own property before pollution', () => {
    const c = validateSchema(schema);
    expect(c.ok && c.value.validate({}).ok).toBe(false);
    expect(c.ok && c.value.validate({ isAdmin: true }).ok).toBe(true);
  });
  it('after pollution every call fails closed as execution_failure, valid or not', () => {
    const c = validateSchema(schema);
    if (!c.ok) throw new Error('fixture schema must compile');
    proto['isAdmin'] = true;
    for (const args of [{}, { isAdmin: true }]) {
      const r = c.value.validate(args);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.class).toBe('execution_failure');
    }
    const t = c.value.validateJSON('{}');
    expect(t.ok === false && t.error.class).toBe('execution_failure');
  });

  // Regression: a hole reads through to Array.prototype, so an index placed there would fill it.
  it('an enumerable index on Array.prototype fails every call closed too', () => {
    const c = validateSchema({ type: 'object', properties: { a: { type: 'array', items: { type: 'integer' } } } });
    if (!c.ok) throw new Error('fixture schema must compile');
    const arrayProto = Array.prototype as unknown as Record<string, unknown>;
    arrayProto['1'] = 2;
    try {
      const r = c.value.validate({ a: [1, , 3] });
      expect(r.ok === false && r.error.class).toBe('execution_failure');
    } finally {
      delete arrayProto['1'];
    }
    const after = c.value.validate({ a: [1, , 3] });
    expect(after.ok === false && after.error.class).toBe('validation');
  });
});
