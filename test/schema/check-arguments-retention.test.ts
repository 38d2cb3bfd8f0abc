import { describe, expect, it } from 'vitest';
import { argumentChecker, checkArguments } from '../../src/schema/check-arguments.js';
import type { Validator } from '../../src/schema/engine/validator.js';
import { DEFAULT_LIMITS } from '../../src/util/limits.js';
import { validateSchema } from '../../src/index.js';

// What a refused call leaves behind counts in the heap per tool (bench: W5 is measured after refused calls): the
// engine's error list is read once into violations, then released, never kept on the validator until its next call.
describe('a refused call leaves nothing on the validator', () => {
  it('clears the engine errors once they are violations', () => {
    const engine = (data: unknown): boolean => {
      failing.errors = [{ instancePath: '', schemaPath: '#/type', keyword: 'type', params: { type: 'string' } }];
      return typeof data === 'string';
    };
    const failing: Validator & { errors: unknown } = Object.assign(engine, {
      schema: { type: 'string' },
      errors: null,
    });
    const checker = argumentChecker(failing, { toolRoot: false, limits: DEFAULT_LIMITS, patternBudget: false });
    const refused = checkArguments(checker, 1);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.violations.map((v) => v.message)).toEqual(['expected string, got integer']);
    expect(failing.errors).toBeNull();
  });

  it('gives the same violations on the next refusal of the same compiled schema', () => {
    const compiled = validateSchema({ type: 'object', properties: { n: { type: 'integer', minimum: 1 } } });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const first = compiled.value.validate({ n: 0 });
    const second = compiled.value.validate({ n: 0 });
    expect(first.ok).toBe(false);
    expect(second).toEqual(first);
  });
});
