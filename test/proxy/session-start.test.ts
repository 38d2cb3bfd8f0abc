// A `--listen` session answers its initialize without waiting for its upstream's listing to be admitted (before,
// a session over an admitted catalog added hundreds of ms to its initialize, most of it reading, parsing and hashing
// the whole listing). The session's tools/list waits for the admission; an admission that fails ends the session,
// answering what waited with the session's end, never with an empty or stale list.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually, openRawSession } from '../cli/http-fixture.js';
import { startInProcess } from './in-process-proxy.js';

/** An upstream whose tools/list, after start-up's, waits until `release` (or fails with `fail`). */
function heldServer() {
  let lists = 0;
  let release: () => void = () => undefined;
  let held = new Promise<void>((r) => {
    release = r;
  });
  const state = { fail: false, lists: () => lists };
  const read = async (req: IncomingMessage): Promise<string> => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    return text;
  };
  const server = createServer(async (req, res) => {
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST, DELETE' }).end();
    const m = JSON.parse(await read(req)) as { id?: number; method?: string; params?: { protocolVersion?: string } };
    if (m.id === undefined) return void res.writeHead(202).end();
    const answer = (member: object): void =>
      void res
        .writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'held' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: m.id, ...member }));
    if (m.method === 'initialize')
      return answer({
        result: {
          protocolVersion: m.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'held', version: '1' },
        },
      });
    if (m.method === 'tools/list') {
      lists++;
      if (lists > 1) await held;
      if (state.fail && lists > 1) return answer({ error: { code: -32603, message: 'listing broke' } });
      return answer({ result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } });
    }
    return answer({ result: {} });
  });
  return {
    state,
    listen: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`)),
      ),
    release: () => {
      release();
      held = new Promise<void>((r) => {
        release = r;
      });
    },
    close: () => {
      release();
      server.closeAllConnections();
      server.close();
    },
  };
}

const servers: ReturnType<typeof heldServer>[] = [];
afterAll(() => {
  for (const s of servers) s.close();
});

/** Whether `p` is still pending after `ms`. */
const pendingAfter = async (p: Promise<unknown>, ms: number): Promise<boolean> =>
  (await Promise.race([p.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))])) === true;

describe('proxy --listen: a session starts before its listing is admitted', () => {
  it('answers initialize while the listing is held; its tools/list waits for the admission', async () => {
    const server = heldServer();
    servers.push(server);
    const proxy = await startInProcess(['--listen', '0', '--url', await server.listen()]);
    // Start-up's listing was not held: it proved the server. The session's is, until released.
    const session = await openRawSession(proxy.url);
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    expect(await eventually(() => server.state.lists() === 2)).toBe(true);
    const listed = proxy.post(session, { id: 1, method: 'tools/list' });
    expect(await pendingAfter(listed, 300)).toBe(true);
    server.release();
    expect(JSON.parse(await listed).result.tools.map((t: { name: string }) => t.name)).toEqual(['echo']);
    expect(await proxy.stop()).toBe(0);
  });

  it('ends the session when its admission fails: what waited gets the end, never an empty list', async () => {
    const server = heldServer();
    servers.push(server);
    const proxy = await startInProcess(['--listen', '0', '--url', await server.listen()]);
    server.state.fail = true;
    const session = await openRawSession(proxy.url);
    const listed = proxy.post(session, { id: 1, method: 'tools/list' });
    expect(await pendingAfter(listed, 200)).toBe(true);
    server.release();
    expect(JSON.parse(await listed)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'the session ended' },
    });
    // The session is gone: a request naming it is 404.
    const again = await fetch(proxy.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': session,
      },
      body: '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
    });
    expect(again.status).toBe(404);
    expect(await proxy.stop()).toBe(0);
  });
});
