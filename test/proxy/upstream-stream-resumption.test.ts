// A request's event stream the server closes before its answer is resumed by a GET with `Last-Event-ID`
// (src/proxy/upstream-body.ts). A hunt's finds: every id was echoed, a 20 MB one as a 20 MB header, and one holding
// a control or non-ASCII character broke the resumed request (node:http refuses it in a header); and the same reader
// read on, so an event the closed connection ended in the middle of was joined to the resumed stream's first data.
// Now only a short id of visible ASCII is kept (src/mcp/sse.ts; any other resets the last id), and each connection
// is read anew.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openHttpUpstream } from '../../src/proxy/upstream-http.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/**
 * A loopback server: each POST answered by `post` (with the request's id), each GET with a `Last-Event-ID` by
 * `resumed`, the ids it was given recorded; its URL.
 */
async function serve(
  post: (id: number) => string,
  resumed: (id: number) => string,
): Promise<{ url: URL; lastIds: string[] }> {
  const lastIds: string[] = [];
  let lastCall = 0;
  const s = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const lastId = req.headers['last-event-id'];
      if (req.method === 'GET' && typeof lastId === 'string') {
        lastIds.push(lastId);
        return void res.writeHead(200, { 'content-type': 'text/event-stream' }).end(resumed(lastCall));
      }
      if (req.method !== 'POST') return void res.writeHead(405).end();
      lastCall = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number }).id;
      res.writeHead(200, { 'content-type': 'text/event-stream' }).end(post(lastCall));
    });
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    s.closeAllConnections();
    s.close();
  });
  return { url: new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/mcp`), lastIds };
}

/** The first reply to one tools/call through an HTTP upstream of `url`, and the reasons of the messages dropped. */
async function call(url: URL): Promise<{ reply: { result?: unknown; error?: unknown }; bad: string[] }> {
  const replies: { id?: unknown; result?: unknown; error?: unknown }[] = [];
  const bad: string[] = [];
  const up = openHttpUpstream(
    url,
    {},
    1 << 20,
    { message: (m) => replies.push(m), bad: (why) => bad.push(why) },
    () => undefined,
  );
  closers.push(() => void up.stop());
  up.channel.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} });
  await expect.poll(() => replies.length, { timeout: 10_000 }).toBeGreaterThan(0);
  return { reply: replies[0] as { result?: unknown }, bad };
}

const answer = (id: number, result: object): string => `data: ${JSON.stringify({ jsonrpc: '2.0', id, result })}\n\n`;

describe('a request stream resumed: the id it is resumed from', () => {
  // An earlier sitting's find: an id toolgate would not hold was ignored, so the stream was resumed from the id
  // before it, and a server replaying after that one sent events already seen again (or, its ids being positions,
  // skipped the answer). HTML makes such an id the last event id; toolgate cannot echo it, so it resumes from none:
  // the call fails at once, as on a stream without ids, unless a usable id comes after it.
  it.each([
    ['of 1,025 characters', 'a'.repeat(1025)],
    ['of 100,000 characters', 'a'.repeat(100_000)],
    ['longer than the event bound (its line dropped unread)', 'a'.repeat(1 << 21)],
    ['holding a control character', 'a\x01b'],
    ['holding a space', 'a b'],
    ['not ASCII', 'café'],
  ])('an id %s is not resumed from, nor is the one before it: the call fails', async (_what, id) => {
    const server = await serve(
      () => `retry: 0\nid: e1\ndata: \n\nid: ${id}\ndata: \n\n`,
      (n) => answer(n, { resumed: true }),
    );
    const { reply } = await call(server.url);
    expect(server.lastIds).toEqual([]);
    expect(reply.error).toBeDefined();
  });

  it('a usable id after one not held is resumed from', async () => {
    const server = await serve(
      () => `retry: 0\nid: e1\ndata: \n\nid: café\ndata: \n\nid: e3\ndata: \n\n`,
      (n) => answer(n, { resumed: true }),
    );
    const { reply } = await call(server.url);
    expect(server.lastIds).toEqual(['e3']);
    expect(reply.result).toEqual({ resumed: true });
  });

  // HTML ignores an id field holding NUL: the last event id stays the one before it, as a browser's would.
  it('an id holding NUL is ignored: the one before it is sent, and the call is answered', async () => {
    const server = await serve(
      () => 'retry: 0\nid: e1\ndata: \n\nid: a\0b\ndata: \n\n',
      (n) => answer(n, { resumed: true }),
    );
    const { reply } = await call(server.url);
    expect(server.lastIds).toEqual(['e1']);
    expect(reply.result).toEqual({ resumed: true });
  });

  it('an id of 1,024 visible ASCII characters is sent as it is', async () => {
    const id = `${'~!'.repeat(511)}z9`;
    const server = await serve(
      () => `retry: 0\nid: e1\ndata: \n\nid: ${id}\ndata: \n\n`,
      (n) => answer(n, { resumed: true }),
    );
    const { reply } = await call(server.url);
    expect(server.lastIds).toEqual([id]);
    expect(reply.result).toEqual({ resumed: true });
  });
});

// An `id` field with an empty value resets the last event id (HTML, "Server-sent events", interpreting an event
// stream), and a client resumes from the last id it received (MCP 2025-06-18, "Transports", Resumability): an empty
// one leaves none. It was kept as an id: the stream was resumed with an empty Last-Event-ID, after other ids too.
describe('a request stream resumed: an empty id', () => {
  it.each([
    ['alone', 'retry: 0\nid:\ndata: \n\n', []],
    ['after another id', 'retry: 0\nid: e1\ndata: \n\nid\ndata: \n\n', []],
    ['before another id', 'retry: 0\nid: \ndata: \n\nid: e2\ndata: \n\n', ['e2']],
  ])('%s: no id to resume from', async (_what, stream, sent) => {
    const server = await serve(
      () => stream,
      (n) => answer(n, { resumed: true }),
    );
    const { reply } = await call(server.url);
    expect(server.lastIds).toEqual(sent);
    if (sent.length > 0) expect(reply.result).toEqual({ resumed: true });
    else expect(reply.error).toBeDefined();
  });
});

describe('a request stream resumed: what the closed connection left unended', () => {
  it('an event it ended in the middle of is discarded, not joined to the resumed data', async () => {
    const server = await serve(
      // The stream ends inside an event: its first data line came, the rest never will.
      () => 'retry: 0\nid: j\ndata: \n\nid: k\ndata: {"jsonrpc":"2.0",\n',
      // Read on from the closed event, this is its rest: a whole answer once joined.
      (n) => `data: "id":${n},"result":{"spliced":true}}\n\n${answer(n, { whole: true })}`,
    );
    const { reply, bad } = await call(server.url);
    expect(server.lastIds).toEqual(['j']);
    expect(reply.result).toEqual({ whole: true });
    // The resumed stream's first event, alone, is not JSON.
    expect(bad).toEqual(['parse']);
  });
});

// HTML, "Server-sent events": an event's id becomes the last event id when the event is dispatched. A review's find:
// it was taken as its line came, so a stream closed inside its answer's event was resumed after that event's id,
// and a server replaying what follows it (MCP, "Resumability and Redelivery") never sent the answer again.
describe('a request stream resumed: the id of an event the closed connection ended in the middle of', () => {
  it('is not resumed from: the id before it is, and the answer it held comes again', async () => {
    const server = await serve(
      (n) => `retry: 0\nid: e1\ndata: \n\nid: e2\ndata: {"jsonrpc":"2.0","id":${n},\n`,
      (n) => `id: e2\n${answer(n, { replayed: true })}`,
    );
    const { reply } = await call(server.url);
    expect(server.lastIds).toEqual(['e1']);
    expect(reply.result).toEqual({ replayed: true });
  });
});
