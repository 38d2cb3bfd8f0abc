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
});
