// The protocol revisions across `toolgate proxy`: each side negotiates the newest revision it and toolgate speak
// (the proxy no longer downgrades every session to 2025-06-18), from the one table of src/mcp/versions.ts;
// what 2025-11-25 adds is carried through the same checks (a tool's icons and execution listed as the server
// listed them; a task-augmented call's tasks/result checked against the tool's outputSchema; elicitation modes and
// sampling with tools only as the client's revision and capabilities allow). Raw JSON-RPC on stdio, a raw server.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { negotiate, PROTOCOL_REVISIONS, revisionOf } from '../../src/mcp/versions.js';
import { serverRequestRefusal, taskRefusal } from '../../src/proxy/revision-rules.js';
import type { RpcMessage } from '../../src/mcp/channel.js';
import { decodeHeaderValue, headerMismatch } from '../../src/mcp/routing-headers.js';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/revision-server.mjs');
const started: RawCli[] = [];
afterAll(() => {
  for (const p of started) p.kill();
});

/** A proxy in front of the revision server (`env` for it), initialized by a client of `version` with `caps`. */
async function proxied(
  version: string,
  caps: object = {},
  env: string[] = [],
): Promise<{ cli: RawCli; init: unknown }> {
  const cli = new RawCli('proxy', [...env.flatMap((e) => ['--env', e]), '--', process.execPath, SERVER]);
  started.push(cli);
  const init = await cli.request('init', 'initialize', {
    protocolVersion: version,
    capabilities: caps,
    clientInfo: { name: 'raw', version: '0' },
  });
  cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { cli, init: init.result };
}

const V = (r: { version: string } | undefined): string | undefined => r?.version;

describe('the table of protocol revisions', () => {
  it('names each revision once, newest first, as the specification spells it', () => {
    const versions = PROTOCOL_REVISIONS.map((r) => r.version);
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions).toEqual([...versions].sort().reverse());
    for (const v of versions) expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['2025-11-25', '2025-11-25'],
    ['2025-06-18', '2025-06-18'],
    ['2025-03-26', '2025-03-26'],
    ['2024-11-05', '2024-11-05'],
    // Stateless 2026-07-28 has no initialize: a client asking for it there gets toolgate's newest initialize one.
    ['2026-07-28', '2025-11-25'],
    ['1999-01-01', '2025-11-25'],
    [undefined, '2025-11-25'],
    [20251125, '2025-11-25'],
  ])('a client asking for %j is answered %s', (asked, answered) => {
    expect(V(negotiate(asked))).toBe(answered);
  });
});

describe('per-revision rules for server-to-client requests and tasks', () => {
  const r = (v: string) => revisionOf(v) as NonNullable<ReturnType<typeof revisionOf>>;
  it.each([
    ['elicitation/create', {}, { elicitation: {} }, '2025-11-25', undefined],
    ['elicitation/create', { mode: 'form' }, { elicitation: { form: {} } }, '2025-11-25', undefined],
    ['elicitation/create', { mode: 'url' }, { elicitation: { url: {} } }, '2025-11-25', undefined],
    [
      'elicitation/create',
      { mode: 'url' },
      { elicitation: {} },
      '2025-11-25',
      'did not declare elicitation mode "url"',
    ],
    ['elicitation/create', { mode: 'url' }, { elicitation: { form: {} } }, '2025-11-25', 'mode "url"'],
    ['elicitation/create', {}, { elicitation: { url: {} } }, '2025-11-25', 'mode "form"'],
    ['elicitation/create', { mode: 'url' }, { elicitation: { url: {} } }, '2025-06-18', 'no url elicitation'],
    ['elicitation/create', { mode: 'x' }, { elicitation: {} }, '2025-11-25', 'unknown elicitation mode'],
    ['elicitation/create', {}, { elicitation: {} }, '2025-03-26', 'no form elicitation'],
    ['elicitation/create', {}, {}, '2025-11-25', 'did not declare the "elicitation" capability'],
    ['sampling/createMessage', {}, { sampling: {} }, '2025-06-18', undefined],
    ['sampling/createMessage', { tools: [] }, { sampling: { tools: {} } }, '2025-11-25', undefined],
    ['sampling/createMessage', { tools: [] }, { sampling: {} }, '2025-11-25', '"sampling.tools"'],
    ['sampling/createMessage', { tools: [] }, { sampling: { tools: {} } }, '2025-06-18', 'no sampling with tools'],
    ['roots/list', {}, {}, '2025-11-25', '"roots"'],
    ['ping', {}, {}, '2025-11-25', undefined],
  ])('%s %j from a client declaring %j at %s: %s', (method, params, caps, version, refusal) => {
    const why = serverRequestRefusal(method, params, caps, r(version));
    if (refusal === undefined) expect(why).toBeUndefined();
    else expect(why).toContain(refusal);
  });

  it.each([
    [{}, '2025-06-18', '2025-06-18', undefined],
    [{ task: { ttl: 1 } }, '2025-11-25', '2025-11-25', undefined],
    // A 2025-06-18 client's `task` is a member its revision lacks: dropped, as every other member, not refused.
    [{ task: { ttl: 1 } }, '2025-06-18', '2025-11-25', undefined],
    [{ task: { ttl: 1 } }, '2025-11-25', '2025-06-18', 'which has no tasks'],
  ])('a tools/call %j from a %s client to a %s server: %s', (params, client, server, refusal) => {
    const why = taskRefusal(params, r(client), r(server));
    if (refusal === undefined) expect(why).toBeUndefined();
    else expect(why).toContain(refusal);
  });
});

