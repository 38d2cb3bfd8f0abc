// A task the client never got is not the session's: a hunt found the proxy remembering the task of an answer it
// refused (over --max-result), then forwarding tasks/get of it, and remembering task ids of any length (a server's
// 5 MB ids took one session from 53 MB to 718 MB in 120 calls). A task is remembered only when its answer is passed
// on now, and an answer whose taskId is over 1,024 characters is refused (src/proxy/held-ids.ts).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawCli } from '../cli/raw-cli.js';

const SERVER = join(new URL('.', import.meta.url).pathname, 'fixtures/task-answer-server.mjs');
const MAX_RESULT = 10_000;
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

let cli: RawCli;
beforeAll(async () => {
  cli = new RawCli('proxy', ['--quiet', '--max-result', String(MAX_RESULT), '--', process.execPath, SERVER]);
  await cli.request('init', 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: { tasks: { requests: {} } },
    clientInfo: { name: 'raw', version: '0' },
  });
  cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
});
afterAll(async () => {
  cli.child.stdin.end();
  cli.kill();
  await cli.exited;
});

describe("a task is the session's only when its answer reached the client", () => {
  it.each([
    ['an answer over --max-result', 'short-1', MAX_RESULT, /the task answer is over --max-result/],
    ['a taskId over 1,024 characters', 'l'.repeat(1025), 0, /which has a taskId over 1024 characters; not passed on/],
  ])('%s: refused, and tasks/get of its task answered unknown task, not forwarded', async (_, id, pad, why) => {
    const made = await cli.request(`call-${id.length}-${pad}`, 'tools/call', { name: 'job', arguments: { id, pad } });
    expect(made).toMatchObject({ error: { message: expect.stringMatching(why) } });
    const got = await cli.request(`get-${id.length}-${pad}`, 'tasks/get', { taskId: id });
    expect(got).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/^unknown task/) } });
  });

  it.each([
    ['a UUID', UUID],
    ['1,024 characters', 'k'.repeat(1024)],
  ])('a taskId of %s within --max-result: passed on, and tasks/get of it forwarded', async (_, id) => {
    const made = await cli.request(`call-${id.length}`, 'tools/call', { name: 'job', arguments: { id } });
    expect(made.result).toMatchObject({ task: { taskId: id } });
    const got = await cli.request(`get-${id.length}`, 'tasks/get', { taskId: id });
    expect(got.result).toMatchObject({ taskId: id, status: 'working' });
  });
});
