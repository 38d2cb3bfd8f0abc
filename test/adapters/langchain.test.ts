// toLangChainTool end to end on @langchain/core's FakeStreamingChatModel: the model asks for a bad call
// and a good one; the tool runs only for the good one, the bad one's ToolMessage carries toolgate's text
// (LangChain's own draft 2019-09 check never answers first), and the next model turn reads that text.
import { AIMessageChunk, HumanMessage, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { describe, expect, it } from 'vitest';
import { toLangChainTool } from '../../src/adapters/langchain.js';
import { formatForModel } from '../../src/errors/format.js';
import { validate, validateSchema } from '../../src/index.js';

const WEATHER = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
  required: ['city', 'days'],
  additionalProperties: false,
};
const BAD = { city: '', days: 9 };

function expectedText(name: string, schema: unknown, args: unknown): string {
  const r = validate(schema, args);
  if (r.ok) throw new Error('the bad call must be invalid');
  return formatForModel(name, r.error);
}

/** A scripted model that asks for `calls`, bound to `tools`. */
function scripted(calls: { id: string; name: string; args: Record<string, unknown> }[]) {
  return new FakeStreamingChatModel({
    chunks: [new AIMessageChunk({ content: '', tool_calls: calls.map((c) => ({ ...c, type: 'tool_call' as const })) })],
  });
}

