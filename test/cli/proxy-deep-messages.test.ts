// Messages nested deeper than the proxy can write again (src/mcp/message-depth.ts): JSON.parse reads any depth, but
// JSON.stringify throws past about 4,100 levels, and the proxy writes every message it passes on anew. Before the
// bound, a server's tool with a 6,000-level `_meta`, or a call's error data as deep, threw there and ended the
// proxy. Now such a message is refused where it is read, from either side, and the proxy goes on serving.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_DEPTH } from '../../src/mcp/message-depth.js';
import { POST_HEADERS, openRawSession, startHttpServer, startProxy, stopAll } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/deep-server.mjs');
afterAll(stopAll);

/** `toolgate proxy` on stdio in front of the deep server, with DEEP_IN=`where` (and DEPTH when given). */
function proxy(where: string, depth?: number): RawCli {
  const env = [`DEEP_IN=${where}`, ...(depth === undefined ? [] : [`DEPTH=${depth}`])];
  return new RawCli('proxy', [...env.flatMap((e) => ['--env', e]), '--', process.execPath, SERVER]);
}

/** `[[...]]` nested `levels` deep, as JSON text. */
const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

describe('proxy: a server message nested too deep', () => {
  it('refuses a listing with a tool 6,000 levels deep: start-up fails with a reason, no crash', async () => {
    const cli = proxy('listing');
    try {
      cli.child.stdin.end();
      expect((await cli.exited).code).toBe(2);
      expect(cli.stderr).toContain(`nested more than ${MAX_MESSAGE_DEPTH} levels deep, the limit`);
      expect(cli.stderr).not.toMatch(/RangeError|Maximum call stack/);
    } finally {
      cli.kill();
    }
  });

  it('publishes a listing nested within the bound (its _meta at 990 levels) and passes it on whole', async () => {
    const cli = proxy('listing', MAX_MESSAGE_DEPTH - 10);
    try {
      await cli.initialize();
      const listed = await cli.request('l', 'tools/list', {});
      expect(listed.result?.tools?.map((t) => t.name)).toEqual(['echo']);
      expect(JSON.stringify(listed)).toContain(nested(MAX_MESSAGE_DEPTH - 10));
    } finally {
      cli.kill();
    }
  });

  it.each([
    // The reply is level 1 and its error 2: the data array takes levels 3 to 1,000.
    ['error', 'its data', MAX_MESSAGE_DEPTH - 2],
    // The reply is 1, its result 2, structuredContent 3: the array of its member "x" takes levels 4 to 1,000.
    ['result', 'its structuredContent', MAX_MESSAGE_DEPTH - 3],
  ])('passes on a call %s exactly at the bound (%s)', async (where, _what, depth) => {
    const cli = proxy(where, depth);
    try {
      await cli.initialize();
      cli.call('c', 'echo', { text: 'x' });
      const reply = await cli.until((r) => r.id === 'c');
      expect(reply.error?.code).not.toBe(-32603);
      expect(JSON.stringify(reply)).toContain(nested(depth));
    } finally {
      cli.kill();
    }
  });

  it.each([
    ['error', 'the error data of a tools/call'],
    ['result', 'the result of a tools/call'],
  ])('answers the client with an error for %s too deep (%s), and goes on serving', async (where) => {
    const cli = proxy(where);
    try {
      await cli.initialize();
      cli.call('c', 'echo', { text: 'x' });
      const reply = await cli.until((r) => r.id === 'c');
      expect(reply.error?.code).toBe(-32603);
      expect(reply.error?.message).toContain(`nested more than ${MAX_MESSAGE_DEPTH} levels deep`);
      expect((await cli.request('p', 'ping', {})).result).toEqual({});
      expect(cli.child.exitCode).toBeNull();
    } finally {
      cli.kill();
    }
  });

  it('drops a notification too deep with a line on stderr, and answers the call it came with', async () => {
    const cli = proxy('notification');
    try {
      await cli.initialize();
      cli.call('c', 'echo', { text: 'x' });
      expect((await cli.textOf('c')).trim()).toBe('ok');
      expect(cli.replies.filter((r) => r.method === 'notifications/message')).toEqual([]);
      expect(cli.stderr).toContain('that is not JSON-RPC (nested more than');
    } finally {
      cli.kill();
    }
  });
});

describe('proxy: a client message nested too deep', () => {
  it('answers a request line too deep on stdio as an invalid request, and goes on serving', async () => {
    const cli = proxy('none');
    try {
      await cli.initialize();
      cli.send(`{"jsonrpc":"2.0","id":"d","method":"tools/call","params":{"name":"echo","x":${nested(6000)}}}`);
      const reply = await cli.until((r) => r.id === 'd');
      expect(reply.error?.code).toBe(-32600);
      expect(reply.error?.message).toContain(`nested more than ${MAX_MESSAGE_DEPTH} levels deep`);
      cli.call('e', 'echo', { text: 'y' });
      expect((await cli.textOf('e')).trim()).toBe('ok');
    } finally {
      cli.kill();
    }
  });

  it('refuses a POST too deep with 400 over --listen, and goes on serving', async () => {
    const server = await startHttpServer();
    const running = await startProxy(['--listen', '0', '--url', server.url]);
    const session = await openRawSession(running.url);
    const post = (body: string) =>
      fetch(running.url, { method: 'POST', headers: { ...POST_HEADERS, 'mcp-session-id': session }, body });
    const deep = await post(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${nested(6000)}}}`);
    expect(deep.status).toBe(400);
    const refused = (await deep.json()) as { id: unknown; error: { code: number; message: string } };
    expect(refused.id).toBe(1);
    expect(refused.error.code).toBe(-32600);
    expect(refused.error.message).toContain(`nested more than ${MAX_MESSAGE_DEPTH} levels deep`);
    const ping = await post('{"jsonrpc":"2.0","id":2,"method":"ping"}');
    expect(ping.status).toBe(200);
    expect(await ping.text()).toContain('"id":2');
  });
});
