// A review's find in the lone-surrogate fix: a tool result that is a bare STRING still carried a lone surrogate to
// the model. The search of a result (util/member-path.ts) skipped a root that is not an object, and the plain-tool
// path (tools/call-run.ts) never checked a returned string, which is the model's text as it is. Every path by which
// a tool's string reaches the model is refused as a result with one inside is: it ran, its result was not passed on,
// at `$`; the host reads an execution_failure. An object is JSON.stringify's text, which writes a `\u` escape.
import { describe, expect, it } from 'vitest';
import { admitBatch, admitMcpTools, defineTool, Registry } from '../../src/index.js';
import { mcpToolResult } from '../../src/tools/mcp-result.js';
import type { ToolResult } from '../../src/tools/tool-result.js';
import { loneSurrogateAt } from '../../src/util/jcs.js';

const FORMATS = ['anthropic', 'openai', 'openai-responses', 'mcp'] as const;
const CALL = { id: 'c1', name: 't', arguments: '{}' };

/** Each path from a tool's returned value to a ToolResult, given the value the tool returns. */
const PATHS: readonly (readonly [string, (value: unknown) => Promise<ToolResult>])[] = [
  ['mcpToolResult', async (value) => mcpToolResult('c1', 't', value)],
  [
    'admitMcpTools, its backend',
    async (value) => {
      const listed = { tools: [{ name: 't', inputSchema: { type: 'object' } }] };
      const bundle = await admitMcpTools(listed, { backend: () => async () => value });
      if (!bundle.ok) throw new Error(bundle.error.message);
      return bundle.value.registry.call(CALL);
    },
  ],
  [
    'admitBatch, a plain backend',
    async (value) => {
      const bundle = await admitBatch([
        { name: 't', description: 'd', inputSchema: { type: 'object' }, backend: () => value },
      ]);
      if (!bundle.ok) throw new Error(bundle.error.message);
      return bundle.value.registry.call(CALL);
    },
  ],
  [
    'Registry, a plain execute',
    async (value) => {
      const registry = new Registry();
      const made = registry.register(defineTool({ name: 't', description: 'd', execute: async () => value }));
      if (!made.ok) throw new Error(made.error.message);
      return registry.call(CALL);
    },
  ],
];

describe('a tool result that is a string with a lone surrogate', () => {
  it.each(PATHS.flatMap(([path, run]) => ['weather \ud800', '\udc00 sunny'].map((value) => ({ path, run, value }))))(
    '$path: refused at $, in every provider message',
    async ({ run, value }) => {
      const r = await run(value);
      expect(r.isError).toBe(true);
      expect(r.content).toBe(
        'error: tool t ran but its result was not passed on: it holds a lone surrogate at $, not I-JSON, which model ' +
          'APIs refuse',
      );
      expect(r.error).toMatchObject({ class: 'execution_failure', kind: 'tool', stage: 'execute' });
      for (const format of FORMATS) expect(loneSurrogateAt(r.toMessage(format))).toBeUndefined();
    },
  );

  it.each(PATHS.map(([path, run]) => ({ path, run })))(
    '$path: a surrogate pair is text, passed on',
    async ({ run }) => {
      const r = await run('sunny \ud83d\ude00');
      expect([r.isError, r.content]).toEqual([false, 'sunny \u{1F600}']);
    },
  );

  it('a plain tool returning an object: JSON text with a \\u escape, passed on', async () => {
    const [, run] = PATHS[3] as (typeof PATHS)[number];
    const r = await run({ a: 'x\ud800' });
    expect([r.isError, r.content]).toEqual([false, '{"a":"x\\ud800"}']);
    for (const format of FORMATS) expect(loneSurrogateAt(r.toMessage(format))).toBeUndefined();
  });
});