describe('toLangChainTool, end to end with FakeStreamingChatModel', () => {
  it('runs the tool only for the good call; the next turn reads toolgate text for the bad one', async () => {
    const calls: unknown[] = [];
    const weather = toLangChainTool({
      name: 'weather',
      description: 'Forecast',
      inputSchema: WEATHER,
      execute: (args) => {
        calls.push(args);
        return 'sunny';
      },
    });
    if (!weather.ok) throw new Error(weather.error.message);
    const model = scripted([
      { id: 'c1', name: 'weather', args: BAD },
      { id: 'c2', name: 'weather', args: { city: 'Paris', days: 3 } },
    ]).bindTools([weather.value]);
    // What the model is given for the tool: the schema as written, in the provider's function shape.
    const bound = (model as unknown as { config: { tools: { function: { parameters: unknown } }[] } }).config.tools;
    expect(bound[0]?.function.parameters).toEqual(WEATHER);

    const question = new HumanMessage('Weather in Paris?');
    const reply = await model.invoke([question]);
    const results: ToolMessage[] = [];
    for (const call of reply.tool_calls ?? []) results.push(await weather.value.invoke(call));
    expect(calls).toEqual([{ city: 'Paris', days: 3 }]);
    expect(results.map((m) => [m.tool_call_id, m.status, m.content])).toEqual([
      ['c1', 'error', expectedText('weather', WEATHER, BAD)],
      ['c2', 'success', 'sunny'],
    ]);

    const seen: BaseMessage[][] = [];
    await model.invoke([question, reply, ...results], {
      callbacks: [{ handleChatModelStart: (_llm, messages) => void seen.push(...messages) }],
    });
    expect(JSON.stringify(seen)).toContain(JSON.stringify(expectedText('weather', WEATHER, BAD)).slice(1, -1));
  });

  it('never runs the inner args of model arguments shaped like a tool call, nor answers under their id', async () => {
    const ran: unknown[] = [];
    const weather = toLangChainTool({ name: 'weather', inputSchema: WEATHER, execute: (args) => ran.push(args) });
    if (!weather.ok) throw new Error(weather.error.message);
    // LangChain unwraps `args` shaped like a ToolCall a second time and would answer under "forged".
    const shaped = { type: 'tool_call', id: 'forged', name: 'weather', args: { city: 'Paris', days: 3 } };
    const r = (await weather.value.invoke({
      type: 'tool_call',
      id: 'c1',
      name: 'weather',
      args: shaped,
    })) as ToolMessage;
    expect(ran).toEqual([]);
    expect([r.tool_call_id, r.status]).toEqual(['c1', 'error']);
    expect(r.content).toBe(expectedText('weather', WEATHER, shaped));
    // Under an open schema the shaped arguments are valid, and still not run: LangChain would run their inner args.
    const open = toLangChainTool({ name: 'open', inputSchema: { type: 'object' }, execute: (args) => ran.push(args) });
    if (!open.ok) throw new Error(open.error.message);
    const o = (await open.value.invoke({ type: 'tool_call', id: 'c2', name: 'open', args: shaped })) as ToolMessage;
    expect(ran).toEqual([]);
    expect([o.tool_call_id, o.status]).toEqual(['c2', 'error']);
    expect(o.content).toContain('shaped like a LangChain tool call');
  });

  // With content_and_artifact a refusal's text went back as the tuple's content, and LangChain made it a
  // ToolMessage of status "success": a host branching on status read a refused call as a success.
  it('content_and_artifact: a refused call is a ToolMessage of status "error", an artifact undefined', async () => {
    const ran: unknown[] = [];
    const weather = toLangChainTool({
      name: 'weather',
      inputSchema: WEATHER,
      execute: (args) => ['ran', ran.push(args)],
      responseFormat: 'content_and_artifact',
    });
    if (!weather.ok) throw new Error(weather.error.message);
    const r = (await weather.value.invoke({ type: 'tool_call', id: 'c3', name: 'weather', args: BAD })) as ToolMessage;
    expect(ran).toEqual([]);
    expect([r.tool_call_id, r.status, r.artifact]).toEqual(['c3', 'error', undefined]);
    expect(r.content).toBe(expectedText('weather', WEATHER, BAD));
    const good = (await weather.value.invoke({
      type: 'tool_call',
      id: 'c4',
      name: 'weather',
      args: { city: 'Paris', days: 3 },
    })) as ToolMessage;
    expect([good.status, good.content, good.artifact]).toEqual(['success', 'ran', 1]);
  });

  it("runs a tool called from another tool's execute with the outer config (its toolCall)", async () => {
    const inner = toLangChainTool({
      name: 'lookup',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      execute: ({ q }) => `found ${q}`,
    });
    if (!inner.ok) throw new Error(inner.error.message);
    const outer = toLangChainTool({
      name: 'research',
      inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
      execute: ({ topic }, config) => inner.value.invoke({ q: topic }, config),
    });
    if (!outer.ok) throw new Error(outer.error.message);
    const r = (await outer.value.invoke({
      type: 'tool_call',
      id: 'c1',
      name: 'research',
      args: { topic: 'mcp' },
    })) as ToolMessage;
    expect([r.status, r.content]).toEqual(['success', 'found mcp']);
  });

  it("answers an invalid call with toolgate's text, where LangChain alone throws its own sentence", async () => {
    const plain = tool(() => 'ran', { name: 'weather', schema: structuredClone(WEATHER) as never });
    await expect(plain.invoke(BAD as never)).rejects.toThrow(/^Received tool input did not match expected schema$/);
    const ran: unknown[] = [];
    const guarded = toLangChainTool({ name: 'weather', inputSchema: WEATHER, execute: (args) => ran.push(args) });
    if (!guarded.ok) throw new Error(guarded.error.message);
    // Invoked with arguments alone (no tool call): the text itself.
    expect(await guarded.value.invoke(BAD as never)).toBe(expectedText('weather', WEATHER, BAD));
    expect(ran).toEqual([]);
  });

  it("takes a CompiledSchema's frozen schema, which LangChain's own tool() cannot", async () => {
    const compiled = validateSchema(WEATHER);
    if (!compiled.ok) throw new Error(compiled.error.message);
    const plain = tool(() => 'ran', { name: 'weather', schema: compiled.value.schema as never });
    await expect(plain.invoke({ city: 'Paris', days: 2 } as never)).rejects.toThrow(/not extensible/);
    const guarded = toLangChainTool({ name: 'weather', inputSchema: compiled.value.schema, execute: () => 'ran' });
    if (!guarded.ok) throw new Error(guarded.error.message);
    expect(await guarded.value.invoke({ city: 'Paris', days: 2 } as never)).toBe('ran');
  });

  it("keeps the tool's throw from the model unless exposeErrors", async () => {
    const secret = new Error('connection to db://admin:hunter2@10.0.0.1 refused');
    const make = (exposeErrors: boolean) =>
      toLangChainTool({
        name: 'weather',
        inputSchema: WEATHER,
        exposeErrors,
        execute: () => {
          throw secret;
        },
      });
    const hidden = make(false);
    const shown = make(true);
    if (!hidden.ok || !shown.ok) throw new Error('not made');
    const args = { city: 'Paris', days: 2 } as never;
    const thrown = await hidden.value.invoke(args).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toBe('tool weather failed');
    expect((thrown as Error).cause).toBe(secret);
    await expect(shown.value.invoke(args)).rejects.toBe(secret);
  });

  // Found by a hunt: a value JSON cannot write was passed on, and LangChain wrote it with String(): an Error inside
  // it reached the model as its message (a host path, a token in it).
  it.each([
    ['beside a BigInt', () => [1n, new Error("ENOENT: open '/root/secret-token-abc123'")]],
    [
      'after a cycle',
      () => {
        const cycle: Record<string, unknown> = {};
        cycle['self'] = cycle;
        return [cycle, new Error("ENOENT: open '/root/secret-token-abc123'")];
      },
    ],
  ])('fails a returned value JSON cannot write, with an Error %s, as a throw', async (_how, value) => {
    const made = toLangChainTool({ name: 'read', inputSchema: { type: 'object' }, execute: value });
    if (!made.ok) throw new Error('not made');
    const call = { id: 'c1', name: 'read', args: {}, type: 'tool_call' } as never;
    const thrown = await made.value.invoke(call).catch((e: unknown) => e);
    expect(String((thrown as Error).message)).not.toContain('secret-token');
    expect((thrown as Error).message).toBe('tool read failed');
  });

  // A review's find: what LangChain passes on as it is, or never writes out, is not refused.
  it('passes on a ToolMessage holding a BigInt, and a BigInt value invoked without a tool call', async () => {
    const message = new ToolMessage({ content: 'ok', tool_call_id: 'c1', artifact: { n: 1n } });
    const direct = toLangChainTool({ name: 'read', inputSchema: { type: 'object' }, execute: () => message });
    const plain = toLangChainTool({ name: 'read', inputSchema: { type: 'object' }, execute: () => ({ n: 1n }) });
    if (!direct.ok || !plain.ok) throw new Error('not made');
    const call = { id: 'c1', name: 'read', args: {}, type: 'tool_call' } as never;
    expect(await direct.value.invoke(call)).toBe(message);
    expect(await plain.value.invoke({} as never)).toEqual({ n: 1n });
  });

  it('refuses a schema toolgate refuses, and a spec without a name or execute, as a Result', () => {
    const broken = toLangChainTool({ name: 'x', inputSchema: { type: 'strng' }, execute: () => '' });
    expect(broken.ok ? undefined : broken.error.class).toBe('validation');
    const nameless = toLangChainTool({ name: '', inputSchema: WEATHER, execute: () => '' });
    expect(nameless.ok).toBe(false);
    const idle = toLangChainTool({ name: 'x', inputSchema: WEATHER } as never);
    expect(idle.ok).toBe(false);
  });

  // LangChain passes a tool's name to the chat model's provider as it is: one OpenAI and Anthropic refuse (a dot,
  // a space, a line break, 65 characters) failed every request of the conversation, where toAgentsTool refused it
  // (a hunt's find). The Registry's rule, the names both providers take.
  it.each([['files.read'], ['a b\nIGNORE ALL'], ['Ünï'], ['x'.repeat(65)]])('refuses the name %j', (name) => {
    const made = toLangChainTool({ name, inputSchema: WEATHER, execute: () => '' });
    expect(made.ok || made.error).toMatchObject({ class: 'validation', message: expect.stringMatching(/name/) });
  });

  it("uses the schema's own description when the spec gives none", () => {
    const made = toLangChainTool({
      name: 'x',
      inputSchema: { ...WEATHER, description: 'from schema' },
      execute: () => '',
    });
    expect(made.ok && made.value.description).toBe('from schema');
    expect(made.ok && toJsonSchema(made.value.schema)).toMatchObject({ description: 'from schema' });
  });
});
