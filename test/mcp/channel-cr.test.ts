// A raw CR in a line read by openChannel, and a CR or LF in an --url server's body (asOneLine): as JSON
// whitespace it is read as a space (it ended an SSE data line when passed on, cutting the message); inside a
// string, where RFC 8259 allows no raw control character, the text stays the parse error it is, not made valid.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { asOneLine, openChannel, type RpcMessage } from '../../src/mcp/channel.js';

/** What a channel reads from `line`: the message's text, or why it was bad. */
async function readLine(line: string): Promise<string> {
  const input = new PassThrough();
  const got = new Promise<string>((resolve) => {
    openChannel(input, new PassThrough(), 1 << 20, {
      message: (_m: RpcMessage, text: string) => resolve(`message ${text}`),
      bad: (why) => resolve(`bad ${why}`),
      closed: () => undefined,
    });
  });
  input.write(`${line}\n`);
  return got;
}

describe('openChannel and raw CRs', () => {
  it.each([
    ['between tokens', '{"jsonrpc":"2.0",\r"id":1,"result":{}}', 'message {"jsonrpc":"2.0", "id":1,"result":{}}'],
    ['inside a string', '{"jsonrpc":"2.0","id":1,"result":{"t":"a\rb"}}', 'bad parse'],
    ['as an escape (no raw CR)', '{"jsonrpc":"2.0","id":1,"result":{"t":"a\\rb"}}', undefined],
  ])('reads a CR %s', async (_where, line, expected) => {
    expect(await readLine(line)).toBe(expected ?? `message ${line}`);
  });

  // An --url server's body or SSE data is read through asOneLine too: it made a string holding a raw LF valid.
  it.each([
    ['CR and LF between tokens', '{"a":\r\n1}', '{"a":  1}'],
    ['an LF inside a string', '{"a":"x\ny"}', '{"a":"x\ny"}'],
    ['a CR inside a string, an LF outside', '{"a":"x\ry",\n"b":1}', '{"a":"x\ry",\n"b":1}'],
    ['no line break', '{"a":"x"}', '{"a":"x"}'],
  ])('asOneLine with %s', (_name, text, expected) => {
    expect(asOneLine(text)).toBe(expected);
  });
});