describe('routing headers that disagree with the body (MCP 2026-07-28, HeaderMismatch)', () => {
  const req = (headers: Record<string, string>) =>
    ({
      headers,
      headersDistinct: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    }) as unknown as IncomingMessage;
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {} } } as const;
  const b64 = (s: string) => `=?base64?${Buffer.from(s).toString('base64')}?=`;
  it.each([
    [{}, call, undefined],
    [{ 'mcp-method': 'tools/call', 'mcp-name': 'echo' }, call, undefined],
    [{ 'mcp-name': b64('echo') }, call, undefined],
    [{ 'mcp-method': 'tools/list' }, call, 'Mcp-Method'],
    [{ 'mcp-method': 'tools/call, tools/call' }, call, 'Mcp-Method'],
    [{ 'mcp-name': 'admin.reset' }, call, 'Mcp-Name'],
    [{ 'mcp-name': b64('admin.reset') }, call, 'Mcp-Name'],
    [{ 'mcp-name': '=?base64?!!!?=' }, call, 'not valid Base64'],
    // UTF-8 bytes of "café" as Node reads them (Latin-1): the body's name is that reading, a gateway's is "café".
    [{ 'mcp-name': 'caf\u00c3\u00a9' }, { ...call, params: { name: 'caf\u00c3\u00a9' } }, 'a character'],
    [{ 'mcp-method': 'tools/call\u00a0' }, call, 'a character'],
    [{ 'mcp-name': 'echo' }, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, 'has no name'],
    [
      { 'mcp-name': 'file:///a' },
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'file:///a' } },
      undefined,
    ],
    [
      { 'mcp-name': 'file:///b' },
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'file:///a' } },
      'Mcp-Name',
    ],
    [
      { 'mcp-protocol-version': '2025-11-25' },
      { ...call, params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } },
      'MCP-Protocol-Version',
    ],
  ])('%j on %j: %s', (headers, body, refusal) => {
    const why = headerMismatch(req(headers), body as RpcMessage);
    if (refusal === undefined) expect(why).toBeUndefined();
    else expect(why).toContain(refusal);
  });

  it('decodes the Base64 sentinel form only', () => {
    expect(decodeHeaderValue('plain')).toBe('plain');
    expect(decodeHeaderValue(b64('naïve tool'))).toBe('naïve tool');
    expect(decodeHeaderValue('=?base64?/w==?=')).toBeUndefined();
  });
});

