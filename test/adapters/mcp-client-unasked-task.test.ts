// guardClient sends plain tools/call requests, so a task in the answer is one the server made unasked (MCP
// 2025-11-25, "Tasks": a task answers a task-augmented request only). The SDK's CallToolResultSchema read a
// CreateTaskResult as a result with empty content, the task beside it: callTool handed the host that "success" and
// the bundle's registry the model an empty one; a tool with an outputSchema was refused for its output instead.
// Refused now as the proxy refuses it (test/proxy/unasked-task-refused.test.ts): the same text, the host told.
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { rawServerClient } from './raw-server.js';

const AT = '2026-12-05T00:00:00Z';
const TASK = { taskId: 'unasked-1', status: 'working', ttl: 1000, createdAt: AT, lastUpdatedAt: AT };
const TYPED = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
const TOOLS = [
  { name: 'plain', inputSchema: { type: 'object' } },
  { name: 'typed', inputSchema: { type: 'object' }, outputSchema: TYPED },
];
const REFUSED = (name: string): string =>
  `error: tool ${name} ran but its result was not passed on: the server answered with a task, which it was not ` +
  'asked for (the call was a plain one)';

describe('guardClient and a task the server made unasked', () => {
  it.each([
    ['a CreateTaskResult', { task: TASK }],
    ['a task beside content and structuredContent', { content: [], structuredContent: { n: 1 }, task: TASK }],
  ])('%s: refused by callTool and by the bundle, the host told', async (_, answer) => {
    const events: unknown[] = [];
    const client = await rawServerClient(TOOLS, () => answer, '2025-11-25');
    const guarded = guardClient(client, { onError: (e) => events.push(e) });
    const admitted = await guarded.admit();
    if (!admitted.ok) throw new Error(admitted.error.message);
    for (const name of ['plain', 'typed']) {
      const result = await guarded.callTool({ name, arguments: {} });
      expect(result).toEqual({ content: [{ type: 'text', text: REFUSED(name) }], isError: true });
      const r = await admitted.value.registry.call({ id: 'c', name, arguments: {} });
      expect(r.isError).toBe(true);
      expect(r.content).toBe(REFUSED(name));
      expect(JSON.stringify(r)).not.toContain(TASK.taskId);
    }
    expect(events).toHaveLength(4);
    await client.close();
  });
});
