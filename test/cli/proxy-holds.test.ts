// What a client or a server can make `toolgate proxy` hold, and that each hold has an end (found by a review of
// the HTTP front door and the stdio relay): a session ended while its unread GET stream is behind, requests a
// client leaves waiting on a server that never answers, cancelled requests, a server that announces a change
// during every listing, an idle timer after a refused second GET. Real processes: the proxy from source, in front
// of fixtures/holding-server.mjs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_WAITING_REQUESTS } from '../../src/proxy/waiting-requests.js';
import {
  eventually,
  modernEnvelope,
  openRawSession,
  POST_HEADERS,
  recordOf,
  startProxy,
  stopAll,
} from './http-fixture.js';
import { RawCli } from './raw-cli.js';
import { readPid, survivors } from '../exec/alive.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/holding-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-holds-'));
const clis: RawCli[] = [];
const sockets: Socket[] = [];

afterAll(async () => {
  for (const s of sockets) s.destroy();
  for (const c of clis) c.child.kill('SIGKILL');
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** POSTs one message to a session; the status and the body. */
async function post(url: string, sid: string | undefined, message: object, headers: Record<string, string> = {}) {
  const r = await fetch(url, {
    method: 'POST',
    headers: { ...POST_HEADERS, ...(sid === undefined ? {} : { 'mcp-session-id': sid }), ...headers },
    body: JSON.stringify(message),
  });
  return { status: r.status, text: await r.text() };
}

/** The messages of `method` the holding server recorded in `file`. */
const sentOf = (file: string, method: string) =>
  recordOf(file).filter((l) => (l as { method?: string }).method === method);

const call = (id: number | string, name: string, args: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** A GET stream on a socket of its own that reads nothing. */
function unreadStream(url: string, sid: string): Promise<Socket> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = connect(Number(u.port), u.hostname, () => {
      s.write(
        `GET ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nAccept: text/event-stream\r\nMcp-Session-Id: ${sid}\r\n\r\n`,
      );
      s.pause();
      resolve(s);
    });
    sockets.push(s);
  });
}

