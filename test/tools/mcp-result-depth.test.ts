// An MCP result nested deeper than JSON can be written again fails as a non-MCP tool's does (`returned a value
// that cannot be sent as JSON`). Before the bound, a server's structuredContent 5,000 levels deep read as an empty
// success (`content: ""`, contentOf's failure read as ""), and toMessage('mcp') handed the host an object its
// JSON.stringify threw on; a plain deep value (not a CallToolResult) read as an empty success too.
import { describe, expect, it } from 'vitest';
import { Registry } from '../../src/index.js';
import { MAX_MESSAGE_DEPTH } from '../../src/mcp/message-depth.js';
import { MAX_MCP_RESULT_DEPTH, mcpToolResult } from '../../src/tools/mcp-result.js';
import type { ToolResult } from '../../src/tools/tool-result.js';

/** `{ a: { a: ... 1 } }` with `levels` objects. */
function deep(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

const FORMATS = ['openai', 'anthropic', 'openai-responses', 'mcp'] as const;

/** What a non-MCP tool returning `value` reads as. */
async function plainToolResult(value: unknown): Promise<ToolResult> {
  const r = new Registry();
  r.register({ name: 't', inputSchema: { type: 'object' }, execute: () => value });
  return r.call({ id: 'c', name: 't', arguments: {} });
}

describe('an MCP result nested too deep', () => {
  it('is bounded as the proxy bounds any MCP message', () => {
    expect(MAX_MCP_RESULT_DEPTH).toBe(MAX_MESSAGE_DEPTH);
  });

  it.each([
    ['structuredContent 5,000 levels deep', { content: [], structuredContent: deep(5_000) }],
    ['a plain value 6,000 levels deep', { foo: deep(6_000) }],
    ['structuredContent one level over the bound', { content: [], structuredContent: deep(MAX_MCP_RESULT_DEPTH) }],
  ])('%s fails as a non-MCP tool returning it does, never as an empty success', async (_why, value) => {
    const r = mcpToolResult('c', 't', value);
    const plain = await plainToolResult(deep(6_000));
    expect([r.isError, r.content]).toEqual([true, plain.content]);
    expect(r.content).toBe('error: tool t returned a value that cannot be sent as JSON');
    expect(r.error).toMatchObject({ class: 'execution_failure', kind: 'tool', stage: 'execute' });
    expect(r.error?.message).toMatch(/^result is not JSON-serialisable/);
    for (const format of FORMATS) expect(() => JSON.stringify(r.toMessage(format))).not.toThrow();
  });

  // Before, a non-MCP result had no bound of its own: JSON.stringify threw at a depth set by the stack, so the
  // same value was text under one test runner's stack and refused under another's.
  it('bounds a non-MCP result in depth the same way, whatever the stack: refused past it, written at it', async () => {
    const over = await plainToolResult(deep(MAX_MCP_RESULT_DEPTH + 1));
    expect([over.isError, over.content]).toEqual([true, 'error: tool t returned a value that cannot be sent as JSON']);
    expect(over.error?.message).toBe(
      `result is not JSON-serialisable (nested more than ${MAX_MCP_RESULT_DEPTH} levels deep)`,
    );
    const at = await plainToolResult(deep(MAX_MCP_RESULT_DEPTH));
    expect([at.isError, String(at.content).startsWith('{"a":{"a":')]).toEqual([false, true]);
    // A value shared under two members is as deep as its one path, not counted twice.
    const shared = deep(MAX_MCP_RESULT_DEPTH - 1);
    expect((await plainToolResult({ x: shared, y: shared })).isError).toBe(false);
  });

  it('passes a result at the bound, whose every message the host can write', () => {
    const r = mcpToolResult('c', 't', { content: [], structuredContent: deep(MAX_MCP_RESULT_DEPTH - 1) });
    expect([r.isError, r.content.startsWith('{"a":{"a":')]).toEqual([false, true]);
    for (const format of FORMATS) expect(() => JSON.stringify(r.toMessage(format))).not.toThrow();
  });
});
