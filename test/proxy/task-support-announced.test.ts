// The proxy announces no task augmentation of tool calls: it never forwards a tools/call's `params.task`, so a hunt's
// find was a promise it broke. The server's `tasks.requests.tools.call` reached the client in `initialize` and each
// tool's `execution.taskSupport` in tools/list: a tool "required" to run as a task could not be called through the
// proxy, and an "optional" one answered a task-augmented call with a plain result (MCP 2025-11-25, "Tasks": only a
// receiver that did not declare the capability may ignore the augmentation). Now the capability keeps `list` and
// `cancel` only (what the proxy serves), an "optional" tool is listed without `taskSupport` (the default,
// "forbidden", is what happens), and a "required" one is withheld and named (src/proxy/task-support.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { withoutCallTasks, withoutTaskSupport } from '../../src/proxy/task-support.js';
import { eventually, POST_HEADERS } from '../cli/http-fixture.js';
import { type PostServer, startPostServer } from '../cli/post-server.js';
import { RawCli } from '../cli/raw-cli.js';

const INPUT = { type: 'object', properties: { n: { type: 'number' } } };
const TOOLS = [
  { name: 'plain', inputSchema: INPUT },
  { name: 'maybe', inputSchema: INPUT, execution: { taskSupport: 'optional' } },
  { name: 'slow', inputSchema: INPUT, execution: { taskSupport: 'required' } },
  { name: 'never', inputSchema: INPUT, execution: { taskSupport: 'forbidden' } },
];
const WITHHELD = 'its execution.taskSupport is "required": the proxy does not forward task-augmented calls';

let server: PostServer;
beforeAll(async () => {
  server = await startPostServer((m, _req, res) => {
    if (m.id === undefined) return void res.writeHead(202).end();
    const capabilities = { tools: {}, tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } };
    const result =
      m.method === 'initialize'
        ? { protocolVersion: '2025-11-25', capabilities, serverInfo: { name: 'tasks', version: '1' } }
        : { tools: TOOLS };
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }));
  });
});
const stops: (() => Promise<unknown> | undefined)[] = [];
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
  server.close();
});

/** What a client of a proxy in `mode` was told: initialize's capabilities, the tools listed, the proxy's lines. */
interface Told {
  readonly capabilities: Record<string, unknown>;
  readonly tools: Record<string, unknown>[];
  readonly log: () => string;
}

const INITIALIZE = {
  protocolVersion: '2025-11-25',
  capabilities: { tasks: { requests: { tools: { call: {} } } } },
  clientInfo: { name: 'raw', version: '0' },
};

/** `toolgate proxy --url` over stdio. */
async function overStdio(): Promise<Told> {
  const cli = new RawCli('proxy', ['--url', `${server.origin}/mcp`]);
  stops.push(() => {
    cli.kill();
    return cli.exited;
  });
  const init = await cli.request('init', 'initialize', INITIALIZE);
  cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const list = await cli.request('list', 'tools/list', {});
  const capabilities = (init.result as { capabilities: Record<string, unknown> }).capabilities;
  return { capabilities, tools: (list.result?.tools ?? []) as Record<string, unknown>[], log: () => cli.stderr };
}

/** A proxy listening over HTTP: sessions of their own, `--stateless`, or the gateway (`--config`, server `a`). */
async function overHttp(kind: 'listen' | 'stateless' | 'gateway'): Promise<Told> {
  let log = '';
  const upstream = { url: `${server.origin}/mcp` };
  const listen = { port: 0, stateless: kind === 'stateless' };
  const onLog = (line: string): void => {
    log += `${line}\n`;
  };
  const started = await startProxy(
    kind === 'gateway' ? { servers: { a: upstream }, listen, onLog } : { upstream, listen, onLog },
  );
  if (!started.ok) throw new Error(started.error.message);
  stops.push(() => started.value.close());
  const url = started.value.url as string;
  let headers: Record<string, string> = {};
  const post = async (body: object): Promise<Record<string, unknown>> => {
    const r = await fetch(url, {
      method: 'POST',
      headers: { ...POST_HEADERS, ...headers },
      body: JSON.stringify(body),
    });
    const id = r.headers.get('mcp-session-id');
    // After initialize, as a client sends them (--stateless judges each request by its protocol version).
    headers = { ...headers, 'mcp-protocol-version': '2025-11-25', ...(id === null ? {} : { 'mcp-session-id': id }) };
    const text = await r.text();
    if (text === '') return {};
    const data = text.split('\n').find((l) => l.startsWith('data: '));
    return JSON.parse(data === undefined ? text : data.slice(6)) as Record<string, unknown>;
  };
  const init = (await post({ jsonrpc: '2.0', id: 0, method: 'initialize', params: INITIALIZE }))['result'];
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const list = (await post({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }))['result'];
  const capabilities = (init as { capabilities: Record<string, unknown> }).capabilities;
  return { capabilities, tools: (list as { tools: Record<string, unknown>[] }).tools, log: () => log };
}

describe('the proxy announces no task-augmented tool calls, which it never forwards', () => {
  it.each([
    ['a single proxy over stdio', overStdio, { list: {}, cancel: {} }, ''],
    ['--listen', () => overHttp('listen'), { list: {}, cancel: {} }, ''],
    ['--stateless (no tasks/list served)', () => overHttp('stateless'), { cancel: {} }, ''],
    ['the gateway (no tasks served)', () => overHttp('gateway'), undefined, 'a__'],
  ] as const)(
    '%s: tasks capability, tools listed, the task-only tool named',
    async (_, open, tasks, prefix) => {
      const told = await open();
      expect(told.capabilities['tasks']).toEqual(tasks);
      const byName = new Map(told.tools.map((t) => [t['name'], t]));
      expect([...byName.keys()]).toEqual(['plain', 'maybe', 'never'].map((n) => `${prefix}${n}`));
      expect(byName.get(`${prefix}maybe`)).toEqual({ name: `${prefix}maybe`, inputSchema: INPUT });
      expect(byName.get(`${prefix}never`)?.['execution']).toEqual({ taskSupport: 'forbidden' });
      expect(await eventually(() => told.log().includes(`withheld: ${prefix}slow: ${WITHHELD}`), 15_000)).toBe(true);
    },
    30_000,
  );
});

describe('what is published of task support', () => {
  it.each([
    ['optional', { execution: { taskSupport: 'optional' } }, {}],
    ['not of the specification', { execution: { taskSupport: 'sometimes' } }, {}],
    ['optional beside another member', { execution: { taskSupport: 'optional', x: 1 } }, { execution: { x: 1 } }],
    ['forbidden', { execution: { taskSupport: 'forbidden' } }, { execution: { taskSupport: 'forbidden' } }],
    ['none', { execution: {} }, { execution: {} }],
  ])('a tool whose taskSupport is %s', (_, given, published) => {
    expect(withoutTaskSupport({ name: 't', ...given })).toEqual({ name: 't', ...published });
  });

  it.each([
    [{ tasks: { list: {}, requests: { tools: { call: {} } } } }, { tasks: { list: {} } }],
    [{ tasks: { requests: { tools: { call: {} } } } }, { tasks: {} }],
    [{ tools: {} }, { tools: {} }],
  ])('capabilities %j are announced as %j', (caps, announced) => {
    expect(withoutCallTasks(caps)).toEqual(announced);
  });
});
