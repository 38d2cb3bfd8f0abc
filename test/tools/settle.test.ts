// The call's context reaches every stage and the tool, and `settle` runs exactly once after every call
// that passed validation, whatever happened next: a budget reserved in reserveBudget returns to zero.
import { describe, expect, it } from 'vitest';
import {
  defineTool,
  Registry,
  type SettleContext,
  type StageContext,
  type ToolContext,
  type ToolErrorEvent,
} from '../../src/index.js';

/** What the model reads after a tool was started and cut short (src/tools/failure-text.ts). */
const MAY_HAVE_RUN = 'it may still have had effects: check before calling it again, do not retry blindly';

/** A caller's run: what the host passes as `context` and what its stages book against. */
interface Run {
  readonly caller: string;
  reserved: number;
  spent: number;
}

type Behaviour = 'value' | 'throw' | 'hang' | 'ignore-signal';

interface Harness {
  readonly registry: Registry;
  readonly settled: SettleContext[];
  readonly seen: unknown[];
  readonly ran: string[];
}

/** reserveBudget reserves 1 on the run, settle releases it when reserveBudget passed; commitIntent may refuse. */
function harness(options: { refuseCommit?: boolean; timeoutMs?: number; refuseApprove?: boolean } = {}): Harness {
  const settled: SettleContext[] = [];
  const seen: unknown[] = [];
  const ran: string[] = [];
  const note = (ctx: StageContext | ToolContext) => seen.push(ctx.context);
  const registry = new Registry({
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    stages: {
      authorize: (ctx) => {
        note(ctx);
      },
      approve: (ctx) => {
        note(ctx);
        return options.refuseApprove !== true;
      },
      reserveBudget: (ctx) => {
        note(ctx);
        (ctx.context as Run).reserved += 1;
      },
      commitIntent: (ctx) => {
        note(ctx);
        return options.refuseCommit === true ? { allow: false, reason: 'intent log full' } : true;
      },
      settle: (ctx) => {
        settled.push(ctx);
        if (ctx.passed.includes('reserveBudget')) (ctx.context as Run).reserved -= 1;
      },
    },
  });
  registry.register(
    defineTool({
      name: 'spend',
      description: 'Spends budget',
      inputSchema: {
        type: 'object',
        properties: { how: { enum: ['value', 'throw', 'hang', 'ignore-signal'] } },
        required: ['how'],
      },
      execute: ({ how }, ctx) => {
        note(ctx);
        ran.push(how);
        const behaviour = how as Behaviour;
        if (behaviour === 'throw') throw new Error('card declined');
        if (behaviour === 'hang')
          return new Promise((_resolve, reject) =>
            ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)),
          );
        if (behaviour === 'ignore-signal') return new Promise(() => {});
        (ctx.context as Run).spent += 1;
        return 'spent';
      },
    }),
  );
  return { registry, settled, seen, ran };
}

const run = (): Run => ({ caller: 'alice', reserved: 0, spent: 0 });
const spend = (how: Behaviour | 'bogus') => ({ id: 'c1', name: 'spend', arguments: { how } });

