// A server is held to the features it declared (src/proxy/declared-features.ts): a hunt's find, a server that
// declared tools only (the client is told exactly that) sent the client log messages, resources and prompts list
// changes and an update of a resource it never subscribed to, and the client's resources/list, logging/setLevel and
// prompts/get reached it. Now such a request is -32601 from the proxy, never sent, and such a notification dropped;
// an update passes only for a resource the client subscribed to. The gateway holds each of its servers to its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linesOf } from './forward-fixture.js';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/feature-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-undeclared-'));
const running: RawCli[] = [];
afterAll(async () => {
  for (const cli of running) {
    cli.child.kill('SIGTERM');
    await cli.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A proxy on stdio over the feature server declaring `capabilities`; the file of what the server received. */
async function proxyOver(capabilities: object): Promise<{ cli: RawCli; received: () => string[] }> {
  const record = join(dir, `record-${running.length}.jsonl`);
  const env = { CAPABILITIES: JSON.stringify(capabilities), RECORD_FILE: record };
  const cli = new RawCli(
    'proxy',
    ['--env', 'CAPABILITIES', '--env', 'RECORD_FILE', '--', process.execPath, SERVER],
    env,
  );
  running.push(cli);
  await cli.initialize();
  const received = () => linesOf(record).map((l) => (JSON.parse(l) as { method?: string }).method ?? 'answer');
  return { cli, received };
}

/** The methods of what the client got while its call of `tool` ran (the server notifies before it answers). */
async function notified(cli: RawCli, id: string, tool: string): Promise<string[]> {
  const from = cli.replies.length;
  cli.call(id, tool, {});
  await cli.until((r) => r.id === id);
  return cli.replies.slice(from).map((r) => r.method ?? 'answer');
}

/** Every notification `notify` sends, as a client gets it when each was declared (and the resource subscribed). */
const ALL_NOTES = [
  'notifications/resources/updated',
  'notifications/resources/list_changed',
  'notifications/prompts/list_changed',
  'notifications/message',
  'answer',
];

describe('proxy holds its server to the capabilities it declared', () => {
  it('a server that declared tools only: other requests -32601, never sent; other notifications dropped', async () => {
    const { cli, received } = await proxyOver({ tools: {} });
    expect(await notified(cli, 'n', 'notify')).toEqual(['answer']);
    const asked: [string, object, string][] = [
      ['resources/list', {}, 'resources'],
      ['resources/read', { uri: 'file:///a' }, 'resources'],
      ['resources/subscribe', { uri: 'file:///a' }, 'resources.subscribe'],
      ['prompts/get', { name: 'p' }, 'prompts'],
      [
        'completion/complete',
        { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: 'b' } },
        'completions',
      ],
      ['logging/setLevel', { level: 'debug' }, 'logging'],
    ];
    for (const [method, params, lacks] of asked)
      expect((await cli.request(method, method, params)).error, method).toEqual({
        code: -32601,
        message: `method not found: ${JSON.stringify(method)} (the server did not declare "${lacks}")`,
      });
    expect(received().filter((m) => asked.some(([method]) => method === m))).toEqual([]);
  });

  it('an update only of a resource the client subscribed to, and list changes only with listChanged', async () => {
    const bare = await proxyOver({ tools: {}, resources: {}, prompts: {}, logging: {} });
    expect(await notified(bare.cli, 'n', 'notify')).toEqual(['notifications/message', 'answer']);
    expect((await bare.cli.request('read', 'resources/read', { uri: 'file:///a' })).error).toBeUndefined();
    const full = {
      tools: {},
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      logging: {},
    };
    const { cli } = await proxyOver(full);
    // notify updates secret://SECRET-URI: not subscribed, then another resource, then one it is under.
    expect(await notified(cli, 'n1', 'notify')).toEqual(ALL_NOTES.slice(1));
    expect((await cli.request('s1', 'resources/subscribe', { uri: 'secret://OTHER' })).error).toBeUndefined();
    expect(await notified(cli, 'n2', 'notify')).toEqual(ALL_NOTES.slice(1));
    expect((await cli.request('s2', 'resources/subscribe', { uri: 'secret://SECRET' })).error).toBeUndefined();
    expect(await notified(cli, 'n3', 'notify')).toEqual(ALL_NOTES);
    expect((await cli.request('u2', 'resources/unsubscribe', { uri: 'secret://SECRET' })).error).toBeUndefined();
    expect(await notified(cli, 'n4', 'notify')).toEqual(ALL_NOTES.slice(1));
  });

  it("the gateway: a server's log messages only when that server declared logging", async () => {
    const config = join(dir, 'servers.json');
    const server = (capabilities: object) => ({
      command: process.execPath,
      args: [SERVER],
      env: { CAPABILITIES: JSON.stringify(capabilities) },
    });
    const servers = { logs: server({ tools: {}, logging: {} }), mute: server({ tools: {} }) };
    writeFileSync(config, JSON.stringify({ mcpServers: servers }));
    const cli = new RawCli('proxy', ['--config', config]);
    running.push(cli);
    await cli.initialize();
    expect(await notified(cli, 'l', 'logs__notify')).toEqual(['notifications/message', 'answer']);
    expect(await notified(cli, 'm', 'mute__notify')).toEqual(['answer']);
  });
});
