// End-to-end: the SDK's own client talks to `toolgate proxy` (from source, through tsx) in front of a recording
// server. What the server recorded proves which calls reached it: never an invalid, withheld or ungranted one.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killQuietly, readPid, survivors } from '../exec/alive.js';
import { RawCli } from './raw-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const SERVER = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-'));

/** The tools/call requests the recording server received, in order. */
function recorded(file: string): { name: string; args: unknown }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { name: string; args: unknown });
}

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content.map((c) => c.text).join('');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('toolgate proxy with the SDK client', () => {
  const record = join(dir, 'sdk.jsonl');
  let client: Client;
  let stderr = '';
  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--deny', 'admin.*', '--env', `RECORD_FILE=${record}`],
      cwd: ROOT,
      stderr: 'pipe',
    });
    // The server's command after "--": the SDK passes args as they are.
    (transport as unknown as { _serverParams: { args: string[] } })._serverParams.args.push(
      '--',
      process.execPath,
      SERVER,
    );
    transport.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
    });
    client = new Client({ name: 'toolgate-test', version: '0' }, { capabilities: { sampling: {}, elicitation: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, () => ({
      role: 'assistant',
      content: { type: 'text', text: 'hi' },
      model: 'test',
    }));
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: {} }));
    await client.connect(transport);
  }, 30_000);
  afterAll(async () => {
    await client.close();
  });

  it('answers initialize with the upstream server info and lists admitted, granted tools only', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'recording', version: '1.0.0' });
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['ask', 'count', 'echo', 'elicit', 'grow', 'hang']);
    // Each withheld tool is named on stderr with its reason; the client never reads it.
    expect(stderr).toMatch(/withheld: old: unsupported_capability/);
    expect(stderr).toMatch(/withheld: admin\.reset: not granted/);
  });

  it('forwards a valid call and answers an invalid one itself, with model-readable text', async () => {
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'a', n: 2 } }))).toBe('{"text":"a","n":2}');
    const bad = await client.callTool({ name: 'echo', arguments: { n: 'x' } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/echo/);
    expect(recorded(record)).toEqual([{ name: 'echo', args: { text: 'a', n: 2 } }]);
  });

  it.each(['admin.reset', 'old', 'nope'])(
    'refuses %s with -32602 "unknown tool" and never forwards it',
    async (name) => {
      await expect(client.callTool({ name, arguments: {} })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining(`unknown tool: ${name}`),
      });
      expect(recorded(record).map((r) => r.name)).not.toContain(name);
    },
  );

  it('checks structured output against the outputSchema', async () => {
    const good = await client.callTool({ name: 'count', arguments: {} });
    expect(good.structuredContent).toEqual({ n: 1 });
    const bad = await client.callTool({ name: 'count', arguments: { bad: true } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe('error: tool count ran but its output does not match its output schema');
  });

  it('holds the structuredContent of an isError result to the outputSchema too (the flag let it through)', async () => {
    const failed = await client.callTool({ name: 'count', arguments: { failed: true } });
    expect(failed).toMatchObject({ isError: true, structuredContent: { n: 1 } });
    const bad = await client.callTool({ name: 'count', arguments: { bad: true, failed: true } });
    expect(bad).toEqual({
      content: [{ type: 'text', text: 'error: tool count ran but its output does not match its output schema' }],
      isError: true,
    });
  });

  it('passes sampling and elicitation from the server through to the client', async () => {
    expect(textOf(await client.callTool({ name: 'ask', arguments: {} }))).toBe('sampled: hi');
    expect(textOf(await client.callTool({ name: 'elicit', arguments: {} }))).toBe('elicited: accept');
  });

  it('passes a cancellation through with its request id mapped to the one the server knows', async () => {
    const abort = new AbortController();
    const call = client.callTool({ name: 'hang', arguments: {} }, undefined, { signal: abort.signal });
    const until = async (name: string) => {
      for (let i = 0; i < 200 && !recorded(record).some((r) => r.name === name); i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
    };
    await until('hang');
    abort.abort();
    await expect(call).rejects.toThrow();
    await until('hang-cancelled');
    expect(recorded(record).map((r) => r.name)).toContain('hang-cancelled');
  });

  it('admits again on tools/list_changed, then tells the client; the new tools are enforced', async () => {
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    expect(textOf(await client.callTool({ name: 'grow', arguments: {} }))).toBe('grown');
    await changed;
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('later');
    expect(names).not.toContain('later.old');
    expect(stderr).toMatch(/withheld: (?:.*, )?later\.old(?:, .*)?: unsupported_capability/);
    expect((await client.callTool({ name: 'later', arguments: {} })).isError).toBe(true);
    expect(textOf(await client.callTool({ name: 'later', arguments: { k: 'v' } }))).toBe('ran later');
    expect(recorded(record).filter((r) => r.name === 'later')).toEqual([{ name: 'later', args: { k: 'v' } }]);
  });
});

describe('toolgate proxy with raw JSON-RPC lines', () => {
  const record = join(dir, 'raw.jsonl');
  const pidFile = join(dir, 'hang.pid');
  let proxy: RawCli;
  let serverPid = 0;
  beforeAll(async () => {
    proxy = new RawCli('proxy', [
      '--max-result',
      '400',
      '--env',
      `RECORD_FILE=${record}`,
      '--env',
      `PID_FILE=${pidFile}`,
      '--',
      process.execPath,
      SERVER,
    ]);
    const init = await proxy.request('init', 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '0' },
    });
    expect(init.result).toBeDefined();
    proxy.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }, 30_000);
  afterAll(() => {
    proxy.child.kill('SIGKILL');
    if (serverPid > 0) killQuietly(serverPid);
  });

  it('refuses a duplicate key and a number parsing would round, validating the arguments text', async () => {
    const dup = await proxy.callText('d', '{"name":"echo","arguments":{"text":"a","text":"b"}}');
    expect(dup.result?.isError).toBe(true);
    const big = await proxy.callText('b', '{"name":"echo","arguments":{"text":"a","n":12345678901234567890}}');
    expect(big.result?.isError).toBe(true);
    const twice = await proxy.callText('t', '{"name":"echo","arguments":{"text":"a"},"arguments":{"text":"b"}}');
    expect(twice.result?.isError).toBe(true);
    expect(recorded(record)).toEqual([]);
  });

  it('drops a client notification outside notifications/*: a tools/call without an id never arrives', async () => {
    proxy.send({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'admin.reset', arguments: {} } });
    proxy.send({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' });
    // Lines are handled in order on both sides: once the ping is answered, the server has read both.
    expect((await proxy.request('n', 'ping', {})).result).toEqual({});
    for (let i = 0; i < 50 && recorded(record).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(recorded(record).map((r) => r.name)).toEqual(['notification notifications/roots/list_changed']);
  });

  it('sends the serialization of the validated value, not the received bytes', async () => {
    const ok = await proxy.callText('s', '{"name":"echo","arguments":{ "text" : "a",\n"n":1.0e0 }}'.replace('\n', ''));
    expect(ok.result?.content?.[0]?.text).toBe('{"text":"a","n":1}');
    expect(recorded(record).find((r) => r.name === 'echo')).toEqual({ name: 'echo', args: { text: 'a', n: 1 } });
  });

  it('turns a result over --max-result into an error result naming the limit', async () => {
    const r = await proxy.callText('m', `{"name":"echo","arguments":{"text":"${'x'.repeat(500)}"}}`);
    expect(r.result?.isError).toBe(true);
    expect(r.result?.content?.[0]?.text).toMatch(/is over --max-result, 400 bytes/);
  });

  it('answers a line that is not JSON with a parse error and keeps serving', async () => {
    proxy.send('{not json');
    const err = await proxy.until((r) => r.error?.code === -32700);
    expect(err.id).toBeNull();
    const ping = await proxy.request('p', 'ping', {});
    expect(ping.result).toEqual({});
  });

  it('answers sampling with an error when the client did not declare it', async () => {
    const r = await proxy.callText('a', '{"name":"ask","arguments":{}}');
    // The recording server's SDK turns the refused request into an error of the call itself.
    expect(JSON.stringify(r.error ?? r.result)).toMatch(/did not declare the \\?"sampling\\?" capability/);
    expect(proxy.replies.some((m) => m.method === 'sampling/createMessage')).toBe(false);
  });

  it('leaves no process behind when the client hangs up mid-call; the call the server left is answered', async () => {
    proxy.send({ jsonrpc: '2.0', id: 'h', method: 'tools/call', params: { name: 'hang', arguments: {} } });
    serverPid = await readPid(pidFile);
    proxy.child.stdin.end();
    expect((await proxy.exited).code).toBe(0);
    expect(await survivors([serverPid], 2000)).toEqual([]);
    const left = proxy.replies.find((r) => r.id === 'h');
    expect(left?.error?.message).toMatch(/closed its input and the MCP server exited \(.*\) before answering/);
  });
});
