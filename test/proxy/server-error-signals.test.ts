// A server's JSON-RPC error is never the proxy's own signal (a hunt's find). Over --listen the HTTP status of an
// answer came from the code of any error in it, the server's too: a tool's -32020 was the proxy's 400 (legacy
// sessions too), its -32601 to a 2026-07-28 call a 404 the MCP SDK client read as an HTTP failure; and the codes of
// 2026-07-28's own signalling (-32020 HeaderMismatch, -32021 MissingRequiredClientCapability, -32022
// UnsupportedProtocolVersion) passed on as sent, from a server that negotiated 2025-11-25 with the proxy: the SDK
// client took a tool's -32022 for its revision refused. A server's error rides on 200 now, one of those codes
// turned into the proxy's -32603 saying it was not passed on; the proxy's own refusals keep their 400 and 404.
// That -32603 quotes the server's message, masked and clipped (a review's find: it kept only the code, while in
// 2025-11-25 these are a server's own implementation-defined errors, their message what says why).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { modernEnvelope, POST_HEADERS } from '../cli/http-fixture.js';
import { type PostServer, startPostServer } from '../cli/post-server.js';

/** A header value the proxy masks (a secret): the name of the `keyed` tool's x-mcp-header. */
const SECRET = 'Sekret-Route-Key-4711';
const TOOLS = [
  {
    name: 'err',
    inputSchema: { type: 'object', properties: { code: { type: 'integer' }, pad: { type: 'integer' } } },
  },
  {
    name: 'keyed',
    inputSchema: { type: 'object', properties: { k: { type: 'string', 'x-mcp-header': SECRET } } },
  },
];

/**
 * The hostile server: every tools/call of `err` (and prompts/get) answered with the error code it names; with `pad`,
 * its message is that many `x` and then the secret, the proxy's clip of a long message falling inside the secret.
 */
let server: PostServer;
beforeAll(async () => {
  server = await startPostServer((m, _req, res) => {
    if (m.id === undefined) return void res.writeHead(202).end();
    const params = (m.params ?? {}) as { arguments?: { code?: number; pad?: number }; name?: string };
    const code = m.method === 'prompts/get' ? Number(params.name) : params.arguments?.code;
    const pad = params.arguments?.pad;
    const message = pad === undefined ? `server says ${code}` : `${'x'.repeat(pad)}${SECRET} and what follows it`;
    const body =
      m.method === 'initialize'
        ? {
            result: {
              protocolVersion: '2025-11-25',
              capabilities: { tools: {}, prompts: {} },
              serverInfo: { name: 'hostile', version: '1' },
            },
          }
        : m.method === 'tools/list'
          ? { result: { tools: TOOLS } }
          : { error: { code, message, data: { supported: ['2025-11-25'] } } };
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: m.id, ...body }));
  });
});
afterAll(() => server.close());

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});

/** A --listen proxy in front of the server (as the gateway's server `a` when `gateway`); its URL. */
async function proxy(gateway = false, denyMethods: string[] = []): Promise<string> {
  const upstream = { url: `${server.origin}/mcp`, headers: { 'x-key': SECRET } };
  const listen = { port: 0 };
  const started = await startProxy(gateway ? { servers: { a: upstream }, listen } : { upstream, listen, denyMethods });
  if (!started.ok) throw new Error(started.error.message);
  running.push(started.value);
  return started.value.url as string;
}

/** A POST's status and its one JSON-RPC answer's error. */
async function post(url: string, body: object, headers: Record<string, string>) {
  const r = await fetch(url, { method: 'POST', headers: { ...POST_HEADERS, ...headers }, body: JSON.stringify(body) });
  const text = await r.text();
  const data = text.includes('data: ') ? (text.split('data: ').at(-1) as string) : text;
  return { status: r.status, error: (JSON.parse(data) as { error?: { code: number; message: string } }).error };
}

/** A 2026-07-28 request of `method` naming `name`, with its routing headers (and `extra` ones). */
const modern = (url: string, method: string, params: { name: string }, extra: Record<string, string> = {}) =>
  post(
    url,
    { jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: modernEnvelope() } },
    { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, 'mcp-name': params.name, ...extra },
  );

/** A legacy session's tools/call of `tool` with `args`. */
async function legacy(url: string, tool: string, args: object) {
  const init = await fetch(url, {
    method: 'POST',
    headers: POST_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '0' } },
    }),
  });
  await init.text();
  const session = { 'mcp-session-id': init.headers.get('mcp-session-id') as string };
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } };
  return post(url, call, { ...session, 'mcp-protocol-version': '2025-11-25' });
}

/** The proxy's -32603 in place of a server's error with `code`, quoting the server's message `said`. */
const notPassed = (code: number, said: string) =>
  new RegExp(`^the MCP server's error was not passed on \\(code ${code}, MCP 2026-07-28's \\w+, [^)]*\\): ${said}$`);

/** A server's error code, and the code its client gets: the proxy's -32603 for a signal of its own. */
const CODES: readonly (readonly [code: number, shown: number])[] = [
  [-32020, -32603],
  [-32021, -32603],
  [-32022, -32603],
  [-32601, -32601],
  [-32602, -32602],
  [-32001, -32001],
  [7, 7],
];

