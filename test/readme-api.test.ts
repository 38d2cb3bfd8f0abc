// The README "API" example, run as written.
import { expect, it } from 'vitest';
import { validate, validateSchema } from '../src/index.js';

it('README API example behaves as documented', () => {
  const compiled = validateSchema({
    type: 'object',
    properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
    required: ['city'],
    additionalProperties: false,
  });
  expect(compiled.ok).toBe(true);
  if (compiled.ok) {
    const args = { city: 'Paris', days: 3 };
    expect(compiled.value.validate(args)).toEqual({ ok: true, value: args });
    expect(compiled.value.validate(args).ok && (compiled.value.validate(args) as { value: unknown }).value).toBe(args);
    const bad = compiled.value.validateJSON('{"days":"3"}');
    expect(bad.ok === false && bad.error.class).toBe('validation');
  }
  const oneOff = validate({ type: 'object' }, []);
  expect(oneOff.ok === false && oneOff.error.class).toBe('validation');
});
