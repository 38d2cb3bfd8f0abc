// What a server sends while serving a 2026-07-28 request (docs/proxy.md, "2026-07-28: stateless MCP"): its requests
// (elicitation/create) never reach the client, and of its notifications only those the revision defines do
// (notifications/elicitation/complete is not one). Two hunt's finds: on stdio, a client that had also initialized
// was asked, judged by initialize's capabilities, and its answer went back to the server; over --listen, the
// server's notifications/elicitation/complete reached a 2026-07-28 call's stream. A stdio upstream never says which
// request a message belongs to, so there either is refused while any 2026-07-28 request is open (fail closed). The
// servers: a raw stdio one (fixtures/modern-asks-server.mjs), and a raw Streamable HTTP one sending both on the
// call's own stream (so the proxy knows which request they belong to). What the client's 2025-11-25 calls opened
// is of no 2026-07-28 request, and still reaches it meanwhile (a review's find: its task's status and the completion
// of a URL elicitation its call opened were dropped while any 2026-07-28 call was open).
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modernEnvelope, POST_HEADERS, startProxy, stopAll } from '../cli/http-fixture.js';
import { type PostServer, startPostServer } from '../cli/post-server.js';
import { RawCli, type RawReply } from '../cli/raw-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const STDIO_SERVER = join(ROOT, 'test/proxy/fixtures/modern-asks-server.mjs');
/** Every elicitation mode: no refusal below comes from a capability left out. */
const BOTH_MODES = { elicitation: { form: {}, url: {} } };
/** What the server is told instead (modern-requests.ts, NO_INPUT_REQUIRED). */
const REFUSED = /the client speaks MCP 2026-07-28/;
const ASK = 'elicitation/create';
const COMPLETE = 'notifications/elicitation/complete';
const STATUS = 'notifications/tasks/status';
const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

const clis: RawCli[] = [];
let http: PostServer;
/** The HTTP server's `ask` calls waiting for the answer to their elicitation/create: their stream and call id. */
const asking = new Map<unknown, { res: ServerResponse; id: unknown }>();
beforeAll(async () => {
  http = await startPostServer((m, _req, res) => {
    const event = (message: object) => `data: ${JSON.stringify({ jsonrpc: '2.0', ...message })}\n\n`;
    if (m.method === undefined) {
      res.writeHead(202).end();
      const call = asking.get(m.id);
      asking.delete(m.id);
      return void call?.res.end(event({ id: call.id, result: text(JSON.stringify(m.error ?? m.result)) }));
    }
    if (m.id === undefined) return void res.writeHead(202).end();
    const name = (m.params as { name?: string } | undefined)?.name;
    if (m.method === 'tools/call') {
      // `ask` waits for the answer; `tell` is answered at once (its client never answers the elicitation).
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(event({ method: COMPLETE, params: { elicitationId: 'e1' } }));
      const requestedSchema = { type: 'object', properties: {} };
      res.write(event({ id: `ask-${m.id}`, method: ASK, params: { message: 'ok?', requestedSchema } }));
      if (name === 'ask') return void asking.set(`ask-${m.id}`, { res, id: m.id });
      return void res.end(event({ id: m.id, result: text('told') }));
    }
    const result =
      m.method === 'initialize'
        ? { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'raw', version: '1' } }
        : { tools: ['ask', 'tell'].map((tool) => ({ name: tool, inputSchema: { type: 'object' } })) };
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }));
  });
});
afterAll(async () => {
  for (const c of clis) c.kill();
  await stopAll();
  http.close();
});

/** A 2026-07-28 request's `_meta`, declaring every elicitation mode. */
const MODERN = { _meta: modernEnvelope('2026-07-28', BOTH_MODES) };

