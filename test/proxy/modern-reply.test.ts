// A server's answer to a 2026-07-28 client's request, as the proxy passes it on (src/proxy/modern-requests.ts):
// every Result is an object, so a result that is none (null, an array, a string) is refused, not made into an empty
// complete result the server never sent; an object result is made complete, an error passes as it is.
import { describe, expect, it } from 'vitest';
import { modernReply } from '../../src/proxy/modern-requests.js';

describe("a server's answer to a 2026-07-28 request", () => {
  it.each([[null], [[1, 2]], ['text'], [7], [true]])('refuses the result %j: it is no object', (result) => {
    for (const method of ['tools/call', 'prompts/get', 'resources/read'])
      expect(modernReply(method, { result })).toEqual({
        error: { code: -32603, message: "the answer was not passed on: the server's result is not an object" },
      });
  });

  it('makes an object result complete, and passes an error as it is', () => {
    expect(modernReply('prompts/get', { result: { messages: [] } })).toEqual({
      result: { messages: [], resultType: 'complete' },
    });
    const error = { error: { code: -32602, message: 'unknown prompt' } };
    expect(modernReply('prompts/get', error)).toBe(error);
  });
});
