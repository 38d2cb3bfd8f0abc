// A server that announces a change during every listing, and whose listings are slower than the proxy's re-admission
// pace (src/proxy/readmit-pace.ts: three a second) so that the pace never holds a re-admission back. Each
// re-admission then ran again and again without end, and every tools/list and call waiting for it (on a single
// server, or tools/list of the whole gateway) was never answered. Real processes: the proxy from source, in front
// of fixtures/holding-server.mjs with CHURN=1 and LIST_DELAY.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/holding-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-slow-churn-'));
const clis: RawCli[] = [];
const CHURN = { CHURN: '1', LIST_DELAY: '400' };

afterAll(() => {
  for (const c of clis) c.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The proxy with `args`, initialized; the time its client's next requests start from. */
async function started(args: string[]): Promise<RawCli> {
  const cli = new RawCli('proxy', args);
  clis.push(cli);
  await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
  cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  // The first change comes 200 ms after initialized: from then on every listing is slow and announces another.
  await new Promise((resolve) => setTimeout(resolve, 700));
  return cli;
}

describe('re-admissions of a server whose slow listings each announce a change', () => {
  it('answer a call and tools/list waiting for them', async () => {
    const env = Object.entries(CHURN).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
    const cli = await started([...env, '--', process.execPath, SERVER]);
    const ran = await cli.request('c', 'tools/call', { name: 'echo', arguments: { msg: 'slow churn' } });
    expect(JSON.stringify(ran.result)).toContain('slow churn');
    expect(JSON.stringify((await cli.request('l', 'tools/list', {})).result)).toContain('echo');
  }, 20_000);

  it('answer the gateway tools/list, which waits for every server', async () => {
    const file = join(dir, 'slow-churn.json');
    const server = (env?: object) => ({ command: process.execPath, args: [SERVER], ...(env ? { env } : {}) });
    writeFileSync(file, JSON.stringify({ mcpServers: { good: server(), churn: server(CHURN) } }));
    const cli = await started(['--config', file]);
    const listed = JSON.stringify((await cli.request('l', 'tools/list', {})).result);
    expect(listed).toContain('good__echo');
    expect(listed).toContain('churn__echo');
  }, 20_000);
});
