// toAgentsTool with the real @openai/agents runner and its ScriptedModel: execute's argument type comes
// from the schema, and the SDK's own tool options (needsApproval, timeouts) pass through.
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { Agent, run, setTracingDisabled } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall, type RecordedModelCall } from '@openai/agents/testing';
import { type AgentsTool, toAgentsTool } from '../../src/adapters/openai-agents.js';

beforeAll(() => setTracingDisabled(true));

const TRANSFER = {
  type: 'object',
  properties: { to: { type: 'string', minLength: 1 }, cents: { type: 'integer', minimum: 1 } },
  required: ['to', 'cents'],
  additionalProperties: false,
} as const;

function outputs(call: RecordedModelCall | undefined): unknown[] {
  const input = call?.request.input;
  return Array.isArray(input)
    ? input.flatMap((i) =>
        typeof i === 'object' && i !== null && 'type' in i && i.type === 'function_call_result' ? [i.output] : [],
      )
    : [];
}

/** An agent with the one tool, on `model`. */
const bank =
  (tool: AgentsTool) =>
  (model: ScriptedModel): Agent =>
    new Agent({ name: 'bank', instructions: 'Move money.', tools: [tool], model });
/** A model asking for an invalid transfer, then answering. */
const invalidTransfer = (): ScriptedModel =>
  new ScriptedModel([
    [functionCall('transfer', { to: '', cents: 0 }, { callId: 'c1' })],
    [assistantMessage('could not')],
  ]);
/** A model asking for a valid transfer. */
const validTransfer = (): ScriptedModel =>
  new ScriptedModel([[functionCall('transfer', { to: 'bob', cents: 5 }, { callId: 'c2' })]]);

describe('toAgentsTool generics and pass-through options', () => {
  it('types execute from the literal schema', () => {
    const made = toAgentsTool({
      name: 'transfer',
      description: 'Moves money',
      inputSchema: TRANSFER,
      execute: ({ to, cents }) => {
        expectTypeOf(to).toEqualTypeOf<string>();
        expectTypeOf(cents).toEqualTypeOf<number>();
        return `${cents} to ${to}`;
      },
    });
    expect(made.ok).toBe(true);
  });

  it('asks needsApproval only for valid arguments; an invalid call never runs and needs no approval', async () => {
    const asked: unknown[] = [];
    const ran: unknown[] = [];
    const made = toAgentsTool({
      name: 'transfer',
      description: 'Moves money',
      inputSchema: TRANSFER,
      needsApproval: async (_context, input) => {
        expectTypeOf(input).toEqualTypeOf<{ to: string; cents: number }>();
        asked.push(input);
        return true;
      },
      execute: (input) => {
        ran.push(input);
        return 'sent';
      },
    });
    if (!made.ok) throw new Error(made.error.message);
    const agent = bank(made.value);

    const invalid = invalidTransfer();
    const first = await run(agent(invalid), 'pay');
    expect(asked).toEqual([]);
    expect(first.interruptions).toEqual([]);
    expect(outputs(invalid.calls[1])).toEqual([
      {
        type: 'text',
        text:
          'error: invalid arguments for transfer:\n$.cents: 0 must be >= 1\n' +
          '$.to: must be at least 1 character long',
      },
    ]);

    const valid = validTransfer();
    const second = await run(agent(valid), 'pay');
    expect(asked).toEqual([{ to: 'bob', cents: 5 }]);
    expect(second.interruptions).toHaveLength(1);
    expect(ran).toEqual([]);
  });

  it('needsApproval: true asks for every valid call and for no invalid one', async () => {
    const ran: unknown[] = [];
    const made = toAgentsTool({
      name: 'transfer',
      description: 'Moves money',
      inputSchema: TRANSFER,
      needsApproval: true,
      execute: (input) => {
        ran.push(input);
        return 'sent';
      },
    });
    if (!made.ok) throw new Error(made.error.message);
    const agent = bank(made.value);
    const invalid = invalidTransfer();
    expect((await run(agent(invalid), 'pay')).interruptions).toEqual([]);
    const valid = validTransfer();
    expect((await run(agent(valid), 'pay')).interruptions).toHaveLength(1);
    expect(ran).toEqual([]);
  });

  it('passes timeoutMs and timeoutBehavior through', async () => {
    const made = toAgentsTool({
      name: 'slow',
      description: 'Never finishes',
      inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      timeoutMs: 20,
      timeoutBehavior: 'error_as_result',
      execute: () => new Promise(() => {}),
    });
    if (!made.ok) throw new Error(made.error.message);
    expect(made.value.timeoutMs).toBe(20);
    const model = new ScriptedModel([[functionCall('slow', {}, { callId: 'c1' })], [assistantMessage('gave up')]]);
    const result = await run(new Agent({ name: 'a', tools: [made.value], model }), 'go');
    expect(result.finalOutput).toBe('gave up');
    expect(JSON.stringify(outputs(model.calls[1]))).toMatch(/timed out/i);
  });
});
