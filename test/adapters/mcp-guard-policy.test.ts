// guardClient against real MCP SDK servers (in process, and the reference servers over stdio): one bad
// third-party tool left out on request, tool output checked against its outputSchema by toolgate, the
// authority enforced, transport errors kept from the model.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { guardClient } from '../../src/adapters/mcp-client.js';
import type { Bundle } from '../../src/catalog/bundle.js';
import type { Result, ToolErrorEvent } from '../../src/index.js';

const ROOT = new URL('../..', import.meta.url).pathname;

interface Served {
  readonly client: Client;
  readonly received: string[];
}

/** An in-process SDK server listing `tools`, answering each call with `answer(name)`. */
async function serve(tools: McpTool[], answer: (name: string) => CallToolResult = ok): Promise<Served> {
  const server = new Server({ name: 'third-party', version: '0' }, { capabilities: { tools: {} } });
  const received: string[] = [];
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    received.push(request.params.name);
    return answer(request.params.name);
  });
  const client = new Client({ name: 'host', version: '0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return { client, received };
}
const ok = (name: string): CallToolResult => ({ content: [{ type: 'text', text: `ran ${name}` }] });
const text = (r: unknown) => ((r as CallToolResult).content[0] as { text: string }).text;
const tool = (name: string, inputSchema: object = { type: 'object' }, extra: object = {}): McpTool =>
  ({ name, description: `${name} tool`, inputSchema, ...extra }) as McpTool;

let served: Served | undefined;
afterEach(async () => {
  await served?.client.close();
  served = undefined;
});

describe('badTools: one malformed third-party tool', () => {
  const tools = [tool('count'), tool('broken', { type: 'object', properties: { q: { type: 'strng' } } })];

  it("by default (admitBatch's rule) fails the whole listing, in either mode", async () => {
    for (const mode of ['strict', 'quarantine'] as const) {
      served = await serve(tools);
      const guarded = guardClient(served.client, { mode });
      expect((await guarded.listTools()).tools).toEqual([]);
      expect(text(await guarded.callTool({ name: 'count' }))).toBe(
        'error: tool "count" cannot be called: the tools of this server could not be admitted',
      );
      await served.client.close();
    }
  });

  it("with badTools: 'leave-out' it is left out and reported; the rest stay callable", async () => {
    served = await serve(tools);
    const seen: Result<Bundle>[] = [];
    const guarded = guardClient(served.client, { badTools: 'leave-out', onAdmission: (r) => seen.push(r) });
    expect((await guarded.listTools()).tools.map((t) => t.name)).toEqual(['count']);
    const bundle = seen[0];
    if (bundle === undefined || !bundle.ok) throw new Error('admission failed');
    expect(bundle.value.accepted).toEqual(['count']);
    expect(bundle.value.rejected.map((d) => [d.name, d.stage, d.error.class])).toEqual([
      ['broken', 'schema', 'validation'],
    ]);
    expect(text(await guarded.callTool({ name: 'count' }))).toBe('ran count');
    expect(text(await guarded.callTool({ name: 'broken', arguments: { q: 'x' } }))).toBe(
      'error: unknown tool "broken"; available tools: count',
    );
    expect(served.received).toEqual(['count']);
  });

  it('leaves out every tool of a duplicated name (which one the server means is unknown)', async () => {
    served = await serve([tool('count'), tool('twin'), tool('twin', { type: 'object', required: ['x'] })]);
    const admitted = await guardClient(served.client, { badTools: 'leave-out' }).admit();
    expect(admitted.ok && admitted.value.accepted).toEqual(['count']);
    expect(admitted.ok && admitted.value.rejected.map((d) => [d.name, d.index])).toEqual([
      ['twin', 1],
      ['twin', 2],
    ]);
  });

  it('refuses a badTools value it does not know', async () => {
    served = await serve(tools);
    const admitted = await guardClient(served.client, { badTools: 'skip' as never }).admit();
    expect(admitted.ok ? '' : admitted.error.message).toBe(
      `invalid guardClient options: badTools must be 'fail-batch' or 'leave-out', got "skip"`,
    );
  });
});

describe('structuredContent checked against outputSchema by toolgate', () => {
  // Valid Draft 2020-12: exactly a string then an integer. The SDK's draft-07 Ajv reads `items: false` as
  // "no items at all" and refuses every non-empty array.
  const pairSchema = {
    type: 'object',
    properties: {
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
    },
    required: ['pair'],
  };
  const outputs: Record<string, CallToolResult> = {
    good: { content: [{ type: 'text', text: 'a,1' }], structuredContent: { pair: ['a', 1] } },
    wrong: { content: [{ type: 'text', text: 'a,b' }], structuredContent: { pair: ['a', 'b'] } },
    unstructured: { content: [{ type: 'text', text: 'a,1' }] },
    failed: { content: [{ type: 'text', text: 'disk full' }], isError: true },
    failedStructured: {
      content: [{ type: 'text', text: 'a,1' }],
      structuredContent: { pair: ['a', 1] },
      isError: true,
    },
    failedWrong: { content: [{ type: 'text', text: 'a,b' }], structuredContent: { pair: ['a', 'b'] }, isError: true },
  };
  const listed = Object.keys(outputs).map((name) => tool(name, { type: 'object' }, { outputSchema: pairSchema }));
  const answer = (name: string) => outputs[name] as CallToolResult;

  it("passes a valid 2020-12 output that the SDK's own client check rejects", async () => {
    served = await serve(listed, answer);
    const guarded = guardClient(served.client);
    expect(await guarded.callTool({ name: 'good' })).toEqual(outputs['good']);
    // The SDK alone, after its listTools cached its draft-07 validator:
    await served.client.listTools();
    await expect(served.client.callTool({ name: 'good' })).rejects.toThrow(/does not match the tool's output schema/);
  });

  it.each(['wrong', 'unstructured', 'failedWrong'])(
    'a %s output: the model reads that the tool ran (no retry of a side effect); the host gets why',
    async (name) => {
      served = await serve(listed, answer);
      const events: ToolErrorEvent[] = [];
      const guarded = guardClient(served.client, { onError: (e) => events.push(e) });
      const result = await guarded.callTool({ name });
      expect(result).toEqual({
        content: [{ type: 'text', text: `error: tool ${name} ran but its output does not match its output schema` }],
        isError: true,
      });
      expect(served.received).toEqual([name]);
      expect(events.map((e) => [e.name, e.stage, e.error.class])).toEqual([[name, 'execute', 'validation']]);
      expect(events[0]?.cause).toEqual(outputs[name]);
    },
  );

  it("an isError result is the tool's own report: passed on without structuredContent or a matching one", async () => {
    served = await serve(listed, answer);
    expect(await guardClient(served.client).callTool({ name: 'failed' })).toEqual(outputs['failed']);
    expect(await guardClient(served.client).callTool({ name: 'failedStructured' })).toEqual(
      outputs['failedStructured'],
    );
  });

  it('an outputSchema toolgate refuses fails the listing, or with leave-out removes only that tool', async () => {
    const refused = tool('old', { type: 'object' }, { outputSchema: { type: 'object', dependencies: { a: ['b'] } } });
    served = await serve([tool('count'), refused]);
    expect((await guardClient(served.client).admit()).ok).toBe(false);
    const admitted = await guardClient(served.client, { badTools: 'leave-out' }).admit();
    expect(admitted.ok && admitted.value.accepted).toEqual(['count']);
    expect(admitted.ok && admitted.value.rejected[0]?.error.message).toMatch(/^outputSchema: /);
  });
});

describe('authority and host errors through guardClient', () => {
  it('lists and calls only granted tools', async () => {
    served = await serve([tool('read_file'), tool('delete_file')]);
    const guarded = guardClient(served.client, { authority: { grants: ['read_file'] } });
    expect((await guarded.listTools()).tools.map((t) => t.name)).toEqual(['read_file']);
    expect(text(await guarded.callTool({ name: 'delete_file' }))).toBe(
      'error: unknown tool "delete_file"; available tools: read_file',
    );
    expect(served.received).toEqual([]);
  });

  it('a server-side failure: the model reads a generic line, the host the error; exposeErrors opts in', async () => {
    const boom = (): CallToolResult => {
      throw new Error('database at 10.0.0.5:5432 refused user admin (password=hunter2)');
    };
    served = await serve([tool('count')], boom);
    const events: ToolErrorEvent[] = [];
    const quiet = await guardClient(served.client, { onError: (e) => events.push(e) }).callTool({ name: 'count' });
    // The server answered with an error, so the tool was reached: the model is told it may have run.
    const sentText =
      'error: tool count failed. The request was sent, so the tool may have run: ' +
      'check before calling it again, do not retry blindly';
    expect(quiet).toEqual({ content: [{ type: 'text', text: sentText }], isError: true });
    expect(events[0]?.error.message).toContain('hunter2');
    expect(events[0]?.error.started).toBe(true);
    const loud = await guardClient(served.client, { exposeErrors: true }).callTool({ name: 'count' });
    expect(text(loud)).toMatch(/^error: tool count failed: .*hunter2/);
  });
});

describe('the reference servers over stdio, with the MCP default dialects', () => {
  it('server-everything: its draft-07 get-structured-content output is checked and passes', async () => {
    const client = new Client({ name: 'host', version: '0' });
    const server = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [server, 'stdio'], stderr: 'ignore' }),
    );
    served = { client, received: [] };
    const guarded = guardClient(client);
    const result = (await guarded.callTool({
      name: 'get-structured-content',
      arguments: { location: 'New York' },
    })) as CallToolResult;
    expect(result.isError).not.toBe(true);
    expect(Object.keys(result.structuredContent ?? {}).sort()).toEqual(['conditions', 'humidity', 'temperature']);
  });
});