describe('toolgate proxy --listen: what a session holds has an end', () => {
  it('keeps serving when a session ends while its unread GET stream is behind and its re-admission fails', async () => {
    const proxy = await startProxy(['--listen', '0', '--', process.execPath, SERVER]);
    const sid = await openRawSession(proxy.url);
    await post(proxy.url, sid, { jsonrpc: '2.0', method: 'notifications/initialized' });
    await unreadStream(proxy.url, sid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // 6 MiB of log lines wait in the GET stream; then a re-admission that the server never answers.
    expect((await post(proxy.url, sid, call(2, 'fill', { bytes: 6 * 1024 * 1024 }))).status).toBe(200);
    expect((await post(proxy.url, sid, call(3, 'relist'))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ended = await fetch(proxy.url, { method: 'DELETE', headers: { 'mcp-session-id': sid } });
    expect(ended.status).toBe(200);
    // The failed re-admission's tools/list_changed once went to the ended stream: write after end, exit 1.
    const exited = await Promise.race([proxy.exited, new Promise((resolve) => setTimeout(resolve, 1500))]);
    expect(exited).toBeUndefined();
    expect(await openRawSession(proxy.url)).toMatch(/^[0-9a-f-]{36}$/);
  }, 30_000);

  it('refuses a request past the waiting bound with 429, and a cancellation frees its place', async () => {
    const record = join(dir, 'bound.jsonl');
    const proxy = await startProxy(['--listen', '0', '--env', `RECORD_FILE=${record}`, '--', process.execPath, SERVER]);
    const sid = await openRawSession(proxy.url);
    // Calls the server never answers, each POST dropped by its client (2025: a closed stream does not cancel).
    const gone: AbortController[] = [];
    for (let i = 0; i < MAX_WAITING_REQUESTS; i++) {
      const aborter = new AbortController();
      gone.push(aborter);
      void fetch(proxy.url, {
        method: 'POST',
        headers: { ...POST_HEADERS, 'mcp-session-id': sid },
        body: JSON.stringify(call(`s${i}`, 'slow')),
        signal: aborter.signal,
      }).catch(() => undefined);
    }
    const slowCalls = () => sentOf(record, 'tools/call').length;
    expect(await eventually(() => slowCalls() === MAX_WAITING_REQUESTS, 15_000)).toBe(true);
    for (const a of gone) a.abort();
    const refused = await post(proxy.url, sid, call('over', 'echo', { msg: 'x' }));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text)).toMatchObject({ id: 'over', error: { message: /waiting for the server/ } });
    // The client cancels one: it is passed on, settled, and its place is free again.
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 's0' } };
    expect((await post(proxy.url, sid, cancel)).status).toBe(202);
    const served = await post(proxy.url, sid, call('after', 'echo', { msg: 'y' }));
    expect(served.status).toBe(200);
    expect(served.text).toContain('"msg\\":\\"y\\"');
    const cancelled = sentOf(record, 'notifications/cancelled');
    expect(cancelled).toHaveLength(1);
  }, 60_000);

  it('ends the POST of a cancelled request with an error, and sends no second answer', async () => {
    const proxy = await startProxy(['--listen', '0', '--', process.execPath, SERVER]);
    const sid = await openRawSession(proxy.url);
    const waiting = post(proxy.url, sid, call(7, 'slow'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } };
    expect((await post(proxy.url, sid, cancel)).status).toBe(202);
    const answered = await waiting;
    expect(JSON.parse(answered.text)).toMatchObject({ id: 7, error: { message: 'the request was cancelled' } });
  }, 30_000);

  it('ends at once the POST of a call cancelled while it waited for a re-admission, not forwarded', async () => {
    const record = join(dir, 'http-waiting-cancel.jsonl');
    const env = ['--env', 'RELIST_AFTER=3000', '--env', `RECORD_FILE=${record}`];
    const proxy = await startProxy(['--listen', '0', ...env, '--', process.execPath, SERVER]);
    const sid = await openRawSession(proxy.url);
    expect((await post(proxy.url, sid, call(3, 'relist'))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waiting = post(proxy.url, sid, call(9, 'echo', { msg: 'withdrawn' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } };
    const cancelledAt = Date.now();
    expect((await post(proxy.url, sid, cancel)).status).toBe(202);
    const answered = (await waiting).text;
    // Ended when the cancellation came, not when the re-admission (3 s) ended.
    expect(Date.now() - cancelledAt).toBeLessThan(1500);
    // JSON, or a stream whose last event is the answer.
    const body = answered.startsWith('{')
      ? answered
      : (answered.split('\n').findLast((l) => l.startsWith('data: ')) ?? '');
    expect(JSON.parse(body.replace(/^data: /, ''))).toMatchObject({
      id: 9,
      error: { message: 'the request was cancelled' },
    });
    const after = await post(proxy.url, sid, call(10, 'echo', { msg: 'after' }));
    expect(after.text).toContain('after');
    const calls = sentOf(record, 'tools/call');
    expect(JSON.stringify(calls)).not.toContain('withdrawn');
  }, 30_000);

  it('forwards no 2026-07-28 call whose POST closed while its session started', async () => {
    const record = join(dir, 'modern-closed.jsonl');
    const server = `sleep 1.5; exec ${process.execPath} ${SERVER}`;
    const proxy = await startProxy(['--listen', '0', '--env', `RECORD_FILE=${record}`, '--', 'sh', '-c', server]);
    const version = '2026-07-28';
    const envelope = modernEnvelope(version);
    const before = sentOf(record, 'tools/list').length;
    const aborter = new AbortController();
    const closed = fetch(proxy.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-protocol-version': version, 'mcp-method': 'tools/call', 'mcp-name': 'echo' },
      body: JSON.stringify({
        ...call(1, 'echo', { msg: 'withdrawn' }),
        params: { name: 'echo', arguments: { msg: 'withdrawn' }, _meta: envelope },
      }),
      signal: aborter.signal,
    }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Closing a request's stream is that revision's cancellation on HTTP.
    aborter.abort();
    await closed;
    // The session's own server lists its tools once it is up (start-up's server listed before).
    const listings = () => sentOf(record, 'tools/list').length;
    expect(await eventually(() => listings() > before, 8000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const calls = sentOf(record, 'tools/call');
    expect(calls).toEqual([]);
  }, 30_000);

  it('restarts the idle clock after a second GET is refused (409)', async () => {
    const proxy = await startProxy(['--listen', '0', '--session-idle', '1', '--', process.execPath, SERVER]);
    const sid = await openRawSession(proxy.url);
    const first = await unreadStream(proxy.url, sid);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await fetch(proxy.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': sid },
    });
    expect(second.status).toBe(409);
    await second.text();
    // The first stream stays open: the idle clock runs while no request waits, and the 409 once stopped it.
    expect(first.destroyed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await post(proxy.url, sid, { jsonrpc: '2.0', id: 1, method: 'ping' })).status).toBe(404);
  }, 30_000);

  it('passes a cancellation carrying __proto__ on rebuilt; its POST ends once the relay cancelled', async () => {
    const record = join(dir, 'proto-cancel.jsonl');
    const proxy = await startProxy(['--listen', '0', '--env', `RECORD_FILE=${record}`, '--', process.execPath, SERVER]);
    const sid = await openRawSession(proxy.url);
    const waiting = post(proxy.url, sid, call(8, 'slow'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const body = '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8,"__proto__":{}}}';
    const sent = await fetch(proxy.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, 'mcp-session-id': sid },
      body,
    });
    expect(sent.status).toBe(202);
    expect(JSON.parse((await waiting).text)).toMatchObject({ id: 8, error: { message: 'the request was cancelled' } });
    // The server reads the cancellation in its own time (its POST ended once the proxy passed it on).
    const cancelsOf = () => sentOf(record, 'notifications/cancelled');
    expect(await eventually(() => cancelsOf().length > 0, 3000)).toBe(true);
    expect(cancelsOf()).toHaveLength(1);
    expect(Object.keys((cancelsOf()[0] as unknown as { params: object }).params)).toEqual(['requestId']);
  }, 30_000);

  it('restarts the idle clock after a request is refused 429', async () => {
    const proxy = await startProxy(['--listen', '0', '--session-idle', '1', '--', process.execPath, SERVER]);
    const sid = await openRawSession(proxy.url);
    const gone: AbortController[] = [];
    for (let i = 0; i < MAX_WAITING_REQUESTS; i++) {
      const aborter = new AbortController();
      gone.push(aborter);
      const init = { method: 'POST', headers: { ...POST_HEADERS, 'mcp-session-id': sid }, signal: aborter.signal };
      void fetch(proxy.url, { ...init, body: JSON.stringify(call(`i${i}`, 'slow')) }).catch(() => undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const a of gone) a.abort();
    expect((await post(proxy.url, sid, call('over', 'echo'))).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await post(proxy.url, sid, { jsonrpc: '2.0', id: 1, method: 'ping' })).status).toBe(404);
  }, 30_000);

  it('checks Mcp-Param-* headers against the arguments under --stateless too', async () => {
    const record = join(dir, 'stateless.jsonl');
    const args = ['--listen', '0', '--stateless', '--env', `RECORD_FILE=${record}`, '--', process.execPath, SERVER];
    const proxy = await startProxy(args);
    const V = '2026-07-28';
    const envelope = modernEnvelope(V);
    const headers = { 'mcp-protocol-version': V, 'mcp-method': 'tools/call', 'mcp-name': 'routed' };
    const message = {
      ...call(7, 'routed', { region: 'us' }),
      params: { ...call(7, 'routed', { region: 'us' }).params, _meta: envelope },
    };
    const r = await post(proxy.url, undefined, message, { ...headers, 'mcp-param-region': 'eu' });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toMatchObject({ error: { code: -32020 } });
    expect(sentOf(record, 'tools/call')).toEqual([]);
  }, 30_000);

  it("passes a call's progress on its own stream when a secret is masked", async () => {
    const proxy = await startProxy(
      ['--listen', '0', '--auth-token-env', 'HOLD_TOKEN', '--', process.execPath, SERVER],
      {
        HOLD_TOKEN: 'hold-token-0123456789',
      },
    );
    const auth = { authorization: 'Bearer hold-token-0123456789' };
    const init = await fetch(proxy.url, {
      method: 'POST',
      headers: { ...POST_HEADERS, ...auth },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'r', version: '0' } },
      }),
    });
    await init.text();
    const sid = init.headers.get('mcp-session-id') as string;
    // With a GET stream open, a message that lost its request goes there instead of the request's own stream.
    const listening = new AbortController();
    const get = await fetch(proxy.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': sid, ...auth },
      signal: listening.signal,
    });
    expect(get.status).toBe(200);
    const progress = {
      ...call(5, 'progress'),
      params: { name: 'progress', arguments: {}, _meta: { progressToken: 'p1' } },
    };
    // Masked, it once lost which request it belonged to: on no stream (the client has no GET open), dropped.
    const r = await post(proxy.url, sid, progress, auth);
    expect(r.text).toMatch(/notifications\/progress[\s\S]*"id":5/);
    listening.abort();
  }, 30_000);
});

