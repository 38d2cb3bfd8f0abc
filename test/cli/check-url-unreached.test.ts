// `check --url`, `lock --url` and a URL server of `check --config` with nothing listening there: the reason named as
// the proxy names it (`the MCP server could not be reached: connect ECONNREFUSED ...`). A newcomer's find: check
// said only undici's "fetch failed", the reason being in its `cause`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-unreached-'));
let url = '';
beforeAll(async () => {
  // A port just freed: nothing listens there.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  url = `http://127.0.0.1:${port}/mcp`;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a URL server nothing listens at', () => {
  it.each([
    ['check --url', () => ['check', '--url', url]],
    ['lock --url', () => ['lock', '--url', url, '--out', join(dir, 'url.lock.json')]],
    [
      'check --config with a url entry',
      () => {
        const file = join(dir, 'config.json');
        writeFileSync(file, JSON.stringify({ mcpServers: { web: { type: 'http', url } } }));
        return ['check', '--config', file];
      },
    ],
  ])('%s: names why it could not be reached', async (_, argv) => {
    const run = await runInProcess(argv());
    const port = new URL(url).port;
    expect(run.err).toContain(`the MCP server could not be reached: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(run.err).not.toContain('fetch failed');
    expect(run.code).not.toBe(0);
  });
});

// A review's find: a TLS failure was said with OpenSSL's lead, the failing thread's id, different on every run.
describe('an https URL served by a plain TCP server', () => {
  it('is said in the same bytes each time, without the thread id OpenSSL leads with', async () => {
    const server = createServer((socket) => socket.on('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const argv = ['check', '--url', `https://127.0.0.1:${port}/mcp`, '--timeout', '5'];
      const first = await runInProcess(argv);
      const second = await runInProcess(argv);
      expect(first.err).toContain('the MCP server could not be reached: ');
      expect(first.err).not.toMatch(/[0-9A-F]{8,}:error:/);
      expect(second.err).toBe(first.err);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
