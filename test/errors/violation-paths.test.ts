import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { pathOf } from '../../src/util/json-pointer.js';

// violations.ts writes a violation's path while it walks the instance pointer, testing each name code unit by code
// unit; it must name every property exactly as pathOf does (`.name` for an identifier, `["…"]` for anything else).
const NAMES = ['a', 'Z', '_', '$', 'a1', '$x_9', '1a', '9', 'a-b', 'a b', 'é', 'a.b', '', 'a~b', 'a/b', '__proto__'];

describe('violation paths name properties as pathOf does', () => {
  it.each(NAMES)('%j', (name) => {
    const compiled = validateSchema({
      type: 'object',
      properties: { [name]: { type: 'object', properties: { [name]: { type: 'string' } } } },
    });
    if (!compiled.ok) throw new Error(compiled.error.message);
    const refused = compiled.value.validate(JSON.parse(JSON.stringify({ [name]: { [name]: 1 } })));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.violations.map((v) => v.path)).toEqual([pathOf([name, name])]);
  });
});