describe('on stdio, a client that initialized and sends 2026-07-28 requests too', () => {
  /** The proxy in front of the stdio server, its client initialized at 2025-11-25 with every elicitation mode. */
  async function start(): Promise<RawCli> {
    const cli = new RawCli('proxy', ['--', process.execPath, STDIO_SERVER]);
    clis.push(cli);
    const clientInfo = { name: 'raw', version: '0' };
    await cli.request('init', 'initialize', { protocolVersion: '2025-11-25', capabilities: BOTH_MODES, clientInfo });
    cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return cli;
  }
  const call = (cli: RawCli, id: string, name: string, modern: boolean, args: object = {}) =>
    cli.send({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args, ...(modern ? MODERN : {}) },
    });
  const seen = (cli: RawCli, method: string) => cli.replies.some((r: RawReply) => r.method === method);

  it.each([
    // [what, the `ask` call is a 2026-07-28 one, a `hold` call open meanwhile (2026-07-28 or not), asked]
    ['a 2026-07-28 call', true, undefined, false],
    ["a call of the client's session", false, undefined, true],
    ['a session call while a 2026-07-28 call is open (which one asked cannot be known)', false, true, false],
    ['a 2026-07-28 call while a session call is open', true, false, false],
  ] as const)(
    '%s: the server asks the client only if its request is no 2026-07-28 one',
    async (_w, modern, hold, asked) => {
      const cli = await start();
      if (hold !== undefined) call(cli, 'hold', 'hold', hold);
      call(cli, 'ask', 'ask', modern);
      // Whichever comes first: an elicitation is answered, so a call the server asked for ends either way.
      const first = await cli.until((r) => r.id === 'ask' || r.method === ASK);
      if (first.method === ASK) cli.send({ jsonrpc: '2.0', id: first.id, result: { action: 'accept', content: {} } });
      const answer = await cli.textOf('ask');
      // Whatever the server sent before the call's answer was written (or not) before it.
      expect(seen(cli, ASK)).toBe(asked);
      expect(seen(cli, COMPLETE)).toBe(asked);
      if (asked) expect(JSON.parse(answer)).toEqual({ action: 'accept', content: {} });
      else expect(answer).toMatch(REFUSED);
      if (hold !== undefined) expect(await cli.textOf('hold')).toBe('held');
    },
    30_000,
  );

  it.each([
    // [what, the tool that sends it, the id it names, the notification, it reaches the client]
    // A task made for a plain call is refused with its answer (unasked-task-refused.test.ts): no task is the client's.
    ['a status of the task its 2025-11-25 call was answered with', 'status', 'own-task', STATUS, false],
    ['a status of a task no call of the client made', 'status', 'other-task', STATUS, false],
    ['the completion of a URL elicitation a -32042 to its 2025-11-25 call opened', 'done', 'by-error', COMPLETE, true],
    ["the completion of a URL elicitation its 2025-11-25 call's server asked for", 'done', 'by-ask', COMPLETE, true],
    [
      'the completion of a URL elicitation a -32042 to its 2026-07-28 call opened',
      'done',
      'by-modern',
      COMPLETE,
      false,
    ],
    ['the completion of a URL elicitation nothing opened', 'done', 'unknown', COMPLETE, false],
  ] as const)(
    'while a 2026-07-28 call is open, %s: passed on only if a 2025-11-25 call opened it',
    async (_w, tool, id, method, passes) => {
      const cli = await start();
      call(cli, 'task', 'task', false, { id: 'own-task' });
      expect((await cli.until((r) => r.id === 'task')).result).toHaveProperty('isError', true);
      call(cli, 'url', 'url', false, { id: 'by-error' });
      expect(await cli.until((r) => r.id === 'url')).toHaveProperty('error.code', -32042);
      call(cli, 'askurl', 'askurl', false, { id: 'by-ask' });
      const asked = await cli.until((r) => r.method === ASK);
      expect(asked.params).toHaveProperty('elicitationId', 'by-ask');
      cli.send({ jsonrpc: '2.0', id: asked.id, result: { action: 'accept' } });
      expect(await cli.textOf('askurl')).toBe('asked');
      // The 2026-07-28 call is told of its elicitation too: the id reached the client, from another revision's call.
      call(cli, 'modern-url', 'url', true, { id: 'by-modern' });
      expect(await cli.until((r) => r.id === 'modern-url')).toHaveProperty('error.data.elicitations.0.elicitationId');
      call(cli, 'hold', 'hold', true);
      call(cli, 'probe', tool, false, { id });
      // Whatever the server sent before the call's answer was written (or not) before it.
      expect(await cli.textOf('probe')).toBe('sent');
      const named = (r: RawReply) => r.params?.['taskId'] ?? r.params?.['elicitationId'];
      expect(cli.replies.some((r) => r.method === method && named(r) === id)).toBe(passes);
      // The 2026-07-28 call was open all along: it ends only once an `ask` is answered (refused, while it is open).
      call(cli, 'ask', 'ask', false);
      expect(await cli.textOf('ask')).toMatch(REFUSED);
      expect(await cli.textOf('hold')).toBe('held');
    },
    30_000,
  );
});

describe('over --listen, in front of an HTTP server that says which request a message belongs to', () => {
  /** Every JSON-RPC message of a POST's answer (one JSON body, or its SSE events). */
  async function post(url: string, body: object, headers: Record<string, string> = {}) {
    const r = await fetch(url, {
      method: 'POST',
      headers: { ...POST_HEADERS, ...headers },
      body: JSON.stringify(body),
    });
    const got = await r.text();
    const messages = r.headers.get('content-type')?.includes('text/event-stream')
      ? got
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => JSON.parse(l.slice(6)) as RawReply)
      : [JSON.parse(got) as RawReply];
    return { session: r.headers.get('mcp-session-id'), messages };
  }
  const methods = (messages: RawReply[]) => messages.flatMap((m) => (m.method === undefined ? [] : [m.method]));

  it('a 2026-07-28 call gets neither the server request nor the notification its revision lacks', async () => {
    const proxy = await startProxy(['--listen', '0', '--url', `${http.origin}/mcp`]);
    const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'ask' };
    const { messages } = await post(
      proxy.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ask', arguments: {}, ...MODERN } },
      headers,
    );
    expect(methods(messages)).toEqual([]);
    expect(messages.at(-1)?.result?.content?.[0]?.text).toMatch(REFUSED);
  }, 30_000);

  it("a session's call gets both (what the server sends does pass, to a client that initialized)", async () => {
    const proxy = await startProxy(['--listen', '0', '--url', `${http.origin}/mcp`]);
    const clientInfo = { name: 'raw', version: '0' };
    const params = { protocolVersion: '2025-11-25', capabilities: BOTH_MODES, clientInfo };
    const { session } = await post(proxy.url, { jsonrpc: '2.0', id: 0, method: 'initialize', params });
    const headers = { 'mcp-session-id': session as string, 'mcp-protocol-version': '2025-11-25' };
    await fetch(proxy.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, ...headers },
      body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    }).then((r) => r.text());
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'tell', arguments: {} } };
    const { messages } = await post(proxy.url, call, headers);
    expect(methods(messages)).toEqual([COMPLETE, ASK]);
    expect(messages.at(-1)?.result?.content?.[0]?.text).toBe('told');
  }, 30_000);
});
