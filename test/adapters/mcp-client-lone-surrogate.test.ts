// A hunt's find: guardClient passed a tool result holding a lone surrogate on unchanged, to callTool's caller and
// to the model through the bundle admit() returns (not I-JSON, which model APIs refuse: Anthropic answers 400, and
// every later request of the conversation fails). Refused now as a member named `__proto__` is, the host's onError
// hearing an execution_failure.
import { beforeAll, describe, expect, it } from 'vitest';
import { guardClient, type GuardedClient } from '../../src/adapters/mcp-client.js';
import type { ToolErrorEvent } from '../../src/tools/failure-text.js';
import { loneSurrogateAt } from '../../src/util/jcs.js';
import { rawServerClient } from './raw-server.js';

const TOOLS = [{ name: 'weather', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }];
const events: ToolErrorEvent[] = [];
let guarded: GuardedClient;

beforeAll(async () => {
  // The server answers with the text it was asked for, with a lone surrogate after it.
  const client = await rawServerClient(TOOLS, (message) => {
    if (message.id === undefined) return undefined;
    const text = (message.params?.['arguments'] as { text?: string } | undefined)?.text ?? '';
    return { content: [{ type: 'text', text: `${text} \ud83d` }] };
  });
  guarded = guardClient(client, { onError: (e) => events.push(e) });
});

describe('guardClient and a result with a lone surrogate', () => {
  it('callTool: refused, saying where; the host hears of it', async () => {
    events.length = 0;
    const r = await guarded.callTool({ name: 'weather', arguments: { text: 'sunny' } });
    expect(r.isError).toBe(true);
    expect(loneSurrogateAt(r)).toBeUndefined();
    expect(JSON.stringify(r.content)).toContain('ran but its result was not passed on: it holds a lone surrogate');
    expect(JSON.stringify(r.content)).toContain('$.content[0].text');
    expect(events.at(-1)?.error).toMatchObject({ class: 'execution_failure', kind: 'tool', stage: 'execute' });
  });

  it('the bundle admit() returns: no provider message holds it', async () => {
    const bundle = await guarded.admit();
    if (!bundle.ok) throw new Error(bundle.error.message);
    const r = await bundle.value.registry.call({ id: 'toolu_1', name: 'weather', arguments: '{"text":"sunny"}' });
    expect(r.isError).toBe(true);
    expect(r.content).toContain('$.content[0].text');
    for (const format of ['anthropic', 'openai', 'openai-responses', 'mcp'] as const)
      expect(loneSurrogateAt(r.toMessage(format))).toBeUndefined();
  });
});