describe('toolgate proxy negotiates each side on its own', () => {
  it('answers a 2025-11-25 client with 2025-11-25 and asks the server for 2025-11-25 (no downgrade)', async () => {
    const { cli, init } = await proxied('2025-11-25');
    expect((init as { protocolVersion: string }).protocolVersion).toBe('2025-11-25');
    cli.call('a', 'asked', {});
    expect(await cli.textOf('a')).toBe('2025-11-25');
  }, 30_000);

  it('answers a 2025-06-18 client with 2025-06-18 while the server speaks 2025-11-25', async () => {
    const { cli, init } = await proxied('2025-06-18');
    expect((init as { protocolVersion: string }).protocolVersion).toBe('2025-06-18');
    cli.call('a', 'asked', {});
    expect(await cli.textOf('a')).toBe('2025-11-25');
  }, 30_000);

  it('refuses to start in front of a server answering a revision toolgate does not speak', async () => {
    const cli = new RawCli('proxy', ['--env', 'ANSWER_VERSION=2099-01-01', '--', process.execPath, SERVER]);
    started.push(cli);
    expect((await cli.exited).code).toBe(2);
    // The version is masked: it was given with --env, and every --env value is a secret to the proxy.
    expect(cli.stderr).toMatch(
      /answered "initialize" with protocol version "\S+"; toolgate speaks 2025-11-25, 2025-06-18/,
    );
  }, 30_000);

  it('lists a 2025-11-25 tool with its icons, as the server listed it, but its "optional" taskSupport', async () => {
    const { cli } = await proxied('2025-11-25');
    const list = await cli.request('l', 'tools/list', {});
    const report = (list.result?.tools ?? []).find((t) => t.name === 'report') as Record<string, unknown>;
    // The proxy forwards no task: the default, "forbidden", is what happens
    // (test/proxy/task-support-announced.test.ts).
    expect(report).not.toHaveProperty('execution');
    expect(report['icons']).toEqual([{ src: 'data:image/png;base64,AA==', mimeType: 'image/png' }]);
  }, 30_000);

  it('withholds a tool whose x-mcp-header is not on a property reached through properties alone', async () => {
    const { cli } = await proxied('2025-11-25');
    const names = ((await cli.request('l', 'tools/list', {})).result?.tools ?? []).map((t) => t.name);
    expect(names).toContain('routed');
    expect(names).not.toContain('misrouted');
    expect(cli.stderr).toMatch(/withheld: misrouted: its x-mcp-header at #\/anyOf\/0\/properties\/zone is not on a/);
  }, 30_000);

  it('answers server/discover as a legacy server would, so a dual-era client falls back to initialize', async () => {
    const { cli } = await proxied('2025-11-25');
    const r = await cli.request('d', 'server/discover', {});
    expect(r.error?.code).toBe(-32601);
  }, 30_000);
});

describe('tasks (2025-11-25): no result reaches the client unchecked', () => {
  const taskCall = { name: 'report', arguments: {}, task: { ttl: 1000 } };
  it('runs a task-augmented call of a 2025-11-25 client as an ordinary one, and refuses its tasks/result', async () => {
    const { cli } = await proxied('2025-11-25');
    const ran = await cli.request('c', 'tools/call', taskCall);
    expect((ran.result as unknown as { structuredContent: unknown }).structuredContent).toEqual({ n: 1 });
    expect((await cli.request('r', 'tasks/result', { taskId: 'task-1' })).error?.code).toBe(-32602);
  }, 30_000);

  it('forwards no tasks/result carrying a member named __proto__ (a task the server made unasked)', async () => {
    const { cli } = await proxied('2025-11-25', {}, ['TASK_ALWAYS=1']);
    const made = await cli.request('c', 'tools/call', { name: 'report', arguments: {} });
    expect(JSON.stringify(made.result)).not.toContain('task-1');
    const carried = JSON.parse('{"taskId":"task-1","__proto__":{"polluted":true}}') as object;
    const refused = await cli.request('p', 'tasks/result', carried);
    expect(refused.error?.message).toMatch(/__proto__/);
    // The task was refused with its answer (test/proxy/unasked-task-refused.test.ts): it is no task of the session.
    expect((await cli.request('r', 'tasks/result', { taskId: 'task-1' })).error?.code).toBe(-32602);
  }, 30_000);

  // A task answer was passed on as the server wrote it: its other members (a structuredContent its outputSchema
  // refuses, a member named __proto__) reached the client unchecked, a 2025-06-18 client's too, which has no tasks
  // and reads it as an ordinary result (a hunt's find). A task no call asked for is refused now, nothing of it shown.
  it.each([['2025-11-25'], ['2025-06-18']])(
    'a task answer reaches a %s client not at all',
    async (revision) => {
      const { cli } = await proxied(revision, {}, ['TASK_ALWAYS=1', 'TASK_EXTRA=1']);
      const made = await cli.request('c', 'tools/call', { name: 'report', arguments: {} });
      const text = JSON.stringify(made);
      expect(text).not.toContain('NOT A NUMBER');
      expect(text).not.toContain('__proto__');
      expect(text).not.toContain('task-1');
      expect(made.result?.isError).toBe(true);
      expect(text).toMatch(/the server answered with a task, which it was not asked for/);
    },
    30_000,
  );

  // tasks/get, tasks/cancel, tasks/list and tasks/result reached the server as the client sent them: ownership is
  // judged on `taskId` alone, and a server reading another member (an owner, a batch) was pointed past that check
  // (a hunt's find). tasks/list is rebuilt from the members MCP 2025-11-25 gives it; the others name a task the
  // proxy refused, so none reaches the server.
  it('rebuilds the params of tasks/list, and forwards no tasks/get, tasks/cancel or tasks/result', async () => {
    const record = join(tmpdir(), `toolgate-task-params-${process.pid}.jsonl`);
    const { cli } = await proxied('2025-11-25', {}, ['TASK_ALWAYS=1', `RECORD_FILE=${record}`]);
    try {
      await cli.request('c', 'tools/call', { name: 'report', arguments: {} });
      const extra = { sessionId: 'other', owner: { any: 'thing' }, also: ['task-2'], _meta: { x: 1 } };
      await cli.request('g', 'tasks/get', { taskId: 'task-1', ...extra });
      await cli.request('x', 'tasks/cancel', { taskId: 'task-1', ...extra });
      await cli.request('l', 'tasks/list', { filter: { owner: '*' }, all: true });
      await cli.request('r', 'tasks/result', { taskId: 'task-1', extra: 'smuggled' });
      const got = (method: string): unknown[] =>
        readFileSync(record, 'utf8')
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as { method?: string; params?: unknown })
          .filter((m) => m.method === method)
          .map((m) => m.params);
      expect(got('tasks/get')).toEqual([]);
      expect(got('tasks/cancel')).toEqual([]);
      expect(got('tasks/list')).toEqual([{}]);
      expect(got('tasks/result')).toEqual([]);
    } finally {
      rmSync(record, { force: true });
    }
  }, 30_000);

  it('refuses tasks/result to a 2025-06-18 client, and runs its task-augmented call as an ordinary one', async () => {
    const { cli } = await proxied('2025-06-18');
    expect((await cli.request('r', 'tasks/result', { taskId: 'task-1' })).error?.code).toBe(-32601);
    const ran = await cli.request('c', 'tools/call', taskCall);
    expect((ran.result as unknown as { structuredContent: unknown }).structuredContent).toEqual({ n: 1 });
  }, 30_000);
});

describe('elicitation modes reach only a client whose revision and capabilities have them', () => {
  it.each([
    ['2025-11-25', { elicitation: { url: {} } }, 'url', /"action":"accept"/],
    ['2025-11-25', { elicitation: {} }, 'url', /did not declare elicitation mode \\"url\\"/],
    ['2025-06-18', { elicitation: { url: {} } }, 'url', /has no url elicitation/],
    ['2025-06-18', { elicitation: {} }, 'form', /"action":"accept"/],
  ])(
    'a %s client declaring %j, a %s elicitation',
    async (version, caps, mode, expected) => {
      const { cli } = await proxied(version, caps);
      cli.call('e', 'elicit', { mode });
      const asked = await Promise.race([
        cli.until((r) => r.method === 'elicitation/create'),
        cli.until((r) => r.id === 'e'),
      ]);
      if (asked.method === 'elicitation/create')
        cli.send({ jsonrpc: '2.0', id: asked.id, result: { action: 'accept' } });
      expect(await cli.textOf('e')).toMatch(expected);
    },
    30_000,
  );
});
