// A session's answers made after an await go through guardAnswer: should one throw (here toolsListText, made to
// throw once), the client is answered -32603 and the proxy, run in this process, goes on serving. Put back as
// `void work`, the throw is an unhandled rejection, which fails this file (and ended the proxy's process).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openRawSession, startHttpServer, stopAll } from '../cli/http-fixture.js';
import { startInProcess } from './in-process-proxy.js';

const fault = vi.hoisted(() => ({ armed: false }));
vi.mock('../../src/proxy/published.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/proxy/published.js')>();
  return {
    ...m,
    toolsListText: (...args: Parameters<typeof m.toolsListText>) => {
      if (fault.armed) {
        fault.armed = false;
        throw new RangeError('Maximum call stack size exceeded');
      }
      return m.toolsListText(...args);
    },
  };
});

afterAll(stopAll);

describe('proxy --listen: an answer that throws', () => {
  it('is answered -32603, and the session and the proxy go on', async () => {
    const server = await startHttpServer();
    const proxy = await startInProcess(['--listen', '0', '--url', server.url]);
    const session = await openRawSession(proxy.url);
    fault.armed = true;
    const failed = await proxy.post(session, { id: 1, method: 'tools/list' });
    expect(failed).toContain('"code":-32603');
    expect(failed).toContain('the proxy could not answer this request');
    expect(await proxy.post(session, { id: 2, method: 'tools/list' })).toContain('"echo"');
    expect(await proxy.stop()).toBe(0);
  });
});
