// What a stdio client leaves waiting while the server's tools are admitted again: each such tools/call holds its
// text until the admission ends (its arguments are validated as they arrived), which a server can stretch to its
// --timeout per page. --listen bounds its sessions' waiting requests; on stdio nothing did, so 40 calls of 5 MB
// took the proxy from 53 to 513 MB. The same bound holds there now (one for all of a stdio client's requests
// waiting for their answers: stdio-waiting.ts), for a 2026-07-28 client's tools/list too (150 of 5 MB: 806 MB).
// Real processes: the proxy from source, in front of fixtures/holding-server.mjs, whose `relist` starts a
// re-admission it never answers.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_WAITING_REQUESTS } from '../../src/proxy/waiting-requests.js';
import { modernEnvelope } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/holding-server.mjs');
const clis: RawCli[] = [];
afterAll(() => {
  for (const c of clis) c.child.kill('SIGKILL');
});

describe('toolgate proxy on stdio while a re-admission is under way', () => {
  it('refuses a call past the bound on what waits, at once, and keeps the others waiting', async () => {
    const cli = new RawCli('proxy', ['--', process.execPath, SERVER]);
    clis.push(cli);
    await cli.initialize();
    await cli.request('r', 'tools/call', { name: 'relist', arguments: {} });
    for (let i = 0; i <= MAX_WAITING_REQUESTS; i++) cli.call(`c${i}`, 'echo', { msg: String(i) });
    const refused = await cli.until((r) => r.id === `c${MAX_WAITING_REQUESTS}`);
    expect(refused.error?.message).toMatch(
      /^Too Many Requests: 100 requests of this client are waiting for their answers/,
    );
    expect(cli.replies.filter((r) => typeof r.id === 'string' && r.id.startsWith('c'))).toHaveLength(1);
  }, 30_000);

  it("refuses a 2026-07-28 client's tools/list past the same bound", async () => {
    const cli = new RawCli('proxy', ['--', process.execPath, SERVER]);
    clis.push(cli);
    const _meta = modernEnvelope();
    await cli.request('r', 'tools/call', { name: 'relist', arguments: {}, _meta });
    for (let i = 0; i <= MAX_WAITING_REQUESTS; i++)
      cli.send({ jsonrpc: '2.0', id: `l${i}`, method: 'tools/list', params: { _meta } });
    const refused = await cli.until((r) => r.id === `l${MAX_WAITING_REQUESTS}`);
    expect(refused.error?.message).toMatch(
      /^Too Many Requests: 100 requests of this client are waiting for their answers/,
    );
    expect(cli.replies.filter((r) => typeof r.id === 'string' && r.id.startsWith('l'))).toHaveLength(1);
  }, 30_000);
});
