// A stage was handed the very value the tool runs with: an authorize stage that wrote `cents: 1e9` and an `extra`
// member into a call validated as `{"cents": 5}` had the tool charge 1e9, and a later stage judged what the first
// one wrote. Stages and settle read a frozen copy now; the tool gets what was validated.
import { describe, expect, it } from 'vitest';
import { defineTool, Registry, type StageContext } from '../../src/index.js';

const schema = {
  type: 'object',
  properties: { cents: { type: 'integer', minimum: 1, maximum: 1000 } },
  required: ['cents'],
  additionalProperties: false,
} as const;

/** A stage that tries to change the arguments it is shown; the write fails (frozen) or is swallowed. */
function rewriting({ args }: StageContext): true {
  try {
    (args as Record<string, unknown>)['cents'] = 1e9;
    (args as Record<string, unknown>)['extra'] = 'x';
  } catch {
    // A frozen object refuses the write in strict mode: the stage goes on as a careless one would.
  }
  return true;
}

describe('what a stage is shown cannot change what runs', () => {
  it('arguments as text: the tool runs with cents 5 and no extra member', async () => {
    const ran: unknown[] = [];
    const later: unknown[] = [];
    const registry = new Registry({
      stages: { authorize: rewriting, approve: ({ args }) => void later.push(JSON.stringify(args)) },
    });
    registry.register(defineTool({ name: 'charge', inputSchema: schema, execute: (a) => void ran.push(a) }));
    const result = await registry.call({ id: 'c', name: 'charge', arguments: '{"cents":5}' });
    expect(result.isError).toBe(false);
    expect(ran).toEqual([{ cents: 5 }]);
    expect(later).toEqual(['{"cents":5}']);
  });

  // docs/api.md: arguments the host gives as an object stay the host's; stages and the tool share that reference.
  it("arguments as an object: the host's own reference, shared by the stages and the tool", async () => {
    const given = { cents: 5 };
    const seen: unknown[] = [];
    const registry = new Registry({ stages: { authorize: ({ args }) => void seen.push(args) } });
    registry.register(defineTool({ name: 'charge', inputSchema: schema, execute: (a) => void seen.push(a) }));
    await registry.call({ id: 'c', name: 'charge', arguments: given });
    expect(seen).toEqual([given, given]);
    expect(seen[0]).toBe(given);
  });

  it('a stage that keeps its context and reads the arguments after the tool ran reads them as validated', async () => {
    let kept: StageContext | undefined;
    const registry = new Registry({
      stages: {
        commitIntent: (context) => {
          kept = context;
        },
      },
    });
    registry.register(
      defineTool({
        name: 'sort',
        inputSchema: { type: 'object', properties: { xs: { type: 'array' } } },
        execute: (a) => (a as { xs: number[] }).xs.sort(),
      }),
    );
    await registry.call({ id: 's', name: 'sort', arguments: '{"xs":[3,1,2]}' });
    expect(JSON.stringify(kept?.args)).toBe('{"xs":[3,1,2]}');
  });

  it('settle reads the arguments as validated, not as the tool left them', async () => {
    let settled: unknown;
    const registry = new Registry({
      stages: {
        settle: ({ args }) => {
          settled = JSON.stringify(args);
        },
      },
    });
    registry.register(
      defineTool({
        name: 'sort',
        inputSchema: { type: 'object', properties: { xs: { type: 'array' } } },
        execute: (a) => (a as { xs: number[] }).xs.sort(),
      }),
    );
    const result = await registry.call({ id: 's', name: 'sort', arguments: '{"xs":[3,1,2]}' });
    expect(result.isError).toBe(false);
    expect(settled).toBe('{"xs":[3,1,2]}');
  });

  it('a member named __proto__ stays an own member of the copy', async () => {
    let seen: unknown;
    const registry = new Registry({
      stages: {
        authorize: ({ args }) => {
          seen = args;
        },
      },
    });
    registry.register(defineTool({ name: 't', execute: () => 'ok' }));
    await registry.call({ id: 'p', name: 't', arguments: '{"__proto__":{"admin":true}}' });
    expect(Object.keys(seen as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(seen)).toBe(Object.prototype);
  });
});
