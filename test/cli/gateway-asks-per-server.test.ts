// The gateway bounds each server's requests waiting for the client on its own (src/proxy/server-asks.ts, one per
// server in aggregate-server-side.ts). A hunt's find: one bound for all of a session's servers, so a server that
// left 100 sampling requests unanswered (or one of 16.5 MiB) got every other server's sampling, elicitation and
// roots/list refused with -32603 until the client answered, which MCP does not bound in time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const FLOOD = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/flood-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-asks-per-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of a sampling request's first message (the flood's are 64 KB of x, ask-exit's "hi"). */
const textOf = (r: { params?: Record<string, unknown> }): string =>
  String((r.params as { messages?: { content?: { text?: string } }[] }).messages?.[0]?.content?.text);

describe('the gateway bounds the requests a client leaves unanswered per server', () => {
  it("one server holding its 100 places takes none of another server's", async () => {
    const config = join(dir, 'servers.json');
    const flood = { command: process.execPath, args: [FLOOD] };
    writeFileSync(config, JSON.stringify({ mcpServers: { flood, other: flood } }));
    const proxy = new RawCli('proxy', ['--config', config]);
    await proxy.initialize({ sampling: {} });
    const asked = () => proxy.replies.filter((r) => r.method === 'sampling/createMessage');
    proxy.call('flood', 'flood__flood-ask', {});
    await proxy.until(() => asked().length >= 100);
    // The other server asks three times, then exits: its call is answered once its requests were read.
    proxy.call('other', 'other__ask-exit', {});
    await proxy.until((r) => r.id === 'other');
    expect(asked().filter((r) => textOf(r) === 'hi')).toHaveLength(3);
    expect(asked().filter((r) => textOf(r) !== 'hi')).toHaveLength(100);
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  }, 30_000);
});
