// What a server sends its client beyond tools reaches the client rebuilt, and only what the client declared it takes
// (src/proxy/server-messages.ts). A hunt found each of these passed on as the server wrote it: results of
// resources/read, prompts/get and completion/complete with members and content MCP does not define, past
// --max-result; sampling and elicitation requests with any member (a `javascript:` URL to open); tasks/* requests
// and task-augmented sampling to a client that declared no tasks; `includeContext` without `sampling.context`; log
// and progress notifications as sent; a -32042 error's URL elicitations to a client without URL mode; and through
// the gateway, one server reading the client's tasks made for another.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawCli, type RawReply } from './raw-cli.js';

const RAW = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/raw-recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-server-messages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NEW = '2025-11-25';

/** A proxy (stdio) over the raw server speaking 2025-11-25, initialized with `capabilities`. */
async function proxyWith(
  capabilities: Record<string, unknown>,
  args: string[] = [],
  init = {},
  protocolVersion = NEW,
): Promise<RawCli> {
  const env = { PROTOCOL: NEW, INIT_EXTRA: JSON.stringify(init) };
  const command = [...args, '--env', 'PROTOCOL', '--env', 'INIT_EXTRA', '--', process.execPath, RAW];
  const cli = new RawCli('proxy', command, env);
  initialized = await cli.request('init', 'initialize', {
    protocolVersion,
    capabilities,
    clientInfo: { name: 'raw', version: '0' },
  });
  cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return cli;
}
let initialized: RawReply | undefined;

async function ended(cli: RawCli): Promise<void> {
  cli.child.stdin.end();
  cli.kill();
  await cli.exited;
}

let n = 0;
/**
 * Has the server ask the client `method` with `params` (the raw server's ask-any tool): what the client received
 * (undefined when nothing came), and the text the server got back.
 */
async function asked(cli: RawCli, method: string, params: object, tool = 'ask-any') {
  const id = `ask${n++}`;
  cli.call(id, tool, { method, params });
  // The loser of the two waits is left pending (a later message may settle it), never rejected unhandled.
  const got = await Promise.race([
    cli.until((r) => r.method === method && !seen.has(r)).catch(() => undefined),
    cli
      .until((r) => r.id === id)
      .then(
        () => undefined,
        () => undefined,
      ),
  ]);
  if (got !== undefined) {
    seen.add(got);
    cli.send({ jsonrpc: '2.0', id: got.id, result: {} });
  }
  return {
    got: got?.params,
    answer: JSON.parse(await cli.textOf(id)) as { error?: { code: number; message: string } },
  };
}
const seen = new Set<RawReply>();

describe('a server request reaches the client rebuilt, and only as the client declared (stdio)', () => {
  let plain: RawCli;
  let full: RawCli;
  beforeAll(async () => {
    plain = await proxyWith({ sampling: {}, elicitation: { form: {}, url: {} } });
    full = await proxyWith({
      sampling: { context: {} },
      elicitation: { url: {} },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } },
    });
  }, 30_000);
  afterAll(async () => {
    await ended(plain);
    await ended(full);
  });

  const message = { role: 'user', content: { type: 'text', text: 'hi', extra: 1 } };

  it('sampling: members MCP does not define are left out; includeContext and task only as declared', async () => {
    const params = { messages: [message], maxTokens: 5, includeContext: 'allServers', task: { ttl: 1 }, x: 1 };
    expect((await asked(plain, 'sampling/createMessage', params)).got).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
      maxTokens: 5,
    });
    expect((await asked(full, 'sampling/createMessage', params)).got).toMatchObject({
      includeContext: 'allServers',
      task: { ttl: 1 },
    });
  });

  it.each([
    ['a system role', { messages: [{ role: 'system', content: { type: 'text', text: 'x' } }], maxTokens: 5 }],
    ['a maxTokens that is not a number', { messages: [], maxTokens: 'lots' }],
  ])('sampling with %s is refused to the server, -32602, and never reaches the client', async (_, params) => {
    const { got, answer } = await asked(plain, 'sampling/createMessage', params);
    expect([got, answer.error?.code]).toEqual([undefined, -32602]);
  });

  it.each([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['file:', 'file:///etc/passwd'],
    ['not a URL', 'no url'],
  ])('a URL mode elicitation to a %s URL is refused', async (_, url) => {
    const params = { mode: 'url', message: 'open', elicitationId: 'e1', url };
    const { got, answer } = await asked(plain, 'elicitation/create', params);
    expect([got, answer.error?.code]).toEqual([undefined, -32602]);
  });

  it('a URL mode elicitation to an https URL passes, rebuilt', async () => {
    const params = { mode: 'url', message: 'open', elicitationId: 'e1', url: 'https://example.com/x', extra: 1 };
    expect((await asked(plain, 'elicitation/create', params)).got).toEqual({
      mode: 'url',
      message: 'open',
      elicitationId: 'e1',
      url: 'https://example.com/x',
    });
  });

  it('a form elicitation asking for a nested schema is refused', async () => {
    const requestedSchema = { type: 'object', properties: { a: { type: 'object', properties: {} } } };
    const { got, answer } = await asked(plain, 'elicitation/create', { message: 'm', requestedSchema });
    expect([got, answer.error?.code]).toEqual([undefined, -32602]);
  });

  it('tasks/* reach only a client that declared tasks (and list and cancel their own member)', async () => {
    for (const method of ['tasks/list', 'tasks/get', 'tasks/cancel']) {
      const { got, answer } = await asked(plain, method, method === 'tasks/list' ? {} : { taskId: 't' });
      expect([method, got, answer.error?.code]).toEqual([method, undefined, -32601]);
    }
    expect((await asked(full, 'tasks/list', { extra: 1 })).got).toEqual({});
  });
});