describe('toolgate proxy on stdio: what a session holds has an end', () => {
  it('settles a cancelled call at once: logged, its answer not sent to the client that cancelled it', async () => {
    const log = join(dir, 'calls.jsonl');
    const cli = new RawCli('proxy', ['--log', log, '--', process.execPath, SERVER]);
    clis.push(cli);
    await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
    cli.send(call('c1', 'later'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    cli.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } });
    // Settled: the call's record is written now, not when the server answers (500 ms after the call).
    expect(await eventually(() => recordOf(log).length === 1, 300)).toBe(true);
    // Neither the proxy's settling nor the server's late answer reaches the client that cancelled.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const after = await cli.request('e', 'tools/call', { name: 'echo', arguments: { msg: 'z' } });
    expect(JSON.stringify(after.result)).toContain('z');
    expect(cli.replies.filter((r) => r.id === 'c1')).toEqual([]);
  }, 30_000);

  it('answers a request that reuses a cancelled id in the same read, and only it', async () => {
    const cli = new RawCli('proxy', ['--', process.execPath, SERVER]);
    clis.push(cli);
    await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
    cli.send(call('c1', 'later'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // One write: the cancellation, then a new request "c1" (the old one is done for its client) answered at once.
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } };
    const reused = { jsonrpc: '2.0', id: 'c1', method: 'no/such-method' };
    cli.child.stdin.write(`${JSON.stringify(cancel)}\n${JSON.stringify(reused)}\n`);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const answers = cli.replies.filter((r) => r.id === 'c1');
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ error: { code: -32601 } });
  }, 30_000);

  it.each([
    ['the proxy', []],
    ['the gateway', ['--config']],
  ])(
    '%s forwards no call, and answers no listing, its client cancelled while it waited for a re-admission',
    async (_, mode) => {
      const record = join(dir, `waiting-cancel-${mode.length}.jsonl`);
      const env = { RELIST_AFTER: '600', RECORD_FILE: record };
      let args = ['--env', 'RELIST_AFTER=600', '--env', `RECORD_FILE=${record}`, '--', process.execPath, SERVER];
      let echo = 'echo';
      if (mode.length > 0) {
        const file = join(dir, 'waiting-cancel.json');
        writeFileSync(file, JSON.stringify({ mcpServers: { h: { command: process.execPath, args: [SERVER], env } } }));
        args = ['--config', file];
        echo = 'h__echo';
      }
      const cli = new RawCli('proxy', args);
      clis.push(cli);
      await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
      await cli.request('r', 'tools/call', { name: mode.length > 0 ? 'h__relist' : 'relist', arguments: {} });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The re-admission's listing is answered 600 ms later: this call waits for it, and is cancelled meanwhile.
      cli.send(call('w', echo, { msg: 'withdrawn' }));
      cli.send({ jsonrpc: '2.0', id: 'wl', method: 'tools/list', params: {} });
      await new Promise((resolve) => setTimeout(resolve, 100));
      cli.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'w' } });
      cli.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'wl' } });
      const after = await cli.request('a', 'tools/call', { name: echo, arguments: { msg: 'after' } });
      expect(JSON.stringify(after.result)).toContain('after');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const calls = sentOf(record, 'tools/call');
      expect(JSON.stringify(calls)).not.toContain('withdrawn');
      expect(JSON.stringify(calls)).toContain('after');
      // Neither the withdrawn call nor the withdrawn listing is answered (MCP "Cancellation").
      expect(cli.replies.filter((r) => r.id === 'w' || r.id === 'wl')).toEqual([]);
    },
    30_000,
  );

  it('answers no 2026-07-28 tools/list its client cancelled while it waited for a re-admission', async () => {
    const _meta = modernEnvelope();
    const cli = new RawCli('proxy', ['--env', 'RELIST_AFTER=600', '--', process.execPath, SERVER]);
    clis.push(cli);
    await cli.request('r', 'tools/call', { name: 'relist', arguments: {}, _meta });
    await new Promise((resolve) => setTimeout(resolve, 100));
    cli.send({ jsonrpc: '2.0', id: 'wl', method: 'tools/list', params: { _meta } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    cli.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'wl', _meta } });
    // Past the re-admission (600 ms): the listing it waited for was not answered.
    const after = await cli.request('a', 'tools/list', { _meta });
    expect(JSON.stringify(after.result)).toContain('echo');
    expect(cli.replies.filter((r) => r.id === 'wl')).toEqual([]);
  }, 30_000);

  it('answers tools/list and calls while the server announces a change during every listing', async () => {
    const cli = new RawCli('proxy', ['--env', 'CHURN=1', '--', process.execPath, SERVER]);
    clis.push(cli);
    await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
    cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const listed = await cli.request('l', 'tools/list', {});
    expect(JSON.stringify(listed.result)).toContain('echo');
    const ran = await cli.request('c', 'tools/call', { name: 'echo', arguments: { msg: 'churn' } });
    expect(JSON.stringify(ran.result)).toContain('churn');
  }, 30_000);

  it('the gateway lists every server while one announces a change during every listing', async () => {
    const file = join(dir, 'churn.json');
    const server = (churn: boolean) => ({
      command: process.execPath,
      args: [SERVER],
      ...(churn ? { env: { CHURN: '1' } } : {}),
    });
    writeFileSync(file, JSON.stringify({ mcpServers: { good: server(false), churn: server(true) } }));
    const cli = new RawCli('proxy', ['--config', file]);
    clis.push(cli);
    await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
    cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const listed = JSON.stringify((await cli.request('l', 'tools/list', {})).result);
    expect(listed).toContain('good__echo');
    expect(listed).toContain('churn__echo');
    const ran = await cli.request('c', 'tools/call', { name: 'churn__echo', arguments: { msg: 'churned' } });
    expect(JSON.stringify(ran.result)).toContain('churned');
  }, 30_000);

  it('re-admits at most three times a second while the server announces a change every 100 ms', async () => {
    const record = join(dir, 'churn2.jsonl');
    const cli = new RawCli('proxy', [
      '--env',
      'CHURN=2',
      '--env',
      `RECORD_FILE=${record}`,
      '--',
      process.execPath,
      SERVER,
    ]);
    clis.push(cli);
    await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
    cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const listings = sentOf(record, 'tools/list').length;
    // Start-up's listing, then at most three re-admissions a second: not one per change (30).
    expect(listings).toBeGreaterThanOrEqual(4);
    expect(listings).toBeLessThanOrEqual(14);
    cli.child.kill('SIGKILL');
  }, 30_000);

  it('ends soon after the client leaves while a re-admission waits on the server', async () => {
    const cli = new RawCli('proxy', ['--', process.execPath, SERVER]);
    clis.push(cli);
    await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
    // The server announces a change and never answers the listing that follows.
    await cli.request('r', 'tools/call', { name: 'relist', arguments: {} });
    const started = Date.now();
    cli.child.stdin.end();
    await cli.exited;
    expect(Date.now() - started).toBeLessThan(5000);
  }, 40_000);

  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'stops a server that outlives its stdin on %s',
    async (signal) => {
      const pidFile = join(dir, `${signal}.pid`);
      const cli = new RawCli('proxy', [
        '--env',
        'STAY=1',
        '--env',
        `PID_FILE=${pidFile}`,
        '--',
        process.execPath,
        SERVER,
      ]);
      clis.push(cli);
      await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
      const pid = await readPid(pidFile);
      cli.child.kill(signal);
      expect((await cli.exited).signal).toBe(signal);
      expect(await survivors([pid], 3000)).toEqual([]);
    },
    30_000,
  );
});
