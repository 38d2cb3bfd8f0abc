// guardClient sends plain tools/call requests; a tool whose execution.taskSupport is "required" runs only as a task
// (MCP 2025-11-25, "Tasks"). A call to it failed in the SDK before anything was sent while the model read that it
// may have run (`started: true`). Now answered by guardClient: it did not run.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { rawServerClient } from './raw-server.js';

const input = { type: 'object', properties: { q: { type: 'string' } } };
const TOOLS = [
  { name: 'slow', inputSchema: input, execution: { taskSupport: 'required' } },
  { name: 'maybe', inputSchema: input, execution: { taskSupport: 'optional' } },
  { name: 'echo', inputSchema: input },
];

/** A raw server listing TOOLS and keeping the tools/call requests it receives. */
async function connected(): Promise<{ client: Client; calls: unknown[] }> {
  const calls: unknown[] = [];
  const client = await rawServerClient(
    TOOLS,
    (message) => {
      if (message.method === 'tools/call') calls.push(message.params);
      return { content: [{ type: 'text', text: 'ran' }] };
    },
    '2025-11-25',
  );
  return { client, calls };
}

describe('guardClient and tools that run only as tasks', () => {
  it('callTool answers a call to a task-only tool itself: it did not run, and nothing reaches the server', async () => {
    const { client, calls } = await connected();
    const guarded = guardClient(client);
    expect((await guarded.admit()).ok).toBe(true);
    const result = await guarded.callTool({ name: 'slow', arguments: { q: 'x' } });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text:
            'error: tool slow runs only as a task (its execution.taskSupport is "required") and guardClient sends ' +
            'plain calls: it did not run',
        },
      ],
      isError: true,
    });
    expect(calls).toEqual([]);
    // A tool that may run as a task runs as a plain call.
    expect((await guarded.callTool({ name: 'maybe', arguments: { q: 'x' } })).isError).toBeFalsy();
    expect(calls).toHaveLength(1);
    await client.close();
  });

  it("the bundle's registry answers it the same way", async () => {
    const { client, calls } = await connected();
    const admitted = await guardClient(client).admit();
    if (!admitted.ok) throw new Error(admitted.error.message);
    const r = await admitted.value.registry.call({ id: 'c', name: 'slow', arguments: { q: 'x' } });
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/^error: tool slow runs only as a task .*: it did not run$/);
    expect(calls).toEqual([]);
    await client.close();
  });
});