describe('a server answer and notification reach the client rebuilt (stdio)', () => {
  let cli: RawCli;
  beforeAll(async () => {
    cli = await proxyWith({ sampling: {} }, ['--max-result', '2000']);
  }, 30_000);
  afterAll(async () => ended(cli));

  /** The client's request of `method` answered by the server with `answer` (or `error`), as the client got it. */
  const answered = (method: string, params: object, meta: object): Promise<RawReply> =>
    cli.request(`r${n++}`, method, { ...params, _meta: meta });

  // A review's find: servers send `"nextCursor": null` (and other optional members as null); read as left out.
  it('an optional member sent as null is read as left out', async () => {
    const answer = { resources: [{ uri: 'a://x', name: 'x', mimeType: null }], nextCursor: null };
    const r = await answered('resources/list', {}, { answer });
    expect(r.result).toEqual({ resources: [{ uri: 'a://x', name: 'x' }] });
  });

  it('resources/read: members MCP does not define are left out', async () => {
    const answer = { contents: [{ uri: 'file:///a', text: 't', weird: 1 }], extra: 'y' };
    const r = await answered('resources/read', { uri: 'file:///a' }, { answer });
    expect(r.result).toEqual({ contents: [{ uri: 'file:///a', text: 't' }] });
  });

  it.each([
    [
      'resources/read with a script content',
      'resources/read',
      { uri: 'u' },
      { contents: [{ type: 'script', js: 'x' }] },
    ],
    [
      'prompts/get with a system role',
      'prompts/get',
      { name: 'p' },
      { messages: [{ role: 'system', content: { type: 'text', text: 'x' } }] },
    ],
    [
      'completion/complete with 101 values',
      'completion/complete',
      { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: 'b' } },
      { completion: { values: Array.from({ length: 101 }, () => 'v') } },
    ],
    ['resources/list with an object cursor', 'resources/list', {}, { resources: [], nextCursor: { o: 1 } }],
  ])('%s is the proxy error, naming what was expected', async (_, method, params, answer) => {
    const r = await answered(method, params, { answer });
    expect(r.error).toMatchObject({
      code: -32603,
      message: expect.stringMatching(/not passed on: it is not a \w+Result/),
    });
  });

  it('an answer over --max-result is refused; so is a tools/call error over it', async () => {
    const long = { messages: [{ role: 'user', content: { type: 'text', text: 'x'.repeat(5000) } }] };
    const r = await answered('prompts/get', { name: 'p' }, { answer: long });
    expect(r.error?.message).toMatch(/over --max-result, 2000 bytes/);
    cli.send({
      jsonrpc: '2.0',
      id: 'big-error',
      method: 'tools/call',
      params: { name: 'echo', arguments: { msg: 'a' }, _meta: { error: { code: 1, message: 'e'.repeat(5000) } } },
    });
    const e = await cli.until((x) => x.id === 'big-error');
    expect([e.error?.code, e.error?.message]).toEqual([1, expect.stringMatching(/over --max-result, 2000 bytes/)]);
  });

  it('a -32042 error keeps its URL elicitations only for a client that takes URL mode', async () => {
    const elicitations = [{ mode: 'url', message: 'm', elicitationId: 'e', url: 'https://example.com' }];
    const error = { code: -32042, message: 'needs a URL', data: { elicitations } };
    const r = await answered('resources/read', { uri: 'u' }, { error });
    expect(r.error).toEqual({ code: -32042, message: 'needs a URL' });
  });

  it('a log message is rebuilt; one of an unknown level goes nowhere', async () => {
    const notify = async (params: object): Promise<void> => {
      const id = `n${n++}`;
      cli.call(id, 'notify-any', { method: 'notifications/message', params });
      await cli.until((x) => x.id === id);
    };
    await notify({ level: 'bogus', data: 'dropped' });
    await notify({ level: 'info', data: { a: 1 }, logger: 'l', extra: 1 });
    const logs = cli.replies.filter((x) => x.method === 'notifications/message').map((x) => x.params);
    expect(logs).toEqual([{ level: 'info', data: { a: 1 }, logger: 'l' }]);
  });

  it('an elicitation/complete goes nowhere for a client without URL mode', async () => {
    const id = `n${n++}`;
    cli.call(id, 'notify-any', { method: 'notifications/elicitation/complete', params: { elicitationId: 'e' } });
    await cli.until((x) => x.id === id);
    expect(cli.replies.filter((x) => x.method === 'notifications/elicitation/complete')).toEqual([]);
  });
});

