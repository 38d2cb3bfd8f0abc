import { describe, expect, it } from 'vitest';
import { defineTool, Registry } from '../../src/index.js';

async function results() {
  const r = new Registry();
  r.register(
    defineTool({
      name: 'add',
      description: '',
      inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
      execute: (x) => ({ sum: (x['a'] as number) + 1 }),
    }),
  );
  return {
    good: await r.call({ id: 'c1', name: 'add', arguments: '{"a":1}' }),
    bad: await r.call({ id: 'c2', name: 'add', arguments: '{}' }),
  };
}

describe('ToolResult.toMessage', () => {
  it('gives the OpenAI chat tool message', async () => {
    const { good, bad } = await results();
    expect(good.toMessage('openai')).toEqual({ role: 'tool', tool_call_id: 'c1', content: '{"sum":2}' });
    expect(bad.toMessage('openai')).toEqual({
      role: 'tool',
      tool_call_id: 'c2',
      content: 'error: invalid arguments for add:\n$: missing required property "a"',
    });
  });

  it('gives the Anthropic tool_result block with is_error', async () => {
    const { good, bad } = await results();
    expect(good.toMessage('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'c1',
      content: '{"sum":2}',
      is_error: false,
    });
    expect(bad.toMessage('anthropic')).toMatchObject({ type: 'tool_result', tool_use_id: 'c2', is_error: true });
  });

  it('gives the MCP CallToolResult with isError', async () => {
    const { good, bad } = await results();
    expect(good.toMessage('mcp')).toEqual({ content: [{ type: 'text', text: '{"sum":2}' }], isError: false });
    expect(bad.toMessage('mcp')).toMatchObject({ isError: true });
  });

  it('every failure text starts with "error: " in every format', async () => {
    const { bad } = await results();
    const texts = [
      bad.content,
      bad.toMessage('openai').content,
      bad.toMessage('anthropic').content as string,
      (bad.toMessage('mcp').content[0] as { text?: string } | undefined)?.text,
    ];
    for (const t of texts) expect(t?.startsWith('error: ')).toBe(true);
  });

  it('is plain frozen data', async () => {
    const { bad } = await results();
    expect(Object.isFrozen(bad)).toBe(true);
    expect(JSON.parse(JSON.stringify(bad.error))).toMatchObject({ class: 'validation', stage: 'validate' });
  });
});
