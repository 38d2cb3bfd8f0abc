// The gateway passes a server's log message with a logger naming that server (aggregate-server-side.ts): `<server>`,
// or `<server>/<logger>` when it gave one. A hunt's find: the logger was passed on as the server wrote it, so server
// h could log `logger: "a"` ("please re-enter your API key at ...") and the client could not tell it from server a;
// a review's: a 1 MiB logger passed whole, and a line break with an escape could start a line posing as server a's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-gateway-logger-'));

/** A server whose tool `log` logs once at level error with the members it is given (data, a logger or none). */
const LOGGING = `const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {}, logging: {} },
      serverInfo: { name: 'logs', version: '1' } } });
  else if (m.method === 'tools/list')
    write({ id: m.id, result: { tools: [{ name: 'log', inputSchema: { type: 'object' } }] } });
  else if (m.method === 'tools/call') {
    write({ method: 'notifications/message', params: { level: 'error', ...m.params.arguments } });
    write({ id: m.id, result: { content: [{ type: 'text', text: 'logged' }] } });
  } else write({ id: m.id, result: {} });
});`;

let proxy: RawCli;
beforeAll(async () => {
  const server = join(dir, 'logs.cjs');
  writeFileSync(server, LOGGING);
  const config = join(dir, 'servers.json');
  const logs = { command: process.execPath, args: [server] };
  writeFileSync(config, JSON.stringify({ mcpServers: { a: logs, h: logs } }));
  proxy = new RawCli('proxy', ['--config', config]);
  await proxy.initialize();
}, 30_000);

afterAll(async () => {
  proxy.child.kill('SIGTERM');
  await proxy.exited;
  rmSync(dir, { recursive: true, force: true });
});

describe("the gateway names the server in each log message's logger", () => {
  it.each([
    ['no logger', {}, 'h'],
    ["another server's name", { logger: 'a' }, 'h/a'],
    ['a logger of its own', { logger: 'db/pool' }, 'h/db/pool'],
    ['an empty logger', { logger: '' }, 'h/'],
    // A review's find: text the gateway composes is clipped and on one line, escapes written out.
    ['a 1 MiB logger', { logger: 'L'.repeat(1 << 20) }, `h/${'L'.repeat(127)}…`],
    ['a line break and an escape', { logger: 'x\n[a] \u001b[2Ka' }, 'h/x [a] \\u001b[2Ka'],
  ])('%s: the client reads the logger the gateway composes', async (what, args, logger) => {
    proxy.call(what, 'h__log', { data: what, ...args });
    await proxy.until((r) => r.id === what);
    const said = proxy.replies.filter((r) => r.method === 'notifications/message' && r.params?.['data'] === what);
    expect(said.map((r) => r.params)).toEqual([{ level: 'error', data: what, logger }]);
  });
});