describe('the gateway passes on no task between a server and the client; its log messages at a level', () => {
  let cli: RawCli;
  let gatewayInit: RawReply | undefined;
  beforeAll(async () => {
    const config = join(dir, 'gateway.json');
    const entry = (name: string) => ({
      command: process.execPath,
      args: [RAW],
      env: { PROTOCOL: NEW, RECORD_FILE: join(dir, `gateway-${name}.jsonl`) },
    });
    writeFileSync(config, JSON.stringify({ mcpServers: { a: entry('a'), b: entry('b') } }));
    cli = new RawCli('proxy', ['--config', config]);
    const capabilities = {
      sampling: { context: {} },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } },
    };
    gatewayInit = await cli.request('init', 'initialize', {
      protocolVersion: NEW,
      capabilities,
      clientInfo: { name: 'r', version: '0' },
    });
    cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }, 30_000);
  afterAll(async () => ended(cli));

  it('a task-augmented sampling request goes on as an ordinary one, without includeContext', async () => {
    const params = { messages: [], maxTokens: 5, includeContext: 'thisServer', task: { ttl: 1 } };
    expect((await asked(cli, 'sampling/createMessage', params, 'a__ask-any')).got).toEqual({
      messages: [],
      maxTokens: 5,
    });
  });

  // MCP "Logging": a server that sends log messages declares logging. The gateway passed its servers' log messages
  // on without declaring it, and answered logging/setLevel -32601, so its client could not lower their flow.
  it('declares logging, and passes log messages at or above the level the client set', async () => {
    expect((gatewayInit?.result as { capabilities?: unknown } | undefined)?.capabilities).toEqual({
      tools: { listChanged: true },
      logging: {},
    });
    const notify = async (tool: string, level: string): Promise<void> => {
      const id = `n${n++}`;
      cli.call(id, tool, { method: 'notifications/message', params: { level, data: `${tool} ${level}` } });
      await cli.until((x) => x.id === id);
    };
    await notify('a__notify-any', 'debug');
    const set = await cli.request('lvl', 'logging/setLevel', { level: 'warning' });
    expect(set.result).toEqual({});
    const bad = await cli.request('lvl-bad', 'logging/setLevel', { level: 'loud' });
    expect(bad.error?.code).toBe(-32602);
    await notify('a__notify-any', 'info');
    await notify('b__notify-any', 'error');
    await notify('a__notify-any', 'warning');
    const logs = cli.replies.filter((x) => x.method === 'notifications/message').map((x) => x.params);
    // Each named after its server (test/cli/gateway-log-logger.test.ts).
    expect(logs).toEqual([
      { level: 'debug', data: 'a__notify-any debug', logger: 'a' },
      { level: 'error', data: 'b__notify-any error', logger: 'b' },
      { level: 'warning', data: 'a__notify-any warning', logger: 'a' },
    ]);
    // Each server that declared logging was asked for the level once (the same level again asks nothing more).
    expect((await cli.request('lvl-again', 'logging/setLevel', { level: 'warning' })).result).toEqual({});
    await cli.request('ping-after', 'ping', {});
    for (const name of ['a', 'b']) {
      const lines = readFileSync(join(dir, `gateway-${name}.jsonl`), 'utf8')
        .split('\n')
        .filter(Boolean);
      const asked = lines.map((l) => JSON.parse(l)).filter((m) => m.method === 'logging/setLevel');
      expect(
        asked.map((m) => m.params),
        name,
      ).toEqual([{ level: 'warning' }]);
    }
  });

  it.each(['tasks/list', 'tasks/result'])('a server asking %s of the client is refused', async (method) => {
    const { got, answer } = await asked(cli, method, method === 'tasks/list' ? {} : { taskId: 'T-A' }, 'b__ask-any');
    expect([got, answer.error?.code]).toEqual([undefined, -32601]);
  });
});

