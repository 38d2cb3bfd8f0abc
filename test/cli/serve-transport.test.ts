// The stdio transport of `serve` over in-memory streams: each bad line gets its JSON-RPC error and reading goes
// on; end of input closes it once.
import { PassThrough } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { StdioLineTransport } from '../../src/mcp/stdio-line-transport.js';

describe('StdioLineTransport', () => {
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
    const replies = String(output.read())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: unknown; error: { code: number; message: string } });
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
});