describe("a server's error is relayed on 200, never as the proxy's own signal", () => {
  it.each(CODES)(
    '%i: in a 2026-07-28 tools/call, a relayed prompts/get, a legacy session, the gateway',
    async (code, shown) => {
      const url = await proxy();
      const answers = [
        await modern(url, 'tools/call', { name: 'err', arguments: { code } } as { name: string }),
        await modern(url, 'prompts/get', { name: String(code) }),
        await legacy(url, 'err', { code }),
      ];
      const gateway = await proxy(true);
      answers.push(await legacy(gateway, 'a__err', { code }));
      for (const { status, error } of answers) {
        expect(status).toBe(200);
        expect(error?.code).toBe(shown);
        expect(error?.message).toMatch(shown === code ? `server says ${code}` : notPassed(code, `server says ${code}`));
      }
    },
  );

  it.each([-32020, -32021, -32022])(
    "%i: the server's long message is quoted masked of the secret, then clipped (no beginning of it shown)",
    async (code) => {
      const url = await proxy();
      const gateway = await proxy(true);
      // The clip (199 characters and …) falls 9 characters into the secret as the server wrote it.
      const args = { code, pad: 190 };
      const answers = [
        await modern(url, 'tools/call', { name: 'err', arguments: args } as { name: string }),
        await legacy(url, 'err', args),
        await legacy(gateway, 'a__err', args),
      ];
      for (const { error } of answers) {
        expect(error?.code).toBe(-32603);
        expect(error?.message).toMatch(notPassed(code, `x{190}<redacted…`));
        expect(error?.message).not.toContain(SECRET.slice(0, 4));
      }
    },
  );
});

describe("the proxy's own refusals keep their status", () => {
  it('a method --deny-method withholds from a 2026-07-28 request: 404, -32601', async () => {
    const url = await proxy(false, ['prompts/*']);
    expect(await modern(url, 'prompts/get', { name: '7' })).toEqual({
      status: 404,
      error: { code: -32601, message: 'method not found: "prompts/get"' },
    });
  });

  it('an Mcp-Param-* header disagreeing with the arguments, its refusal masked of a secret: 400, -32020', async () => {
    const url = await proxy();
    const call = { name: 'keyed', arguments: { k: 'a' } } as { name: string };
    const { status, error } = await modern(url, 'tools/call', call, { [`mcp-param-${SECRET}`]: 'b' });
    expect(error?.code).toBe(-32020);
    // Masked, the refusal was rebuilt from its text (masked-channel.ts), and is still the proxy's own.
    expect(error?.message).not.toContain(SECRET);
    expect(status).toBe(400);
  });
});

/** What of the MCP SDK 2.x client this test uses. */
interface Sdk2Client {
  connect(transport: unknown): Promise<void>;
  getNegotiatedProtocolVersion(): string | undefined;
  callTool(params: object): Promise<unknown>;
  close(): Promise<void>;
}
interface Sdk2 {
  readonly Client: new (info: object, options: object) => Sdk2Client;
  readonly StreamableHTTPClientTransport: new (url: URL) => unknown;
}

/** The MCP SDK 2.x client as node_modules resolves it, or why it cannot be tried (absent, or 1.x: no negotiation). */
async function sdk2(): Promise<Sdk2 | string> {
  let pkg: string;
  try {
    pkg = dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/client'));
  } catch {
    return '@modelcontextprotocol/client is not installed';
  }
  while (!existsSync(join(pkg, 'package.json'))) pkg = dirname(pkg);
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { version: string };
  if (!version.startsWith('2.')) return `@modelcontextprotocol/client ${version} is not the 2.x line`;
  return (await import(pathToFileURL(join(pkg, 'dist/index.mjs')).href)) as Sdk2;
}

const sdk = await sdk2();

describe.skipIf(typeof sdk === 'string')(
  `the MCP SDK 2.x client at 2026-07-28${typeof sdk === 'string' ? ` (skipped: ${sdk})` : ''}`,
  () => {
    it("reads a server's error as the tool call's JSON-RPC error, not a transport or version signal", async () => {
      const { Client, StreamableHTTPClientTransport } = sdk as Sdk2;
      const client = new Client(
        { name: 'sdk2', version: '0' },
        { capabilities: {}, versionNegotiation: { mode: 'auto' } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(await proxy())));
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const read: unknown[] = [];
      for (const code of [-32022, -32020, -32601]) {
        const e = await client.callTool({ name: 'err', arguments: { code } }).catch((error: unknown) => error);
        read.push([code, (e as object).constructor.name, (e as { code?: unknown }).code]);
      }
      await client.close();
      // Before: UnsupportedProtocolVersionError, a HeaderMismatch ProtocolError, an SdkHttpError (HTTP 404).
      expect(read).toEqual([
        [-32022, 'ProtocolError', -32603],
        [-32020, 'ProtocolError', -32603],
        [-32601, 'ProtocolError', -32601],
      ]);
    });
  },
);
