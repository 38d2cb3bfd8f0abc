// A server that announces a tools/list_changed while its tools stay the same (server-everything does, right after it
// starts). The proxy printed its start-up summary again after each such re-admission, and told its client of a
// change that changed nothing (but for a --grants client). Now a re-admission that publishes the same tools says
// nothing and tells no one. Real processes: the proxy from source, in front of fixtures/holding-server.mjs with
// CHURN=1 (a change 200 ms after initialized, and one before every later listing).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordOf } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/holding-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-same-relist-'));
const clis: RawCli[] = [];

afterAll(() => {
  for (const c of clis) c.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The proxy with `args`, initialized, once the server that records to `record` was asked for its tools again. */
async function churned(args: string[], record: string): Promise<RawCli> {
  const cli = new RawCli('proxy', args);
  clis.push(cli);
  await cli.request('init', 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {} });
  cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  // Start-up's listing, then at least two re-admissions (each answered with the same tools).
  for (let i = 0; i < 200 && listings(record) < 3; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(listings(record)).toBeGreaterThanOrEqual(3);
  expect(JSON.stringify((await cli.request('l', 'tools/list', {})).result)).toContain('echo');
  return cli;
}

/** How many tools/list the holding server recorded in `file`. */
const listings = (file: string): number =>
  recordOf(file).filter((l) => (l as { method?: string }).method === 'tools/list').length;

const told = (cli: RawCli): number => cli.replies.filter((r) => r.method === 'notifications/tools/list_changed').length;
const summaries = (cli: RawCli): number => cli.stderr.match(/tools published/g)?.length ?? 0;

describe('a tools/list_changed that changes nothing', () => {
  it('proxy: the summary is printed once, and the client is not told of a change', async () => {
    const record = join(dir, 'single.jsonl');
    const cli = await churned(
      ['--env', 'CHURN=1', '--env', `RECORD_FILE=${record}`, '--', process.execPath, SERVER],
      record,
    );
    expect([summaries(cli), told(cli)]).toEqual([1, 0]);
  }, 20_000);

  it('gateway: the same, for the server that announced it', async () => {
    const file = join(dir, 'same.json');
    const server = (env?: object) => ({ command: process.execPath, args: [SERVER], ...(env ? { env } : {}) });
    const record = join(dir, 'gateway.jsonl');
    const churn = server({ CHURN: '1', RECORD_FILE: record });
    writeFileSync(file, JSON.stringify({ mcpServers: { quiet: server(), churn } }));
    const cli = await churned(['--config', file], record);
    expect([summaries(cli), told(cli)]).toEqual([2, 0]);
  }, 20_000);
});