// A hunt's find: the gateway passed any server's elicitation/complete on, so one server could tell the client that
// another's URL elicitation was done (the person never having been at that URL).
describe("the gateway passes an elicitation's completion from the server that opened it only", () => {
  let cli: RawCli;
  beforeAll(async () => {
    const config = join(dir, 'gateway-elicit.json');
    const entry = { command: process.execPath, args: [RAW], env: { PROTOCOL: NEW } };
    writeFileSync(config, JSON.stringify({ mcpServers: { a: entry, b: entry } }));
    cli = new RawCli('proxy', ['--config', config]);
    await cli.request('init', 'initialize', {
      protocolVersion: NEW,
      capabilities: { elicitation: { url: {} } },
      clientInfo: { name: 'r', version: '0' },
    });
    cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }, 30_000);
  afterAll(async () => ended(cli));
  /** Has `tool`'s server say `elicitationId` is complete: how many completions the client has had so far. */
  const complete = async (tool: string, elicitationId: string) => {
    const id = `c${n++}`;
    cli.call(id, tool, { method: 'notifications/elicitation/complete', params: { elicitationId } });
    await cli.until((x) => x.id === id);
    await cli.request(`p${n++}`, 'ping', {});
    return cli.replies.filter((x) => x.method === 'notifications/elicitation/complete').length;
  };

  it('b cannot complete what a opened; a can, once', async () => {
    const params = { mode: 'url', message: 'open', elicitationId: 'E-A', url: 'https://example.com/a' };
    expect((await asked(cli, 'elicitation/create', params, 'a__ask-any')).got).toMatchObject({ elicitationId: 'E-A' });

    expect(await complete('b__notify-any', 'E-A')).toBe(0);
    expect(await complete('a__notify-any', 'E-A')).toBe(1);
    expect(await complete('a__notify-any', 'E-A')).toBe(1);
  });

  it("a -32042 error's elicitations are its server's to complete too", async () => {
    const elicitations = [{ mode: 'url', message: 'm', elicitationId: 'E-X', url: 'https://example.com/x' }];
    const error = { code: -32042, message: 'needs a URL', data: { elicitations } };
    cli.send({
      jsonrpc: '2.0',
      id: 'needs-url',
      method: 'tools/call',
      params: { name: 'a__echo', arguments: { msg: 'a' }, _meta: { error } },
    });
    expect((await cli.until((x) => x.id === 'needs-url')).error?.code).toBe(-32042);
    expect(await complete('b__notify-any', 'E-X')).toBe(1);
    expect(await complete('a__notify-any', 'E-X')).toBe(2);
  });
});

describe("the server's initialize result reaches the client rebuilt", () => {
  it('serverInfo and instructions of their shape, nothing else of it', async () => {
    const extra = {
      evil: { constructor: { prototype: { admin: true } } },
      serverInfo: { name: 'raw', version: '1', title: 'Raw', x: 2 },
      instructions: 'Use search first.',
    };
    const cli = await proxyWith({}, [], extra);
    const result = initialized?.result as Record<string, unknown> | undefined;
    await ended(cli);
    expect(result?.['evil']).toBeUndefined();
    expect(result?.['serverInfo']).toEqual({ name: 'raw', version: '1', title: 'Raw' });
    expect(result?.['instructions']).toBe('Use search first.');
    expect(Object.keys(result ?? {}).sort()).toEqual(['capabilities', 'instructions', 'protocolVersion', 'serverInfo']);
  }, 30_000);
});

