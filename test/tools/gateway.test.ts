import { describe, expect, it, vi } from 'vitest';
import { defineTool, GATEWAY_ORDER, Registry, type Stages, type StageVerdict } from '../../src/index.js';

const SCHEMA = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };

/** A registry whose stages and tool record, in one list, the order they ran in. */
function spied(verdicts: Partial<Record<(typeof GATEWAY_ORDER)[number], StageVerdict | (() => never)>> = {}) {
  const order: string[] = [];
  const stages: Record<string, unknown> = {};
  for (const name of GATEWAY_ORDER) {
    stages[name] = vi.fn(async () => {
      order.push(name);
      const v = verdicts[name];
      return typeof v === 'function' ? v() : v;
    });
  }
  const execute = vi.fn((args: { n: number }) => {
    order.push('execute');
    return args.n * 2;
  });
  const registry = new Registry({ stages: stages as Stages });
  registry.register(defineTool({ name: 'double', description: '', inputSchema: SCHEMA, execute }));
  return { registry, order, execute, stages };
}

describe('the execution gateway', () => {
  it('runs authorize, approve, reserveBudget, commitIntent, then execute, in this order', async () => {
    const { registry, order } = spied();
    const res = await registry.call({ id: '1', name: 'double', arguments: '{"n": 21}' });
    expect(res).toMatchObject({ isError: false, content: '42' });
    expect(order).toEqual(['authorize', 'approve', 'reserveBudget', 'commitIntent', 'execute']);
  });

  it.each([['{"n": "21"}'], ['{"n": 21'], ['[]']])(
    'runs no stage and no tool for the invalid arguments %s',
    async (text) => {
      const { registry, order, stages } = spied();
      const res = await registry.call({ id: '1', name: 'double', arguments: text });
      expect(res.isError).toBe(true);
      expect(order).toEqual([]);
      for (const s of Object.values(stages)) expect(s).not.toHaveBeenCalled();
    },
  );

  it('gives each stage the validated arguments and the call', async () => {
    const { registry, stages } = spied();
    const args = { n: 1 };
    await registry.call({ id: 'call-7', name: 'double', arguments: args });
    const seen = (stages['authorize'] as ReturnType<typeof vi.fn>).mock.calls[0]?.[0];
    expect(seen).toMatchObject({ callId: 'call-7', name: 'double' });
    expect(seen.args).toBe(args);
  });

  it.each(GATEWAY_ORDER.map((s, i) => [s, i] as const))(
    'a refusal by %s stops the call there, its reason is the result',
    async (stage, index) => {
      const { registry, order, execute } = spied({ [stage]: { allow: false, reason: 'over quota' } });
      const res = await registry.call({ id: '1', name: 'double', arguments: '{"n": 1}' });
      expect(res.content).toBe(`error: ${stage} refused the call to double: over quota`);
      expect(res.error).toMatchObject({ stage, class: 'execution_failure' });
      expect(order).toEqual(GATEWAY_ORDER.slice(0, index + 1));
      expect(execute).not.toHaveBeenCalled();
    },
  );

  it.each([
    [true, false],
    [{ allow: true }, false],
    [undefined, false],
    [false, true],
    ['yes', true],
    [null, true],
    [{ allow: 'true' }, true],
  ])('the verdict %j refuses: %s (anything unrecognised refuses)', async (verdict, refused) => {
    const { registry } = spied({ approve: verdict as StageVerdict });
    expect((await registry.call({ id: '1', name: 'double', arguments: '{"n": 1}' })).isError).toBe(refused);
  });

  it('a stage that throws refuses, reports to onError and names the stage', async () => {
    const onError = vi.fn();
    const registry = new Registry({
      onError,
      stages: {
        reserveBudget: () => {
          throw new Error('ledger offline');
        },
      },
    });
    registry.register(defineTool({ name: 't', description: '', execute: () => 'ran' }));
    const res = await registry.call({ id: '1', name: 't', arguments: '{}' });
    // The stage's message is host text: the model reads only which step failed; the host gets all of it.
    expect(res.content).toBe('error: reserveBudget failed for t');
    expect(res.error?.message).toBe('reserveBudget threw: ledger offline');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ stage: 'reserveBudget' }));
  });

  it('a stage that is not a function is an options error: every call is refused (fail closed)', async () => {
    const registry = new Registry({ stages: { authorize: 'yes' as never } });
    expect(registry.register(defineTool({ name: 't', description: '', execute: () => 'ran' }))).toMatchObject({
      ok: false,
      error: { message: 'invalid Registry options: stages: authorize must be a function' },
    });
    expect((await registry.call({ id: '1', name: 't', arguments: '{}' })).content).toBe(
      "error: tool t cannot be called: the host's tool registry is misconfigured",
    );
  });

  it('check() is a dry run: validation only, no stage', () => {
    const { registry, order } = spied();
    expect(registry.check({ id: '1', name: 'double', arguments: '{"n": 2}' })).toEqual({ ok: true, value: { n: 2 } });
    expect(registry.check({ id: '1', name: 'double', arguments: '{"n": 2.5}' }).ok).toBe(false);
    expect(order).toEqual([]);
  });
});