describe('context and settle', () => {
  it('passes the context object by reference to every stage and to execute', async () => {
    const h = harness();
    const ctx = run();
    const result = await h.registry.call(spend('value'), { context: ctx });
    expect(result.content).toBe('spent');
    expect(h.seen).toHaveLength(5);
    for (const s of h.seen) expect(s).toBe(ctx);
    expect(h.settled[0]?.context).toBe(ctx);
  });

  it.each([
    ['the tool returns', {}, 'value' as const, 'spent', ['authorize', 'approve', 'reserveBudget', 'commitIntent']],
    [
      'a later stage refuses',
      { refuseCommit: true },
      'value' as const,
      'error: commitIntent refused the call to spend: intent log full',
      ['authorize', 'approve', 'reserveBudget'],
    ],
    [
      'the tool throws',
      {},
      'throw' as const,
      'error: tool spend failed',
      ['authorize', 'approve', 'reserveBudget', 'commitIntent'],
    ],
    [
      'the tool times out (it honours its signal)',
      { timeoutMs: 20 },
      'hang' as const,
      `error: tool spend was started but did not finish within 20 ms; ${MAY_HAVE_RUN}`,
      ['authorize', 'approve', 'reserveBudget', 'commitIntent'],
    ],
    [
      'the tool times out (it ignores its signal)',
      { timeoutMs: 20 },
      'ignore-signal' as const,
      `error: tool spend was started but did not finish within 20 ms; ${MAY_HAVE_RUN}`,
      ['authorize', 'approve', 'reserveBudget', 'commitIntent'],
    ],
    [
      'a stage before reserveBudget refuses',
      { refuseApprove: true },
      'value' as const,
      'error: approve refused the call to spend: refused',
      ['authorize'],
    ],
  ])('settle runs once when %s, and the reserved budget returns to zero', async (_l, options, how, content, passed) => {
    const h = harness(options);
    const ctx = run();
    const result = await h.registry.call(spend(how), { context: ctx });
    expect(result.content).toBe(content);
    expect(h.settled).toHaveLength(1);
    expect(h.settled[0]?.result).toBe(result);
    expect(h.settled[0]?.passed).toEqual(passed);
    expect(ctx.reserved).toBe(0);
  });

  it('settle runs once when the host aborts the call', async () => {
    const h = harness();
    const ctx = run();
    const controller = new AbortController();
    const pending = h.registry.call(spend('hang'), { context: ctx, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error('user pressed stop'));
    expect((await pending).content).toBe(`error: tool spend was aborted after it started; ${MAY_HAVE_RUN}`);
    expect(h.settled).toHaveLength(1);
    expect(ctx.reserved).toBe(0);
  });

  it('a timeout while a stage is running: the call resolves on time, settle runs once that stage returns', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const ctx = run();
    const settled: SettleContext[] = [];
    let executed = false;
    const registry = new Registry({
      timeoutMs: 20,
      stages: {
        reserveBudget: async ({ context }) => {
          await gate; // a slow ledger: it reserves after the deadline has passed
          (context as Run).reserved += 1;
        },
        settle: (s) => {
          settled.push(s);
          if (s.passed.includes('reserveBudget')) (s.context as Run).reserved -= 1;
        },
      },
    });
    registry.register(
      defineTool({
        name: 'spend',
        execute: () => {
          executed = true;
        },
      }),
    );
    const result = await registry.call({ id: 'c1', name: 'spend' }, { context: ctx });
    expect(result.content).toBe('error: tool spend timed out after 20 ms before it started; it did not run');
    expect(result.error?.started).toBe(false);
    expect(settled).toHaveLength(0);
    release();
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toHaveLength(1);
    expect(settled[0]?.passed).toEqual(['reserveBudget']);
    expect(ctx.reserved).toBe(0);
    expect(executed).toBe(false);
  });

  it('settle does not run for a call that never passed validation (unknown tool, invalid arguments)', async () => {
    const h = harness();
    await h.registry.call({ id: 'c1', name: 'nope' });
    await h.registry.call(spend('bogus'));
    expect(h.settled).toHaveLength(0);
    expect(h.ran).toEqual([]);
  });

  it('a settle that throws goes to onError and changes nothing the model reads', async () => {
    const events: ToolErrorEvent[] = [];
    const registry = new Registry({
      onError: (e) => events.push(e),
      stages: {
        settle: () => {
          throw new Error('ledger offline');
        },
      },
    });
    registry.register(defineTool({ name: 't', execute: () => 'ok' }));
    const result = await registry.call({ id: 'c1', name: 't' });
    expect(result).toMatchObject({ content: 'ok', isError: false });
    expect(events.map((e) => [e.stage, e.error.message])).toEqual([['settle', 'settle threw: ledger offline']]);
  });

  it('a settle that is not a function is an options error (it could not undo anything)', async () => {
    const registry = new Registry({ stages: { settle: 'later' as never } });
    expect(registry.register(defineTool({ name: 't', execute: () => 1 }))).toMatchObject({
      ok: false,
      error: { message: 'invalid Registry options: stages: settle must be a function' },
    });
  });
});
