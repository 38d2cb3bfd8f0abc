// What opens and what ends a `--listen` session, counted in server processes and `--max-sessions` slots: a
// session and its server exist only after an initialize request (with an id, of the right shape) that the upstream
// answered; a notification initialize, a malformed one, a batch, a reply or an unknown session id starts nothing;
// DELETE, the idle timer, the server's exit and a failed initialize each free the slot and leave no process.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalPid, survivors } from '../exec/alive.js';
import { childrenOf, eventually, POST_HEADERS, type Running, startProxy, stopAll } from './http-fixture.js';

const FIXTURES = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures');
const RECORDING = join(FIXTURES, 'recording-server.mjs');
const REFUSING = join(FIXTURES, 'refusing-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-sessions-'));
const PARAMS = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } };
let proxy: Running;

/** The server processes `running` started (children running `script`), each pid once. */
function serversOf(running: Running, script: string): number[] {
  return childrenOf(running.child.pid as number).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(script);
    } catch {
      return false;
    }
  });
}

/** POSTs `body` (an object is sent as JSON) to `running`, with a session id when given. */
function post(running: Running, body: unknown, session?: string): Promise<Response> {
  return fetch(running.url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...(session === undefined ? {} : { 'mcp-session-id': session }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A well-formed initialize request: its status and the session id it got. */
async function initialize(running: Running): Promise<{ status: number; session: string | null }> {
  const r = await post(running, { jsonrpc: '2.0', id: 1, method: 'initialize', params: PARAMS });
  await r.text();
  return { status: r.status, session: r.headers.get('mcp-session-id') };
}

/** DELETEs `session`; the status. */
async function end(running: Running, session: string): Promise<number> {
  const r = await fetch(running.url, { method: 'DELETE', headers: { 'mcp-session-id': session } });
  await r.text();
  return r.status;
}

/** A moment for a server the proxy might wrongly start to show up among its children. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 400));

beforeAll(async () => {
  proxy = await startProxy(['--listen', '0', '--max-sessions', '1', '--', process.execPath, RECORDING]);
  expect(await eventually(() => serversOf(proxy, RECORDING).length === 0)).toBe(true);
}, 30_000);
afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('toolgate proxy --listen: what opens a session', () => {
  it.each([
    ['a notification (no id)', { jsonrpc: '2.0', method: 'initialize', params: PARAMS }, -32600],
    ['a request with id null', { jsonrpc: '2.0', id: null, method: 'initialize', params: PARAMS }, -32600],
    ['without params', { jsonrpc: '2.0', id: 5, method: 'initialize' }, -32602],
    ['with params an array', { jsonrpc: '2.0', id: 5, method: 'initialize', params: [] }, -32602],
    [
      'without protocolVersion',
      { jsonrpc: '2.0', id: 5, method: 'initialize', params: { ...PARAMS, protocolVersion: undefined } },
      -32602,
    ],
    [
      'with capabilities null',
      { jsonrpc: '2.0', id: 5, method: 'initialize', params: { ...PARAMS, capabilities: null } },
      -32602,
    ],
    [
      'with clientInfo lacking a version',
      { jsonrpc: '2.0', id: 5, method: 'initialize', params: { ...PARAMS, clientInfo: { name: 'x' } } },
      -32602,
    ],
  ])(
    'an initialize %s gets 400, starts no server and holds no slot',
    async (_, message, code) => {
      const r = await post(proxy, message);
      expect(r.status).toBe(400);
      expect(r.headers.get('mcp-session-id')).toBe(null);
      const body = (await r.json()) as { id: unknown; error: { code: number; message: string } };
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(/no session was opened/);
      // A request's error answers its id; a notification's cannot.
      expect(body.id).toBe(code === -32602 ? 5 : null);
      await settle();
      expect(serversOf(proxy, RECORDING)).toEqual([]);
      // The one slot (--max-sessions 1) is free: a real initialize is served, and its DELETE ends its server.
      const opened = await initialize(proxy);
      expect(opened.status).toBe(200);
      expect(await end(proxy, opened.session as string)).toBe(200);
      expect(await eventually(() => serversOf(proxy, RECORDING).length === 0)).toBe(true);
    },
    20_000,
  );

  it.each([
    [
      'a batch holding an initialize',
      [{ jsonrpc: '2.0', id: 1, method: 'initialize', params: PARAMS }],
      undefined,
      400,
    ],
    ['a reply without a session', { jsonrpc: '2.0', id: 1, result: {} }, undefined, 400],
    ['a body that is not JSON-RPC', { id: 1, method: 'initialize', params: PARAMS }, undefined, 400],
    ['a tools/list without a session', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, undefined, 400],
    ['a request naming an unknown session', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'no-such-session', 404],
  ])('%s gets a JSON-RPC error and starts nothing', async (_, message, session, status) => {
    const r = await post(proxy, message, session);
    expect(r.status).toBe(status);
    expect(((await r.json()) as { error: { code: unknown } }).error.code).toEqual(expect.any(Number));
    await settle();
    expect(serversOf(proxy, RECORDING)).toEqual([]);
  });
});

describe('toolgate proxy --listen: every session ends and frees its slot', () => {
  it('DELETE frees the slot and stops the server', async () => {
    const first = await initialize(proxy);
    expect(first.status).toBe(200);
    expect(await eventually(() => serversOf(proxy, RECORDING).length === 1)).toBe(true);
    // With its GET stream open the session is busy, so the slot cannot be taken from it (an idle one would be:
    // test/cli/proxy-http-eviction.test.ts).
    const stream = await fetch(proxy.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': first.session as string },
    });
    expect(stream.status).toBe(200);
    expect((await initialize(proxy)).status).toBe(503);
    // The stream is closed by cancelling its body, which also keeps the response reachable until then: undici
    // cancels the body of a response collected unread, and the session would have been idle all along.
    await stream.body?.cancel();
    expect(await end(proxy, first.session as string)).toBe(200);
    expect(await eventually(() => serversOf(proxy, RECORDING).length === 0)).toBe(true);
    const again = await initialize(proxy);
    expect(again.status).toBe(200);
    expect(await end(proxy, again.session as string)).toBe(200);
    expect(await eventually(() => serversOf(proxy, RECORDING).length === 0)).toBe(true);
  }, 20_000);

  it("the server's exit ends the session and frees the slot", async () => {
    const first = await initialize(proxy);
    expect(await eventually(() => serversOf(proxy, RECORDING).length === 1)).toBe(true);
    const [pid] = serversOf(proxy, RECORDING);
    signalPid(pid as number, 'SIGKILL');
    // Killed while its listing is still being admitted (initialize no longer waits for it), the session ends
    // through the failed admission instead: the same end, named by what noticed it first.
    const ended = /ended: (its server exited \(SIGKILL\)|its tools could not be admitted)/;
    expect(await eventually(() => ended.test(proxy.output()))).toBe(true);
    expect(await eventually(() => serversOf(proxy, RECORDING).length === 0)).toBe(true);
    // The ended session is unknown now, and its slot serves a new one.
    const r = await post(proxy, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, first.session as string);
    expect(r.status).toBe(404);
    const again = await initialize(proxy);
    expect(again.status).toBe(200);
    expect(await end(proxy, again.session as string)).toBe(200);
    expect(await eventually(() => serversOf(proxy, RECORDING).length === 0)).toBe(true);
  }, 20_000);

  it('the idle timer ends the session, stops its server and frees the slot', async () => {
    const idle = await startProxy([
      '--listen',
      '0',
      '--max-sessions',
      '1',
      '--session-idle',
      '1',
      '--',
      process.execPath,
      RECORDING,
    ]);
    expect((await initialize(idle)).status).toBe(200);
    expect(await eventually(() => serversOf(idle, RECORDING).length === 1)).toBe(true);
    expect(await eventually(() => idle.output().includes('was idle for --session-idle'), 6000)).toBe(true);
    expect(await eventually(() => serversOf(idle, RECORDING).length === 0)).toBe(true);
    const again = await initialize(idle);
    expect(again.status).toBe(200);
    expect(await end(idle, again.session as string)).toBe(200);
    expect(await eventually(() => serversOf(idle, RECORDING).length === 0)).toBe(true);
  }, 30_000);

  it('a failed initialize of the upstream opens no session, frees the slot and leaves no process', async () => {
    const starts = join(dir, 'starts');
    const refusing = await startProxy([
      '--listen',
      '0',
      '--max-sessions',
      '1',
      '--env',
      `START_FILE=${starts}`,
      '--env',
      'OK_STARTS=1',
      '--',
      process.execPath,
      REFUSING,
    ]);
    for (let i = 0; i < 2; i++) {
      // Not 503 the second time: the first failure held no slot.
      const r = await initialize(refusing);
      expect(r.status).toBe(502);
      expect(r.session).toBe(null);
    }
    expect(refusing.output()).toMatch(/refused "initialize": refused by the fixture/);
    const pids = readFileSync(starts, 'utf8').split('\n').filter(Boolean).map(Number);
    // The start-up server and one per failed initialize, each stopped.
    expect(pids).toHaveLength(3);
    expect(await survivors(pids, 3000)).toEqual([]);
    expect(serversOf(refusing, REFUSING)).toEqual([]);
  }, 30_000);
});
