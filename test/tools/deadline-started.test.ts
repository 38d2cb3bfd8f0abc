// A call cut short (timeout or abort) tells the model, and the host in ToolError.started, whether the tool
// had started: one that had may have run (it may even finish later), so a model that simply retries could
// repeat its side effect; one that had not did nothing.
import { describe, expect, it } from 'vitest';
import { guardClient, type McpClientLike } from '../../src/adapters/mcp-client.js';
import { defineTool, Registry, type RegistryOptions, type ToolErrorEvent } from '../../src/index.js';

const MAY_HAVE_RUN = 'it may still have had effects: check before calling it again, do not retry blindly';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A tool that charges a card: it ignores its signal and finishes `ms` after it starts. */
function payments(options: RegistryOptions, ms: number) {
  const charged: number[] = [];
  const registry = new Registry(options);
  registry.register(
    defineTool({
      name: 'charge',
      inputSchema: { type: 'object' },
      execute: async () => {
        await sleep(ms);
        charged.push(1);
        return 'charged';
      },
    }),
  );
  return { registry, charged };
}

describe('a timeout says whether the tool had started', () => {
  it('the tool started and finished after the deadline: the model is told it may have run', async () => {
    const { registry, charged } = payments({ timeoutMs: 10 }, 40);
    const result = await registry.call({ id: 'c', name: 'charge' });
    expect(result.content).toBe(`error: tool charge was started but did not finish within 10 ms; ${MAY_HAVE_RUN}`);
    expect(result.error).toMatchObject({ class: 'execution_failure', stage: 'execute', started: true });
    expect(result.error?.message).toBe('timed out after 10 ms, after the tool started');
    // What the text warns of: the charge went through after the model was told the call timed out.
    await sleep(60);
    expect(charged).toEqual([1]);
  });

  it('the deadline passed while a stage ran: the model is told the tool did not run, and it never does', async () => {
    const { registry, charged } = payments({ timeoutMs: 10, stages: { approve: () => sleep(40) } }, 0);
    const result = await registry.call({ id: 'c', name: 'charge' });
    expect(result.content).toBe('error: tool charge timed out after 10 ms before it started; it did not run');
    expect(result.error).toMatchObject({ started: false, message: 'timed out after 10 ms, before the tool started' });
    await sleep(60);
    expect(charged).toEqual([]);
  });
});

describe('an abort says whether the tool had started', () => {
  it('aborted while the tool ran: it may have run', async () => {
    const { registry, charged } = payments({}, 30);
    const controller = new AbortController();
    const pending = registry.call({ id: 'c', name: 'charge' }, { signal: controller.signal });
    await sleep(5);
    controller.abort();
    const result = await pending;
    expect(result.content).toBe(`error: tool charge was aborted after it started; ${MAY_HAVE_RUN}`);
    expect(result.error?.started).toBe(true);
    await sleep(50);
    expect(charged).toEqual([1]);
  });

  it('aborted before the call, or while a stage ran: it did not run', async () => {
    const before = payments({}, 0);
    const result = await before.registry.call({ id: 'c', name: 'charge' }, { signal: AbortSignal.abort() });
    expect(result.content).toBe('error: tool charge was aborted before it started; it did not run');
    expect(result.error?.started).toBe(false);

    const during = payments({ stages: { authorize: () => sleep(30) } }, 0);
    const controller = new AbortController();
    const pending = during.registry.call({ id: 'c', name: 'charge' }, { signal: controller.signal });
    await sleep(5);
    controller.abort();
    expect((await pending).error?.started).toBe(false);
    await sleep(40);
    expect(during.charged).toEqual([]);
  });
});

describe('guardClient: a failure after the request was sent says the tool may have run', () => {
  const client = (callTool: McpClientLike['callTool']): McpClientLike =>
    ({
      listTools: async () => ({ tools: [{ name: 'charge', inputSchema: { type: 'object' } }] }),
      callTool,
      setNotificationHandler: () => {},
    }) as McpClientLike;

  it('a request timeout: the generic line, then that the request was sent', async () => {
    const events: ToolErrorEvent[] = [];
    const timedOut = async () => {
      throw new Error('MCP error -32001: Request timed out');
    };
    const result = await guardClient(client(timedOut), { onError: (e) => events.push(e) }).callTool({
      name: 'charge',
    });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text:
            'error: tool charge failed. The request was sent, so the tool may have run: ' +
            'check before calling it again, do not retry blindly',
        },
      ],
      isError: true,
    });
    expect(events[0]?.error.started).toBe(true);
  });

  it('a call refused before sending says nothing of the kind', async () => {
    const result = await guardClient(client(async () => ({ content: [] }))).callTool({
      name: 'charge',
      arguments: [] as never,
    });
    expect(JSON.stringify(result)).not.toContain('may have run');
  });
});
