// What `toolgate proxy` forwards, over stdio, proved by a raw recording server that keeps every line it received:
// a tools/call is rebuilt from what was checked (the attack text's own `__proto__` member never arrives),
// no member named `__proto__` passes in any message either way, and only methods the MCP
// specification defines for the negotiated revision pass (near misses and unknown methods get -32601).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACK, callsOf, carriesProto, linesOf, methodsIn } from './forward-fixture.js';
import { RawCli, type RawReply } from './raw-cli.js';

const RAW = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/raw-recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-forward-'));
const started: RawCli[] = [];

/** A proxy in front of the raw server, initialized; its record file and log file. */
async function proxyOf(tag: string, extra: string[] = [], env: Record<string, string> = {}, client = '2025-06-18') {
  const record = join(dir, `${tag}.jsonl`);
  const log = join(dir, `${tag}.log`);
  const proxy = new RawCli('proxy', [
    '--log',
    log,
    ...extra,
    '--env',
    `RECORD_FILE=${record}`,
    ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    '--',
    process.execPath,
    RAW,
  ]);
  started.push(proxy);
  await proxy.request('init', 'initialize', {
    protocolVersion: client,
    capabilities: { sampling: {} },
    clientInfo: { name: 'raw', version: '0' },
  });
  proxy.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { proxy, record, log };
}

/** The --log lines once there are `count` of them (the proxy writes its log line just after the reply). */
async function logged(file: string, count: number): Promise<{ tool: string; dropped?: string[] }[]> {
  for (let i = 0; i < 200 && linesOf(file).length < count; i++) await new Promise((r) => setTimeout(r, 25));
  return linesOf(file).map((l) => JSON.parse(l) as { tool: string; dropped?: string[] });
}

/** Sends a raw request line and waits for its reply. */
function rawRequest(proxy: RawCli, id: string, method: string, paramsText = '{}'): Promise<RawReply> {
  proxy.send(`{"jsonrpc":"2.0","id":"${id}","method":${method},"params":${paramsText}}`);
  return proxy.until((r) => r.id === id);
}

