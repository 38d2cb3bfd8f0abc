// validateSchema reads its options once, as own data, like every other public entry point.
import { describe, expect, it } from 'vitest';
import { admitMcpTools } from '../../src/catalog/mcp.js';
import { validate, validateSchema } from '../../src/schema/compile.js';

describe('schema options are read once as own data', () => {
  it('refuses an option behind a getter without running it', () => {
    let ran = 0;
    const options = Object.defineProperty({}, 'formatAssertion', {
      enumerable: true,
      get: () => {
        ran++;
        return true;
      },
    });
    for (const r of [validateSchema({ type: 'object' }, options), validate({ type: 'object' }, {}, options)]) {
      expect(r.ok ? undefined : [r.error.class, r.error.message]).toEqual([
        'validation',
        'invalid schema options: "formatAssertion" is not a plain data property',
      ]);
    }
    expect(ran).toBe(0);
  });

  it('applies a known option even when it is not enumerable, as a direct read would', () => {
    const options = Object.defineProperty({}, 'unknownKeywords', { value: 'reject', enumerable: false });
    const r = validateSchema({ type: 'object', 'x-ui': 1 }, options);
    expect(r.ok ? undefined : r.error.class).toBe('unsupported_capability');
  });

  it('admitMcpTools refuses a backend behind a getter without running it', async () => {
    let ran = 0;
    const options = Object.defineProperty({}, 'backend', {
      enumerable: true,
      get: () => {
        ran++;
        return () => undefined;
      },
    });
    const r = await admitMcpTools({ tools: [] }, options as never);
    expect(r.ok ? undefined : r.error.message).toBe(
      'invalid admitMcpTools options: "backend" is not a plain data property',
    );
    expect(ran).toBe(0);
  });
});
