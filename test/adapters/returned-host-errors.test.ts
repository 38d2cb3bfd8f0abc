// A tool that RETURNS a Node error (or a value holding one) through the AI SDK, LangChain or OpenAI Agents adapter:
// each framework would serialise the value as JSON, with the error's enumerable `path`, `dest`, `address`, `port`
// and `spawnargs`. What the model reads follows the documented redaction for a throw (docs/adapters.md): the
// tool failed, and with exposeErrors the message only, never the members. Real fs, net and child_process errors.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, run, setTracingDisabled } from '@openai/agents';
import { ScriptedModel, assistantMessage, functionCall } from '@openai/agents/testing';
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAiSdkTool } from '../../src/adapters/ai-sdk.js';
import { toLangChainTool } from '../../src/adapters/langchain.js';
import { toAgentsTool } from '../../src/adapters/openai-agents.js';
import { NODE_ERROR_LABELS, nodeErrors } from '../fixtures/node-errors.js';
import { ONE_CALL_TURNS } from './ai-sdk-turns.js';

const dir = mkdtempSync(join(tmpdir(), `toolgate-returned-errors-${randomUUID().slice(0, 8)}-`));
/** A marker in every host path and argument of the errors: never in what the model reads by default. */
const MARK = randomUUID();
let errors = new Map<string, Error>();
beforeAll(async () => {
  setTracingDisabled(true);
  errors = await nodeErrors(dir, MARK);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const errorOf = (label: string): Error => errors.get(label) as Error;

type Execute = () => unknown;
/** What a tool `t` running `execute` puts in the model's next turn, as text, through one adapter. */
type Seen = (execute: Execute, exposeErrors: boolean, responseFormat?: 'content_and_artifact') => Promise<string>;

/** AI SDK: the tool messages of the second model request. */
const aiSdk: Seen = async (execute, exposeErrors) => {
  const made = toAiSdkTool({ name: 't', inputSchema: { type: 'object' }, execute, exposeErrors });
  if (!made.ok) throw new Error(made.error.message);
  const model = new MockLanguageModelV4({ doGenerate: ONE_CALL_TURNS });
  await generateText({ model, tools: { t: made.value }, stopWhen: isStepCount(3), prompt: 'go' });
  return JSON.stringify((model.doGenerateCalls[1]?.prompt ?? []).filter((m) => m.role === 'tool'));
};

/** LangChain: the ToolMessage's content, or the text of the error an agent loop sends (`String(error)`). */
const langChain: Seen = async (execute, exposeErrors, responseFormat) => {
  const made = toLangChainTool({
    name: 't',
    inputSchema: { type: 'object' },
    execute,
    exposeErrors,
    ...(responseFormat === undefined ? {} : { responseFormat }),
  });
  if (!made.ok) throw new Error(made.error.message);
  try {
    const message = await made.value.invoke({ id: 'c1', name: 't', args: {}, type: 'tool_call' });
    return JSON.stringify(message.content);
  } catch (thrown) {
    return String(thrown);
  }
};

/** OpenAI Agents: the function-call results of the second model request (the tool has no exposeErrors). */
const agents: Seen = async (execute) => {
  const made = toAgentsTool({ name: 't', description: 'd', inputSchema: { type: 'object' }, strict: false, execute });
  if (!made.ok) throw new Error(made.error.message);
  const model = new ScriptedModel([[functionCall('t', {}, { callId: 'c1' })], [assistantMessage('done')]]);
  await run(new Agent({ name: 'a', model, tools: [made.value] }), 'go');
  const input = model.calls[1]?.request.input;
  return JSON.stringify(
    Array.isArray(input)
      ? input.filter((i) => typeof i === 'object' && 'type' in i && i.type === 'function_call_result')
      : [],
  );
};

const ADAPTERS = [
  { adapter: 'AI SDK', seen: aiSdk, failed: 'tool t failed', exposes: true },
  { adapter: 'LangChain', seen: langChain, failed: 'tool t failed', exposes: true },
  {
    adapter: 'OpenAI Agents',
    seen: agents,
    failed: 'An error occurred while running the tool. Please try again.',
    exposes: false,
  },
] as const;

/** The ways a tool returns an error: alone, through a promise, inside the value it returns. */
const SHAPES: readonly (readonly [string, (e: Error) => Execute])[] = [
  ['returned', (e) => () => e],
  ['resolved', (e) => async () => e],
  ['inside a returned value', (e) => () => ({ results: [{ ok: true }, { ok: false, error: e }] })],
];
const TABLE = ADAPTERS.flatMap((a) =>
  SHAPES.flatMap(([shape, make]) => NODE_ERROR_LABELS.map((label) => ({ ...a, shape, make, label }))),
);
/** Members of a Node error that only JSON of the error itself would show. */
const MEMBERS = /errno|syscall|spawnargs|"path"|"dest"|"address"|"port"/;

describe('an adapted tool that returns a Node error', () => {
  it.each(TABLE)(
    '$adapter, $shape ($label): the model reads that the tool failed',
    async ({ seen, make, label, failed }) => {
      const text = await seen(make(errorOf(label)), false);
      expect(text).toContain(failed);
      expect(text).not.toContain(MARK);
      expect(text).not.toMatch(/127\.0\.0\.1/);
      expect(text).not.toMatch(MEMBERS);
    },
  );

  it.each(TABLE.filter((row) => row.exposes))(
    '$adapter, $shape ($label), exposeErrors: the message, never the members',
    async ({ seen, make, label }) => {
      const e = errorOf(label);
      const text = await seen(make(e), true);
      expect(text).toContain((e as { code?: string }).code);
      expect(text).not.toMatch(MEMBERS);
    },
  );
});

describe("LangChain's content_and_artifact: the content is what the model reads", () => {
  it.each(NODE_ERROR_LABELS)('an error as the content, or as the whole value (%s), fails', async (label) => {
    const e = errorOf(label);
    for (const execute of [() => [e, 'artifact'], () => [{ error: e }, null], () => e]) {
      const text = await langChain(execute, false, 'content_and_artifact');
      expect(text).toContain('tool t failed');
      expect(text).not.toContain(MARK);
    }
  });

  it.each(NODE_ERROR_LABELS)(
    'an error in the artifact (%s) stays with the host, the content goes on',
    async (label) => {
      const e = errorOf(label);
      const made = toLangChainTool({
        name: 't',
        inputSchema: { type: 'object' },
        responseFormat: 'content_and_artifact',
        execute: () => ['partial result', { error: e }],
      });
      if (!made.ok) throw new Error(made.error.message);
      const message = await made.value.invoke({ id: 'c1', name: 't', args: {}, type: 'tool_call' });
      expect(message.content).toBe('partial result');
      expect(message.artifact).toEqual({ error: e });
    },
  );
});