afterAll(async () => {
  for (const p of started) {
    p.child.stdin.end();
    p.kill();
    await p.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('proxy forwards a tools/call rebuilt from what was checked (stdio)', () => {
  let p: Awaited<ReturnType<typeof proxyOf>>;
  beforeAll(async () => {
    p = await proxyOf('call');
  }, 30_000);

  it('forwards only name and the arguments of the __proto__ attack text, logging the drop', async () => {
    const r = await p.proxy.callText('attack', ATTACK);
    expect(r.result?.isError).toBeUndefined();
    const lines = linesOf(p.record).filter((l) => l.includes('"tools/call"'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('__proto__');
    expect(lines[0]).not.toContain('rm -rf');
    const params = callsOf(p.record)[0] as Record<string, unknown>;
    expect(Object.keys(params)).toEqual(['name', 'arguments']);
    expect(params['arguments']).toEqual({ msg: 'ok' });
    expect((await logged(p.log, 1)).find((l) => l.tool === 'echo')?.dropped).toEqual(['__proto__']);
  });

  it('forwards a call without arguments with arguments {}', async () => {
    await p.proxy.callText('bare', '{"name":"open"}');
    expect(callsOf(p.record).at(-1)).toEqual({ name: 'open', arguments: {} });
  });

  it("forwards a plain _meta (the proxy's progress token) and drops every other member, named in --log", async () => {
    const meta = '{"progressToken":7,"trace":"t1"}';
    await p.proxy.callText('meta', `{"name":"open","arguments":{},"_meta":${meta},"task":{},"x":1}`);
    expect(callsOf(p.record).at(-1)).toEqual({
      name: 'open',
      arguments: {},
      _meta: { progressToken: expect.stringMatching(/^toolgate-\d+$/), trace: 't1' },
    });
    expect((await logged(p.log, 3)).at(-1)?.dropped).toEqual(['task', 'x']);
  });

  it.each([
    ['__proto__', '{"a":{"__proto__":{"x":1}}}'],
    ['constructor', '{"a":[{"constructor":{"prototype":{"x":1}}}]}'],
    ['prototype', '{"prototype":1}'],
  ])('drops a _meta with a member named %s at any depth', async (_name, meta) => {
    const before = callsOf(p.record).length;
    const lines = (await logged(p.log, before)).length;
    await p.proxy.callText(`meta-${_name}`, `{"name":"open","arguments":{},"_meta":${meta}}`);
    const calls = callsOf(p.record);
    expect(calls).toHaveLength(before + 1);
    expect(calls.at(-1)).toEqual({ name: 'open', arguments: {} });
    expect(carriesProto(JSON.parse(linesOf(p.record).at(-1) as string))).toBe(false);
    expect((await logged(p.log, lines + 1)).at(-1)?.dropped).toEqual(['_meta']);
  });

  it('refuses arguments that carry a member named __proto__, and the server never sees them', async () => {
    const before = callsOf(p.record).length;
    const text = await (async () => {
      await p.proxy.callText('proto-args', '{"name":"open","arguments":{"a":{"__proto__":{"admin":true}}}}');
      return p.proxy.textOf('proto-args');
    })();
    expect(text).toMatch(/member named "__proto__" \(at \$\.a\.__proto__\) is never forwarded/);
    expect(callsOf(p.record)).toHaveLength(before);
  });

  it('refuses a relayed request that carries __proto__ with -32602, and the server never sees it', async () => {
    const r = await rawRequest(
      p.proxy,
      'read-proto',
      '"resources/read"',
      '{"uri":"file:///a","__proto__":{"uri":"x"}}',
    );
    expect(r.error?.code).toBe(-32602);
    expect(linesOf(p.record).some((l) => l.includes('resources/read'))).toBe(false);
  });

  it('drops a client notification that carries __proto__', async () => {
    p.proxy.send('{"jsonrpc":"2.0","method":"notifications/roots/list_changed","params":{"__proto__":{"a":1}}}');
    // Passed on rebuilt: no member but a plain _meta (src/proxy/client-notifications.ts).
    p.proxy.send('{"jsonrpc":"2.0","method":"notifications/roots/list_changed","params":{"_meta":{"clean":true}}}');
    await p.proxy.request('ping-after', 'ping', {});
    const roots = linesOf(p.record).filter((l) => l.includes('roots/list_changed'));
    expect(roots).toHaveLength(1);
    expect(roots[0]).toContain('clean');
  });

  it('never passes a tool result that carries __proto__ to the client', async () => {
    await p.proxy.callText('proto-result', '{"name":"proto-result","arguments":{}}');
    const r = await p.proxy.until((x) => x.id === 'proto-result');
    expect(r.result?.isError).toBe(true);
    expect(p.proxy.replies.some(carriesProto)).toBe(false);
  });

  it('never passes a server notification or request that carries __proto__ to the client', async () => {
    await p.proxy.callText('proto-notify', '{"name":"proto-notify","arguments":{}}');
    await p.proxy.callText('proto-ask', '{"name":"proto-ask","arguments":{}}');
    expect(await p.proxy.textOf('proto-ask')).toContain('-32602');
    expect(p.proxy.replies.some((x) => x.method === 'sampling/createMessage')).toBe(false);
    expect(p.proxy.replies.some((x) => x.method === 'notifications/message')).toBe(false);
    expect(p.proxy.replies.some(carriesProto)).toBe(false);
  });

  it('never passes a client answer that carries __proto__ to the server', async () => {
    p.proxy.send({ jsonrpc: '2.0', id: 'ask', method: 'tools/call', params: { name: 'ask', arguments: {} } });
    const request = await p.proxy.until((x) => x.method === 'sampling/createMessage');
    p.proxy.send(
      `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"role":"assistant","model":"m",` +
        '"content":{"type":"text","text":"hi"},"__proto__":{"model":"evil"}}}',
    );
    expect(await p.proxy.textOf('ask')).toContain('"error"');
    expect(linesOf(p.record).filter((l) => carriesProto(JSON.parse(l)))).toEqual([]);
  });
});

describe('proxy passes a client answer to a server request rebuilt (stdio)', () => {
  let p: Awaited<ReturnType<typeof proxyOf>>;
  const asked = new Set<string>();
  beforeAll(async () => {
    p = await proxyOf('answers');
  }, 30_000);

  /** Has the server ask `method`, answers with `resultText` and returns the line the server received. */
  async function answered(id: string, method: string, params: object, resultText: string): Promise<string> {
    p.proxy.send({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'ask-any', arguments: { method, params } },
    });
    const request = await p.proxy.until((x) => x.method === method && !asked.has(String(x.id)));
    asked.add(String(request.id));
    p.proxy.send(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":${resultText}}`);
    return p.proxy.textOf(id);
  }

  it('leaves out the members MCP does not give a sampling result', async () => {
    const line = await answered(
      'rebuilt',
      'sampling/createMessage',
      { messages: [], maxTokens: 5 },
      '{"role":"assistant","model":"m","content":{"type":"text","text":"hi","x":1},"admin":true}',
    );
    expect(JSON.parse(line).result).toEqual({ role: 'assistant', model: 'm', content: { type: 'text', text: 'hi' } });
  });

  it('answers the server with an error for a sampling result of the wrong shape', async () => {
    const line = await answered(
      'wrong',
      'sampling/createMessage',
      { messages: [], maxTokens: 5 },
      '{"role":"assistant","content":{"type":"text","text":"no model"}}',
    );
    expect(JSON.parse(line).error).toMatchObject({
      code: -32603,
      message: expect.stringContaining('CreateMessageResult'),
    });
  });
});

describe('proxy forwards only the methods MCP defines for the negotiated revision (stdio)', () => {
  let p: Awaited<ReturnType<typeof proxyOf>>;
  beforeAll(async () => {
    p = await proxyOf('methods', ['--deny', '*']);
  }, 30_000);

  it.each([
    ['Tools/Call', '"Tools/Call"'],
    ['a trailing space', '"tools/call "'],
    ['a trailing NUL', '"tools/call\\u0000"'],
    ['an unknown method', '"admin/run"'],
    ['a notification method sent as a request', '"notifications/progress"'],
    ['tasks/list, which 2025-06-18 does not define', '"tasks/list"'],
  ])('answers %s with -32601, and the server never sees it', async (_what, method) => {
    const id = `m-${_what}`;
    const r = await rawRequest(p.proxy, id, method, '{"name":"echo","arguments":{"msg":"x"},"uri":"file:///a"}');
    expect(r.error?.code).toBe(-32601);
    expect(methodsIn(p.record)).not.toContain(JSON.parse(method));
  });

  it('drops a tools/call sent as a notification and notifications with near-miss or unknown methods', async () => {
    p.proxy.send('{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{"msg":"n"}}}');
    p.proxy.send('{"jsonrpc":"2.0","method":"Notifications/Cancelled","params":{"requestId":1}}');
    p.proxy.send('{"jsonrpc":"2.0","method":"notifications/tools/call","params":{"name":"echo"}}');
    p.proxy.send('{"jsonrpc":"2.0","method":"notifications/progress ","params":{"progressToken":1}}');
    await p.proxy.request('ping', 'ping', {});
    const arrived = linesOf(p.record).map((l) => (JSON.parse(l) as { method?: string }).method);
    expect(
      arrived.filter((m) => m !== 'initialize' && m !== 'notifications/initialized' && m !== 'tools/list'),
    ).toEqual(['ping']);
    expect(linesOf(p.record).some((l) => l.includes('"ping"'))).toBe(true);
  });

  it('answers a server request with a method MCP does not define with -32601; the client never sees it', async () => {
    const quiet = await proxyOf('odd');
    expect(
      await quiet.proxy.textOf((await quiet.proxy.callText('odd', '{"name":"odd-ask","arguments":{}}')).id as string),
    ).toContain('-32601');
    expect(quiet.proxy.replies.some((x) => x.method === 'Sampling/CreateMessage')).toBe(false);
  });

  // Each side's revision is negotiated apart (src/mcp/versions.ts): both speak 2025-11-25 here.
  it('passes the methods of the negotiated revision: tasks/list under 2025-11-25', async () => {
    const later = await proxyOf('revision', [], { PROTOCOL: '2025-11-25' }, '2025-11-25');
    const r = await rawRequest(later.proxy, 'tasks', '"tasks/list"');
    expect(r.error).toBeUndefined();
    expect(linesOf(later.record).some((l) => l.includes('"tasks/list"'))).toBe(true);
  });
});

describe('proxy --deny-method withholds whole method families (stdio)', () => {
  let withheld: Awaited<ReturnType<typeof proxyOf>>;
  let open: Awaited<ReturnType<typeof proxyOf>>;
  beforeAll(async () => {
    open = await proxyOf('open', ['--deny', '*']);
    withheld = await proxyOf('deny-method', [
      '--deny',
      '*',
      '--deny-method',
      'resources/*',
      '--deny-method',
      'prompts/*',
      '--deny-method',
      'completion/*',
    ]);
  }, 60_000);

  // Each with params of its method's shape: others are -32602 (src/proxy/client-requests.ts).
  it.each([
    ['resources/read', '{"uri":"file:///a"}'],
    ['prompts/get', '{"name":"a"}'],
    ['completion/complete', '{"ref":{"type":"ref/prompt","name":"a"},"argument":{"name":"x","value":""}}'],
  ])('withholds %s under --deny-method with -32601 (it passes without)', async (method, params) => {
    const id = `d-${method}`;
    const r = await rawRequest(withheld.proxy, id, JSON.stringify(method), params);
    expect(r.error?.code).toBe(-32601);
    expect(linesOf(withheld.record).some((l) => l.includes(JSON.stringify(method)))).toBe(false);
    const passed = await rawRequest(open.proxy, id, JSON.stringify(method), params);
    expect(passed.error).toBeUndefined();
    expect(linesOf(open.record).some((l) => l.includes(JSON.stringify(method)))).toBe(true);
  });
});
