// A hunt's find: the proxy passed a tool result holding a lone surrogate (`\ud83d` in its text) on to the client as
// the server wrote it, and a server's error message (`"boom \ud800"`) too: not I-JSON, which model APIs refuse
// (Anthropic answers 400, then every later request of the conversation fails). A result holding one is refused as
// one with a member named `__proto__` is; an error message, which the proxy rebuilds, has it written as U+FFFD.
import { describe, expect, it } from 'vitest';
import { serverError, type ClientSide } from '../../src/proxy/server-messages.js';
import { NEWEST_INITIALIZE } from '../../src/mcp/versions.js';
import { loneSurrogateAt } from '../../src/util/jcs.js';
import { judgeResult } from './judge-result.js';

describe('a tool result with a lone surrogate, through the proxy', () => {
  it.each([
    ['an escaped high one', '{"content":[{"type":"text","text":"sunny \\ud83d"}]}', '$.content[0].text'],
    ['an escaped low one', '{"content":[{"type":"text","text":"\\udc00"}],"isError":true}', '$.content[0].text'],
    ['one in a key', '{"content":[],"structuredContent":{"k\\ud800":1}}', '$.structuredContent['],
    ['one in _meta', '{"content":[],"_meta":{"a":["x","\\udbff"]}}', '$._meta.a[1]'],
  ])('%s: refused, saying where', (_, text, where) => {
    const r = judgeResult(text);
    expect('text' in r).toBe(false);
    expect(r.problem).toBe('output');
    expect(loneSurrogateAt(r)).toBeUndefined();
    const said = JSON.stringify(r);
    expect(said).toContain('error: tool x ran but its result was not passed on: it holds a lone surrogate at');
    expect(said).toContain(where);
  });

  it('an escaped surrogate pair passes on as the server wrote it', () => {
    const text = '{"content":[{"type":"text","text":"sunny \\ud83d\\ude00"}]}';
    expect(judgeResult(text)).toEqual({ text, problem: undefined });
  });
});

describe("a server's error message with a lone surrogate", () => {
  const client: ClientSide = { caps: { elicitation: { url: {} } }, revision: NEWEST_INITIALIZE, gateway: false };
  it.each([
    ['a plain error', { code: -32000, message: 'boom \ud800' }, 'boom \ufffd'],
    ['a low one and a pair', { code: -32000, message: '\udc00 \ud83d\ude00' }, '\ufffd \u{1F600}'],
    ['a -32042 without its data', { code: -32042, message: 'open \ud83d', data: { x: 1 } }, 'open \ufffd'],
  ])('%s: written as U+FFFD', (_, error, message) => {
    const passed = serverError(error, client, 1 << 20, []);
    expect(passed.message).toBe(message);
    expect(passed.code).toBe(error.code);
  });
});
