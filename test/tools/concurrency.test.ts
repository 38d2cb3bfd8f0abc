import { describe, expect, it } from 'vitest';
import { defineTool, Registry } from '../../src/index.js';

const SCHEMA = {
  type: 'object',
  properties: { n: { type: 'integer', minimum: 0 } },
  required: ['n'],
  additionalProperties: false,
};

describe('concurrent use', () => {
  it('keeps 600 parallel calls apart while tools are registered between them', async () => {
    const r = new Registry({
      stages: {
        authorize: async ({ args }) => (args as { n: number }).n % 7 !== 3 || { allow: false, reason: 'sevens' },
      },
    });
    r.register(
      defineTool({
        name: 'square',
        description: '',
        inputSchema: SCHEMA,
        execute: async (a: { n: number }) => {
          await new Promise((res) => setTimeout(res, a.n % 5));
          return a.n * a.n;
        },
      }),
    );
    const calls = Array.from({ length: 600 }, (_, i) => {
      const kind = i % 4;
      const args =
        kind === 0 ? `{"n": ${i}}` : kind === 1 ? { n: i } : kind === 2 ? `{"n": "${i}"}` : { n: i, extra: 1 };
      return r.call({ id: `c${i}`, name: 'square', arguments: args });
    });
    // Registration while the calls above are in flight.
    const registered = Array.from({ length: 50 }, (_, i) =>
      r.register(
        defineTool({
          name: `late_${String(i).padStart(2, '0')}`,
          description: '',
          inputSchema: SCHEMA,
          execute: () => i,
        }),
      ),
    );
    const results = await Promise.all(calls);
    expect(registered.every((x) => x.ok)).toBe(true);
    results.forEach((res, i) => {
      expect(res.callId).toBe(`c${i}`);
      const kind = i % 4;
      if (kind === 2)
        expect(res.content).toBe('error: invalid arguments for square:\n$.n: expected integer, got string');
      else if (kind === 3)
        expect(res.content).toBe('error: invalid arguments for square:\n$: unexpected property "extra"');
      else if (i % 7 === 3) expect(res.content).toBe('error: authorize refused the call to square: sevens');
      else expect(res.content).toBe(String(i * i));
    });
    expect(r.names()).toHaveLength(51);
    const late = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        r.call({ id: `l${i}`, name: `late_${String(i).padStart(2, '0')}`, arguments: '{"n":0}' }),
      ),
    );
    expect(late.map((x) => x.content)).toEqual(Array.from({ length: 50 }, (_, i) => String(i)));
  });

  it('a duplicate registered during calls changes nothing for them', async () => {
    const r = new Registry();
    r.register(defineTool({ name: 't', description: '', execute: async () => 'original' }));
    const pending = Array.from({ length: 200 }, (_, i) => r.call({ id: String(i), name: 't', arguments: '' }));
    expect(r.register(defineTool({ name: 't', description: '', execute: () => 'impostor' })).ok).toBe(false);
    expect(new Set((await Promise.all(pending)).map((x) => x.content))).toEqual(new Set(['original']));
  });
});