describe('what differs by the client revision and what a model reads', () => {
  // A review's find: a client before 2025-11-25 has no sampling.context capability to declare, and lost includeContext.
  it('a 2025-06-18 client with sampling gets includeContext', async () => {
    const cli = await proxyWith({ sampling: {} }, [], {}, '2025-06-18');
    const params = { messages: [], maxTokens: 5, includeContext: 'thisServer' };
    const { got } = await asked(cli, 'sampling/createMessage', params);
    await ended(cli);
    expect(got).toEqual(params);
  }, 30_000);

  // A client puts a server's instructions in what its model reads: held to what a tool's description is.
  it('instructions carrying tag characters are left out', async () => {
    const cli = await proxyWith({}, [], { instructions: 'Be brief.\u{E0041}\u{E006C}' });
    const result = initialized?.result as Record<string, unknown> | undefined;
    await ended(cli);
    expect(result?.['instructions']).toBeUndefined();
  }, 30_000);
});

// A fourth hunt's finds, over every front: the server's capabilities reached the client as sent (the MCP SDK client
// refused to connect to one declaring `experimental: { e: 1 }`), a `javascript:` website or icon passed, and a
// 2026-07-28 client's result with members only such a server sends was no longer refused (rebuilt first).
describe("the server's capabilities, identity and icons, and a 2026-07-28 client's results", () => {
  it('capabilities of their shape only, no javascript: website or icon', async () => {
    const extra = {
      capabilities: {
        tools: { listChanged: false, evilTool: 'x' },
        resources: { subscribe: true },
        prompts: { listChanged: 'yes' },
        tasks: { list: true, cancel: {} },
        experimental: { e: 1, ok: { a: 1 } },
        bogusCap: { z: '\u202eevil' },
      },
      serverInfo: {
        name: 'raw',
        version: '1',
        websiteUrl: 'javascript:alert(2)',
        icons: [{ src: 'javascript:alert(1)' }, { src: 'https://example.com/i.png' }],
      },
    };
    const cli = await proxyWith({}, [], extra);
    const result = initialized?.result as Record<string, unknown> | undefined;
    const list = await cli.request('p', 'prompts/list', {
      _meta: {
        answer: { prompts: [{ name: 'p', icons: [{ src: 'javascript:x' }, { src: 'data:image/png;base64,AA' }] }] },
      },
    });
    await ended(cli);
    // A wrong flag is left out, not its capability (a review's find: `prompts` vanished with it).
    expect(result?.['capabilities']).toEqual({
      tools: { listChanged: true },
      resources: { subscribe: true },
      prompts: {},
      tasks: { cancel: {} },
      experimental: { ok: { a: 1 } },
    });
    expect(result?.['serverInfo']).toEqual({
      name: 'raw',
      version: '1',
      icons: [{ src: 'https://example.com/i.png' }],
    });
    expect(list.result).toEqual({ prompts: [{ name: 'p', icons: [{ src: 'data:image/png;base64,AA' }] }] });
  }, 30_000);

  it('a 2026-07-28 client: a result with members only such a server sends is refused, discover rebuilt', async () => {
    const info = { name: 'raw', version: '1', extra: 'x', websiteUrl: 'javascript:alert(2)' };
    const capabilities = { tools: {}, resources: {}, bogus: {} };
    const env = { INIT_EXTRA: JSON.stringify({ serverInfo: info, capabilities }) };
    const cli = new RawCli('proxy', ['--env', 'INIT_EXTRA', '--', process.execPath, RAW], env);
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const answer = { contents: [], resultType: 'input_required', inputRequests: {} };
    const r = await cli.request('m', 'resources/read', { uri: 'a://x', _meta: { ...envelope, answer } });
    const discover = await cli.request('d', 'server/discover', { _meta: envelope });
    await ended(cli);
    const found = discover.result as unknown as { capabilities: object; _meta: Record<string, unknown> };
    expect(found._meta['io.modelcontextprotocol/serverInfo']).toEqual({ name: 'raw', version: '1' });
    expect(found.capabilities).toEqual({ tools: {}, resources: {} });
    expect(r.error?.message).toMatch(/resultType, inputRequests in it, which only an MCP 2026-07-28 server may send/);
  }, 30_000);
});
