import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import { guardClient, type GuardedClient, type McpClientLike } from '../../src/adapters/mcp-client.js';
import { formatForModel } from '../../src/errors/format.js';
import { validate, type Result } from '../../src/index.js';
import type { Bundle } from '../../src/catalog/bundle.js';
import { importSample } from '../docs/samples.js';

// The docs sample (docs/adapters.md, sample mcp-client), run as written.
const { sumTwice } = await importSample<{
  sumTwice(server: { command: string; args: string[] }): Promise<{ names: string[]; bad: unknown; good: unknown }>;
}>('docs/adapters.md', 'mcp-client');

const ROOT = new URL('../..', import.meta.url).pathname;
const NODE = process.execPath;
const serverOf = (pkg: string, ...args: string[]) => ({
  command: NODE,
  args: [join(ROOT, 'node_modules/@modelcontextprotocol', pkg, 'dist/index.js'), ...args],
  cwd: ROOT,
});

function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? '').join('');
}
function isError(result: unknown): boolean {
  return (result as { isError?: boolean }).isError === true;
}
/** toolgate's model text for arguments against a schema, computed without the adapter. */
function expectedText(name: string, schema: unknown, args: unknown, options = {}): string {
  const r = validate(schema, args, options);
  if (r.ok) throw new Error('expected invalid arguments');
  return formatForModel(name, r.error);
}
/**
 * Counts what the guard actually sends: every tools/call that reaches the SDK client, through callTool or
 * (for a tool with an outputSchema) through request.
 */
