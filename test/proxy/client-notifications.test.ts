// A client's notifications reach the server rebuilt from their specified members (MCP "Progress", "Cancellation"),
// on stdio as over HTTP: before, on stdio, a cancellation or a progress notification was passed on as the client
// sent it, members the proxy refuses in a call's `_meta` (`constructor.prototype`) and all.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MALFORMED, rebuiltCancellation, rebuiltNotification } from '../../src/proxy/client-notifications.js';
import { eventually, recordOf } from '../cli/http-fixture.js';
import { RawCli } from '../cli/raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/holding-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-client-notes-'));
const clis: RawCli[] = [];
const SMUGGLED = { cmd: 'rm -rf /', constructor: { prototype: { polluted: true } } };

afterAll(() => {
  for (const c of clis) c.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('rebuiltNotification', () => {
  it.each([
    ['progress, specified members kept', { progressToken: 't', progress: 1, total: 2, message: 'm' }, 'same'],
    ['progress, others dropped', { progressToken: 1, progress: 1, extra: SMUGGLED }, { progressToken: 1, progress: 1 }],
    ['progress, a plain _meta kept', { progressToken: 1, progress: 1, _meta: { a: 1 } }, 'same'],
    [
      'progress, a _meta with constructor dropped',
      { progressToken: 1, progress: 1, _meta: SMUGGLED },
      { progressToken: 1, progress: 1 },
    ],
    ['progress without a token', { progress: 1 }, MALFORMED],
    ['progress with a token of another type', { progressToken: {}, progress: 1 }, MALFORMED],
    ['progress with a total that is not a number', { progressToken: 1, progress: 1, total: '2' }, MALFORMED],
  ])('%s', (_name, params, expected) => {
    const out = rebuiltNotification('notifications/progress', params);
    expect(out).toEqual(expected === 'same' ? params : expected);
  });

  it("tasks/status: the task's members, anything else dropped; a malformed one goes nowhere", () => {
    const task = { taskId: 't1', status: 'working', ttl: null, createdAt: 'a', lastUpdatedAt: 'b', pollInterval: 5 };
    expect(rebuiltNotification('notifications/tasks/status', { ...task, injected: SMUGGLED })).toEqual(task);
    expect(rebuiltNotification('notifications/tasks/status', { ...task, status: 'pwned' })).toBe(MALFORMED);
    expect(rebuiltNotification('notifications/tasks/status', { ...task, ttl: '1' })).toBe(MALFORMED);
  });

  it('roots/list_changed: no members but a plain _meta', () => {
    expect(rebuiltNotification('notifications/roots/list_changed', { x: SMUGGLED })).toBeUndefined();
    expect(rebuiltNotification('notifications/roots/list_changed', { _meta: { a: 1 } })).toEqual({ _meta: { a: 1 } });
  });

  it('a cancellation: the mapped id and a string reason', () => {
    expect(rebuiltCancellation(7, { requestId: 'x', reason: 'r', smuggled: SMUGGLED })).toEqual({
      requestId: 7,
      reason: 'r',
    });
    expect(rebuiltCancellation(7, { requestId: 'x', reason: 3 })).toEqual({ requestId: 7 });
  });
});

describe('toolgate proxy on stdio', () => {
  it("passes a client's cancellation and progress on rebuilt", async () => {
    const record = join(dir, 'record.jsonl');
    const q = new RawCli('proxy', ['--env', `RECORD_FILE=${record}`, '--', process.execPath, SERVER]);
    clis.push(q);
    await q.initialize();
    q.call(3, 'slow', {});
    const sent = (method: string) =>
      recordOf(record)
        .map((l) => l as { method?: string; params?: unknown })
        .filter((l) => l.method === method);
    expect(await eventually(() => sent('tools/call').length === 1)).toBe(true);
    const forwardedId = (sent('tools/call')[0] as unknown as { id: number }).id;
    q.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 3, reason: 'x', smuggled: SMUGGLED },
    });
    // The malformed one first: the one passed on after it shows it was read (the relay keeps their order).
    q.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } });
    q.send({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 5, progress: 1, extra: SMUGGLED },
    });
    expect(await eventually(() => sent('notifications/progress').length === 1)).toBe(true);
    expect(sent('notifications/cancelled').map((l) => l.params)).toEqual([{ requestId: forwardedId, reason: 'x' }]);
    expect(sent('notifications/progress').map((l) => l.params)).toEqual([{ progressToken: 5, progress: 1 }]);
  }, 30_000);
});
