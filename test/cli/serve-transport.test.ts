// The stdio transport of `serve` over in-memory streams: each bad line gets its JSON-RPC error and reading goes
// on; end of input closes it once.
import { PassThrough } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_DEPTH } from '../../src/mcp/message-depth.js';
import { StdioLineTransport } from '../../src/mcp/stdio-line-transport.js';

/** The error replies the transport wrote to `output`, one a line. */
function repliesOf(output: PassThrough): { id: unknown; error: { code: number; message: string } }[] {
  return String(output.read())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { id: unknown; error: { code: number; message: string } });
}

describe('StdioLineTransport', () => {
  it('reads no more requests while its answers wait for a client that does not read them', async () => {
    const input = new PassThrough();
    // A client that reads nothing: the output's buffer is full after 16 bytes and drains only when read.
    const output = new PassThrough({ highWaterMark: 16 });
    const transport = new StdioLineTransport(JSONRPCMessageSchema, input, output);
    const messages: unknown[] = [];
    transport.onmessage = (m) => messages.push(m);
    await transport.start();
    const sent = [1, 2, 3].map((id) => transport.send({ jsonrpc: '2.0', id, result: { text: 'x'.repeat(64) } }));
    input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages).toEqual([]);
    expect(output.listenerCount('drain')).toBe(1);
    // The client reads: the answers drain, and its request is read.
    output.resume();
    await Promise.all(sent);
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    await transport.close();
  });

  it('answers bad lines with JSON-RPC errors, passes good ones on, and closes once at end of input', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const transport = new StdioLineTransport(JSONRPCMessageSchema, input, output, 64);
    const messages: unknown[] = [];
    let closes = 0;
    transport.onmessage = (m) => messages.push(m);
    transport.onclose = () => closes++;
    await transport.start();
    input.write(`${'x'.repeat(65)}\n{oops\n{"id":7,"no":"method"}\n\n`);
    input.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    input.end();
    await new Promise((resolve) => setImmediate(resolve));
    const replies = repliesOf(output);
    expect(replies.map((r) => [r.id, r.error.code])).toEqual([
      [null, -32600],
      [null, -32700],
      [7, -32600],
    ]);
    expect(replies[0]?.error.message).toContain('longer than 64 bytes');
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(closes).toBe(1);
    await transport.close();
    expect(closes).toBe(1);
  });

  it('refuses a message nested too deep: a request answered, a reply handed on as an error', async () => {
    // The SDK's JSON.stringify of a 6,000-level response (its "unknown message ID" error) threw and ended serve.
    const input = new PassThrough();
    const output = new PassThrough();
    const transport = new StdioLineTransport(JSONRPCMessageSchema, input, output);
    const messages: unknown[] = [];
    transport.onmessage = (m) => messages.push(m);
    await transport.start();
    const deep = `${'['.repeat(6000)}${']'.repeat(6000)}`;
    input.write(`{"jsonrpc":"2.0","id":5,"result":{"x":${deep}}}\n`);
    input.write(`{"jsonrpc":"2.0","id":6,"method":"ping","params":{"x":${deep}}}\n`);
    input.write('{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    const replies = repliesOf(output);
    // The request is answered here; the reply reaches the SDK as an error answering its own request 5.
    expect(replies.map((r) => [r.id, r.error.code])).toEqual([[6, -32600]]);
    expect(replies[0]?.error.message).toContain(`nested more than ${MAX_MESSAGE_DEPTH} levels deep`);
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 5, error: { code: -32603, message: expect.stringContaining('nested more than') } },
      { jsonrpc: '2.0', id: 7, method: 'ping' },
    ]);
    await transport.close();
  });
});