function counting(client: Client): { client: McpClientLike; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    client: {
      listTools: (p, o) => client.listTools(p, o),
      callTool: (p, s, o) => {
        sent.push(p.name);
        return client.callTool(p, s, o);
      },
      request: ((r: { method: string; params?: { name?: string } }, schema: never, o: never) => {
        if (r.method === 'tools/call') sent.push(String(r.params?.name));
        return client.request(r as never, schema, o);
      }) as Client['request'],
      setNotificationHandler: (schema, handler) => client.setNotificationHandler(schema, handler),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// An in-process SDK server (no network, no child process): paging, list_changed, received calls.

const NUMBER_TOOL = (name: string): McpTool => ({
  name,
  description: `${name} tool`,
  inputSchema: {
    type: 'object',
    properties: { n: { type: 'integer', minimum: 0 } },
    required: ['n'],
    additionalProperties: false,
  },
});

interface Fixture {
  server: Server;
  client: Client;
  tools: McpTool[];
  received: string[];
  listCalls: number;
}

async function fixture(tools: McpTool[], pageSize = 2): Promise<Fixture> {
  const f: Fixture = {
    server: new Server({ name: 'paged', version: '0' }, { capabilities: { tools: { listChanged: true } } }),
    client: new Client({ name: 'test', version: '0' }),
    tools,
    received: [],
    listCalls: 0,
  };
  f.server.setRequestHandler(ListToolsRequestSchema, (request) => {
    f.listCalls++;
    const start = Number(request.params?.cursor ?? '0');
    const page = f.tools.slice(start, start + pageSize);
    const next = start + pageSize < f.tools.length ? String(start + pageSize) : undefined;
    return next === undefined ? { tools: page } : { tools: page, nextCursor: next };
  });
  f.server.setRequestHandler(CallToolRequestSchema, (request) => {
    f.received.push(request.params.name);
    return {
      content: [{ type: 'text', text: `ran ${request.params.name} with ${JSON.stringify(request.params.arguments)}` }],
    };
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([f.server.connect(a), f.client.connect(b)]);
  return f;
}

describe('guardClient against an in-process SDK server', () => {
  let f: Fixture;
  afterEach(async () => {
    await f?.client.close();
  });

  it('reads every page, admits the tools and publishes them as the server listed them', async () => {
    f = await fixture(['a', 'b', 'c', 'd', 'e'].map(NUMBER_TOOL));
    const guarded = guardClient(f.client);
    const { tools, nextCursor } = await guarded.listTools();
    expect(tools.map((t) => t.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(tools[0]).toEqual(NUMBER_TOOL('a'));
    expect(nextCursor).toBeUndefined();
    expect(f.listCalls).toBe(3);
  });

  it("validates before sending: an invalid call is answered locally with toolgate's text", async () => {
    f = await fixture([NUMBER_TOOL('count')]);
    const guarded = guardClient(f.client);
    const bad = await guarded.callTool({ name: 'count', arguments: { n: -1, extra: true } });
    expect(isError(bad)).toBe(true);
    expect(textOf(bad)).toBe(expectedText('count', NUMBER_TOOL('count').inputSchema, { n: -1, extra: true }));
    expect(f.received).toEqual([]);
    const good = await guarded.callTool({ name: 'count', arguments: { n: 2 } });
    expect(isError(good)).toBe(false);
    expect(textOf(good)).toBe('ran count with {"n":2}');
    expect(f.received).toEqual(['count']);
  });

  it('admits on the first call when listTools was never called, and absent arguments are judged as {}', async () => {
    f = await fixture([NUMBER_TOOL('count')]);
    const result = await guardClient(f.client).callTool({ name: 'count' });
    expect(textOf(result)).toBe(expectedText('count', NUMBER_TOOL('count').inputSchema, {}));
    expect(f.received).toEqual([]);
  });

  it('refuses locally a tool that was not admitted and arguments that are not an object', async () => {
    f = await fixture([NUMBER_TOOL('count')]);
    const guarded = guardClient(f.client);
    // The Registry's text: the admitted names, so the model need not guess another.
    expect(textOf(await guarded.callTool({ name: 'nope', arguments: {} }))).toBe(
      'error: unknown tool "nope"; available tools: count',
    );
    expect(
      isError(await guarded.callTool({ name: 'count', arguments: [1] as unknown as Record<string, unknown> })),
    ).toBe(true);
    expect(f.received).toEqual([]);
  });

  it('strict mode: one tool toolgate cannot enforce fails the whole listing, and nothing is callable', async () => {
    const legacy: McpTool = {
      name: 'legacy',
      inputSchema: { type: 'object', dependencies: { a: ['b'] } } as McpTool['inputSchema'],
    };
    f = await fixture([NUMBER_TOOL('count'), legacy]);
    const seen: Result<Bundle>[] = [];
    const guarded = guardClient(f.client, { onAdmission: (r) => seen.push(r) });
    expect((await guarded.listTools()).tools).toEqual([]);
    expect(seen[0]?.ok).toBe(false);
    const refused = await guarded.callTool({ name: 'count', arguments: { n: 1 } });
    expect(isError(refused)).toBe(true);
    // Regression: the model was told "unknown tool … not among the admitted tools" for a tool the server does list.
    expect(textOf(refused)).toBe(
      'error: tool "count" cannot be called: the tools of this server could not be admitted',
    );
    expect(f.received).toEqual([]);
  });

  it('quarantine mode: only the tool toolgate cannot enforce is left out', async () => {
    const legacy: McpTool = {
      name: 'legacy',
      inputSchema: { type: 'object', dependencies: { a: ['b'] } } as McpTool['inputSchema'],
    };
    f = await fixture([NUMBER_TOOL('count'), legacy]);
    const guarded = guardClient(f.client, { mode: 'quarantine' });
    const admitted = await guarded.admit();
    expect(admitted.ok ? admitted.value.rejected.map((r) => r.name) : undefined).toEqual(['legacy']);
    expect((await guarded.listTools()).tools.map((t) => t.name)).toEqual(['count']);
    expect(isError(await guarded.callTool({ name: 'legacy', arguments: {} }))).toBe(true);
    expect(isError(await guarded.callTool({ name: 'count', arguments: { n: 1 } }))).toBe(false);
    expect(f.received).toEqual(['count']);
  });

  it('re-admits on notifications/tools/list_changed: a removed tool is refused, an added one is callable', async () => {
    f = await fixture([NUMBER_TOOL('old'), NUMBER_TOOL('kept')]);
    let admissions = 0;
    let readmitted: () => void = () => {};
    const second = new Promise<void>((resolve) => {
      readmitted = resolve;
    });
    const guarded: GuardedClient = guardClient(f.client, {
      onAdmission: () => {
        if (++admissions === 2) readmitted();
      },
    });
    await guarded.listTools();
    f.tools = [NUMBER_TOOL('kept'), NUMBER_TOOL('new')];
    await f.server.sendToolListChanged();
    await second;
    expect(textOf(await guarded.callTool({ name: 'old', arguments: { n: 1 } }))).toMatch(/^error: unknown tool "old"/);
    expect(textOf(await guarded.callTool({ name: 'new', arguments: { n: 1 } }))).toBe('ran new with {"n":1}');
    expect(f.received).toEqual(['new']);
  });

  it('a call made while a re-admission runs waits for it', async () => {
    f = await fixture([NUMBER_TOOL('old')]);
    const guarded = guardClient(f.client);
    await guarded.listTools();
    f.tools = [NUMBER_TOOL('new')];
    const readmission = guarded.admit();
    const call = guarded.callTool({ name: 'new', arguments: { n: 0 } });
    await readmission;
    expect(textOf(await call)).toBe('ran new with {"n":0}');
  });

  it('a server that pages forever fails admission instead of looping', async () => {
    f = await fixture([NUMBER_TOOL('a')]);
    f.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [], nextCursor: 'again' }));
    const result = await guardClient(f.client).admit();
    expect(result.ok ? undefined : result.error.message).toMatch(/cursor "again" twice/);
  });

  it('a transport failure is a failed admission and an isError result, never a rejection', async () => {
    f = await fixture([NUMBER_TOOL('a')]);
    const guarded = guardClient(f.client);
    await f.client.close();
    const admitted = await guarded.admit();
    expect(admitted.ok ? undefined : admitted.error.class).toBe('execution_failure');
    const refused = await guarded.callTool({ name: 'a', arguments: { n: 1 } });
    expect(isError(refused)).toBe(true);
    expect(textOf(refused)).toBe('error: tool "a" cannot be called: the tools of this server could not be admitted');
  });

  // Regression: guardClient destructured the caller's options, so a throwing getter escaped.
  it.each([
    ['a throwing onAdmission getter', 'onAdmission'],
    ['a throwing admission option getter', 'mode'],
  ])('options with %s: guardClient does not throw, and admission fails naming the field', async (_why, key) => {
    f = await fixture([NUMBER_TOOL('a')]);
    const options = Object.defineProperty({}, key, {
      get: () => {
        throw new Error('getter ran');
      },
      enumerable: true,
    });
    let guarded: GuardedClient | undefined;
    expect(() => {
      guarded = guardClient(f.client, options);
    }).not.toThrow();
    if (guarded === undefined) return;
    const admitted = await guarded.admit();
    expect(admitted.ok ? undefined : [admitted.error.class, admitted.error.message]).toEqual([
      'validation',
      `invalid guardClient options: "${key}" is not a plain data property`,
    ]);
    expect(textOf(await guarded.callTool({ name: 'a', arguments: { n: 1 } }))).toMatch(/could not be admitted/);
    expect(f.listCalls).toBe(0);
    expect(f.received).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Real servers over stdio: the reference servers from the npm registry and `toolgate serve`.

describe('guardClient against real stdio servers', () => {
  it('the docs sample: server-everything, a bad get-sum answered locally and a good one sent', async () => {
    const { names, bad, good } = await sumTwice(serverOf('server-everything', 'stdio'));
    expect(names).toContain('get-sum');
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'number', description: 'First number' },
        b: { type: 'number', description: 'Second number' },
      },
      required: ['a', 'b'],
      $schema: 'http://json-schema.org/draft-07/schema#',
    };
    expect(isError(bad)).toBe(true);
    expect(textOf(bad)).toBe(expectedText('get-sum', schema, { a: '1', b: 2 }, { dialects: ['draft-07'] }));
    expect(isError(good)).toBe(false);
    expect(textOf(good)).toContain('3');
  });

  it('server-everything with the MCP default dialects (2020-12, exact draft-07): strict admits all', async () => {
    const client = new Client({ name: 'test', version: '0' });
    await client.connect(new StdioClientTransport({ ...serverOf('server-everything', 'stdio'), stderr: 'ignore' }));
    try {
      const spy = counting(client);
      const admitted = await guardClient(spy.client).admit();
      expect(admitted.ok ? admitted.value.accepted.length : admitted.error.message).toBe(13);
      // Naming the dialects replaces the MCP default: 2020-12 alone refuses the SDK's draft-07 stamps.
      const only2020 = guardClient(spy.client, { dialects: ['2020-12'] });
      const refused = await only2020.admit();
      expect(refused.ok ? '' : JSON.stringify(refused.error)).toContain('draft-07');
      expect(isError(await only2020.callTool({ name: 'echo', arguments: { message: 'hi' } }))).toBe(true);
      expect(spy.sent).toEqual([]);
    } finally {
      await client.close();
    }
  });

  describe('server-filesystem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-mcp-fs-'));
    let client: Client;
    let spy: ReturnType<typeof counting>;
    let guarded: GuardedClient;
    beforeAll(async () => {
      writeFileSync(join(dir, 'note.txt'), 'hello from the file\n');
      client = new Client({ name: 'test', version: '0' });
      await client.connect(new StdioClientTransport({ ...serverOf('server-filesystem', dir), stderr: 'ignore' }));
      spy = counting(client);
      guarded = guardClient(spy.client);
    });
    afterAll(async () => {
      await client?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('admits every tool and validates read_text_file before the server sees it', async () => {
      const admitted = await guarded.admit();
      expect(admitted.ok ? admitted.value.accepted : admitted.error.message).toContain('read_text_file');
      const bad = await guarded.callTool({
        name: 'read_text_file',
        arguments: { path: join(dir, 'note.txt'), head: 'two' },
      });
      expect(isError(bad)).toBe(true);
      expect(textOf(bad)).toMatch(/^error: invalid arguments for read_text_file:\n\$\.head: /);
      expect(spy.sent).toEqual([]);
      const good = await guarded.callTool({ name: 'read_text_file', arguments: { path: join(dir, 'note.txt') } });
      expect(textOf(good)).toContain('hello from the file');
      expect(spy.sent).toEqual(['read_text_file']);
    });
  });

  describe('toolgate serve', () => {
    const schema = {
      type: 'object',
      properties: { word: { type: 'string', pattern: '^[a-z]+$' } },
      required: ['word'],
      additionalProperties: false,
    };
    let client: Client;
    let spy: ReturnType<typeof counting>;
    beforeAll(async () => {
      client = new Client({ name: 'test', version: '0' });
      const args = [
        '--import',
        'tsx',
        'src/cli/main.ts',
        'serve',
        '--name',
        'shout',
        '--input-schema',
        JSON.stringify(schema),
        '--exec',
        NODE,
        '--',
        '-e',
        'process.stdout.write(process.argv[1].toUpperCase())',
        '--',
        '{word}',
      ];
      await client.connect(new StdioClientTransport({ command: NODE, args, cwd: ROOT, stderr: 'ignore' }));
      spy = counting(client);
    });
    afterAll(async () => {
      await client?.close();
    });

    it('admits the served tool, refuses a bad call locally and forwards a good one', async () => {
      const guarded = guardClient(spy.client);
      expect((await guarded.listTools()).tools.map((t) => t.name)).toEqual(['shout']);
      const bad = await guarded.callTool({ name: 'shout', arguments: { word: 'Not Lower' } });
      expect(textOf(bad)).toBe(expectedText('shout', schema, { word: 'Not Lower' }));
      expect(spy.sent).toEqual([]);
      const good = await guarded.callTool({ name: 'shout', arguments: { word: 'hello' } });
      expect(textOf(good)).toBe('HELLO');
      expect(spy.sent).toEqual(['shout']);
    });
  });
});
