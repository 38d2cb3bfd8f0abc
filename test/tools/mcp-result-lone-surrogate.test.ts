// A hunt's find: a lone surrogate in a tool's RESULT reached the model. toolgate refuses one in anything a tool
// publishes (not I-JSON, which model APIs refuse: Anthropic answers 400 "no low surrogate in string", and every later
// request of the conversation fails with it), yet mcpToolResult copied text parts as they were into every provider's
// message. A result holding one anywhere (a string or a key) is refused as a `__proto__` member is: the model reads
// that the tool ran but its result was not passed on, and where; the host reads an execution_failure.
import { describe, expect, it } from 'vitest';
import { admitMcpTools } from '../../src/index.js';
import { mcpToolResult } from '../../src/tools/mcp-result.js';
import { loneSurrogateAt } from '../../src/util/jcs.js';

const FORMATS = ['anthropic', 'openai', 'openai-responses', 'mcp'] as const;

describe('a tool result with a lone surrogate', () => {
  it.each([
    ['a high one in a text part', { content: [{ type: 'text', text: 'sunny \ud800' }] }, '$.content[0].text'],
    ['a low one in a text part', { content: [{ type: 'text', text: '\udc00 sunny' }] }, '$.content[0].text'],
    [
      'one in a later part',
      {
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b\ud83d' },
        ],
      },
      '[1].text',
    ],
    ['one in an error text', { content: [{ type: 'text', text: 'x\ud83d' }], isError: true }, '$.content[0].text'],
    ['one in structuredContent', { content: [], structuredContent: { s: 'x\udfff' } }, '$.structuredContent.s'],
    ['one in a key', { content: [{ type: 'text', text: 'ok' }], structuredContent: { 'k\ud83d': 1 } }, '$.struct'],
    ['one in _meta', { content: [{ type: 'text', text: 'ok' }], _meta: { note: '\ud800' } }, '$._meta.note'],
  ])('%s: refused, in every provider message', (_, value, where) => {
    const r = mcpToolResult('c1', 'weather', value);
    expect(r.isError).toBe(true);
    expect(r.content).toContain('error: tool weather ran but its result was not passed on: it holds a lone surrogate');
    expect(r.content).toContain(where);
    expect(r.error).toMatchObject({ class: 'execution_failure', kind: 'tool', stage: 'execute' });
    for (const format of FORMATS) expect(loneSurrogateAt(r.toMessage(format))).toBeUndefined();
    expect(loneSurrogateAt({ content: r.content, error: r.error })).toBeUndefined();
  });

  it('a surrogate pair is text, passed on', () => {
    const r = mcpToolResult('c1', 'weather', { content: [{ type: 'text', text: 'sunny \ud83d\ude00' }] });
    expect([r.isError, r.content]).toEqual([false, 'sunny \u{1F600}']);
  });

  it('through admitMcpTools, as its backend returned it', async () => {
    let value: unknown;
    const listed = { tools: [{ name: 't', inputSchema: { type: 'object' } }] };
    const bundle = await admitMcpTools(listed, { backend: () => async () => value });
    if (!bundle.ok) throw new Error(bundle.error.message);
    value = { content: [{ type: 'text', text: 'weather: sunny \ud800' }] };
    const r = await bundle.value.registry.call({ id: 'c1', name: 't', arguments: '{}' });
    expect(r.isError).toBe(true);
    for (const format of FORMATS) expect(loneSurrogateAt(r.toMessage(format))).toBeUndefined();
  });
});
