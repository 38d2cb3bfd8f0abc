// Sessions clients forget: MCP Inspector and LangChain's MultiServerMCPClient.close() never send
// DELETE. At --max-sessions, an initialize ends the session unused longest to make room (its server stopped, named
// on stderr); a session with a request in flight or an open GET stream is never ended so; 503 only when all are busy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { survivors } from '../exec/alive.js';
import { childrenOf, eventually, POST_HEADERS, type Running, startProxy, stopAll } from './http-fixture.js';

const RECORDING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');
const PARAMS = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } };
/** What each test aborts at its end: the hanging calls and GET streams it opened. */
const held: AbortController[] = [];
/**
 * The GET streams' responses, kept reachable: undici cancels the body of a Response collected unread, which closes
 * the stream and leaves its session evictable (the 404-for-200 flake of CI run 43).
 */
const streams: Response[] = [];

afterAll(async () => {
  for (const c of held) c.abort();
  await stopAll();
});

/** The recording servers `running` started. */
function serversOf(running: Running): number[] {
  return childrenOf(running.child.pid as number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(RECORDING);
    } catch {
      return false;
    }
  });
}

/** POSTs one message, in `session` when given. */
function post(running: Running, body: object, session?: string, signal?: AbortSignal): Promise<Response> {
  return fetch(running.url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...(session === undefined ? {} : { 'mcp-session-id': session }) },
    body: JSON.stringify({ jsonrpc: '2.0', ...body }),
    ...(signal === undefined ? {} : { signal }),
  });
}

/** An initialize; its status and session id. */
async function initialize(running: Running): Promise<{ status: number; session: string }> {
  const r = await post(running, { id: 1, method: 'initialize', params: PARAMS });
  await r.text();
  return { status: r.status, session: r.headers.get('mcp-session-id') as string };
}

/** Opens a session and returns it with the one server process it started. */
async function open(running: Running): Promise<{ session: string; pid: number }> {
  const before = serversOf(running);
  const { status, session } = await initialize(running);
  expect(status).toBe(200);
  // A server not there before (at the limit, one of those has gone to make room).
  expect(await eventually(() => serversOf(running).some((p) => !before.includes(p)))).toBe(true);
  const pid = serversOf(running).find((p) => !before.includes(p)) as number;
  return { session, pid };
}

/** A tools/list in `session`: its status. */
async function use(running: Running, session: string): Promise<number> {
  const r = await post(running, { id: 2, method: 'tools/list' }, session);
  await r.text();
  return r.status;
}

/** Starts the `hang` tool in `session`; the call stays in flight until the test aborts it. */
async function hang(running: Running, session: string): Promise<AbortController> {
  const c = new AbortController();
  held.push(c);
  const params = { name: 'hang', arguments: {} };
  void post(running, { id: 3, method: 'tools/call', params }, session, c.signal).catch(() => undefined);
  // In flight once the server has it: its recording would show it; a moment is enough for a local process.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return c;
}

/** Opens the GET stream of `session`; it stays open until the test aborts it. */
async function stream(running: Running, session: string): Promise<AbortController> {
  const c = new AbortController();
  held.push(c);
  const r = await fetch(running.url, {
    headers: { accept: 'text/event-stream', 'mcp-session-id': session },
    signal: c.signal,
  });
  expect(r.status).toBe(200);
  streams.push(r);
  return c;
}

/** A proxy allowing two sessions. */
const two = (): Promise<Running> =>
  startProxy(['--listen', '0', '--max-sessions', '2', '--', process.execPath, RECORDING]);

describe('toolgate proxy --listen: at --max-sessions the session unused longest makes room', () => {
  it('evicts the least recently used idle session: its next request gets 404, its server is gone', async () => {
    const proxy = await two();
    const a = await open(proxy);
    const b = await open(proxy);
    // a was used after b opened: b is the one unused longest.
    expect(await use(proxy, a.session)).toBe(200);
    const c = await open(proxy);
    expect(await use(proxy, b.session)).toBe(404);
    expect(await survivors([b.pid], 3000)).toEqual([]);
    expect(proxy.output()).toContain(`session ${b.session.slice(0, 8)} ended: unused longest`);
    expect(await use(proxy, a.session)).toBe(200);
    expect(await use(proxy, c.session)).toBe(200);
    expect(serversOf(proxy).sort()).toEqual([a.pid, c.pid].sort());
  }, 30_000);

  it('never evicts a session with a request in flight', async () => {
    const proxy = await two();
    const a = await open(proxy);
    const calling = await hang(proxy, a.session);
    const b = await open(proxy);
    expect(await use(proxy, b.session)).toBe(200);
    // a was used before b, but its call still waits: b goes.
    const c = await open(proxy);
    expect(await use(proxy, b.session)).toBe(404);
    expect(await use(proxy, a.session)).toBe(200);
    expect(serversOf(proxy).sort()).toEqual([a.pid, c.pid].sort());
    calling.abort();
  }, 30_000);

  it('never evicts a session with an open GET stream', async () => {
    const proxy = await two();
    const a = await open(proxy);
    const listening = await stream(proxy, a.session);
    const b = await open(proxy);
    expect(await use(proxy, b.session)).toBe(200);
    const c = await open(proxy);
    expect(await use(proxy, b.session)).toBe(404);
    expect(await use(proxy, a.session)).toBe(200);
    expect(serversOf(proxy).sort()).toEqual([a.pid, c.pid].sort());
    listening.abort();
  }, 30_000);

  it('answers 503 only when every session is busy, and evicts once one is idle again', async () => {
    const proxy = await two();
    const a = await open(proxy);
    const calling = await hang(proxy, a.session);
    const b = await open(proxy);
    const listening = await stream(proxy, b.session);
    const refused = await post(proxy, { id: 1, method: 'initialize', params: PARAMS });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    await refused.text();
    expect(serversOf(proxy).sort()).toEqual([a.pid, b.pid].sort());
    // The call given up: a waits for nothing, and is the one to go.
    calling.abort();
    expect(await eventually(() => false, 300)).toBe(false);
    const c = await open(proxy);
    expect(await use(proxy, a.session)).toBe(404);
    expect(await survivors([a.pid], 3000)).toEqual([]);
    expect(await use(proxy, b.session)).toBe(200);
    expect(serversOf(proxy).sort()).toEqual([b.pid, c.pid].sort());
    listening.abort();
  }, 30_000);
});
