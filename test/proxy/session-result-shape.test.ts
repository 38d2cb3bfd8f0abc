// A hunt's find: a session's tool results were never held to a CallToolResult's shape. `null`, an array, and a
// result carrying `resultType: "input_required"`, `inputRequests` and `requestState` (an input round only a
// 2026-07-28 server sends, which nothing checked) reached 2025-11-25 session clients as the server wrote them,
// while the stateless path refuses exactly these. Now a result must be an object with a `content` array, and hold
// none of those members; the stateless path (asValue) keeps its own refusal (modern-requests.ts).
import { describe, expect, it } from 'vitest';
import { checkResult } from '../../src/proxy/calls.js';

const PUBLISHED = { outputs: new Map() };

/** checkResult's verdict on a result written as `resultText` in a server's answer line. */
function judged(resultText: string, asValue = false): ReturnType<typeof checkResult> {
  const line = `{"jsonrpc":"2.0","id":1,"result":${resultText}}`;
  const result = (JSON.parse(line) as { result: unknown }).result;
  return checkResult('x', result, line, PUBLISHED, 1 << 20, 'x', asValue);
}

const NOT_CALL_TOOL = 'it is not a CallToolResult (an object with a content array)';
const ROUND =
  '{"content":[],"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create"}},' +
  '"requestState":"s"}';

describe("a session's tool result that is no CallToolResult", () => {
  it.each([
    ['null', NOT_CALL_TOOL],
    ['[1,2]', NOT_CALL_TOOL],
    ['"ok"', NOT_CALL_TOOL],
    ['{}', NOT_CALL_TOOL],
    ['{"content":"ok"}', NOT_CALL_TOOL],
    ['{"resultType":"input_required","inputRequests":{},"requestState":"x"}', NOT_CALL_TOOL],
    [ROUND, 'the server put resultType, inputRequests, requestState in it, which only an MCP 2026-07-28 server'],
    ['{"content":[],"resultType":"complete"}', 'the server put resultType in it'],
  ])('%s: refused (%s)', (text, why) => {
    const checked = judged(text);
    expect(checked.problem).toBe('output');
    expect(JSON.stringify('result' in checked ? checked.result : undefined)).toContain(
      `error: tool x ran but its result was not passed on: ${why}`,
    );
  });

  it.each([
    ['{"content":[]}'],
    ['{"content":[{"type":"text","text":"ok"}],"isError":true}'],
    ['{"content":[{"type":"text","text":"{}"}],"structuredContent":{},"_meta":{"k":1}}'],
  ])('%s: passed on as written', (text) => {
    expect(judged(text)).toEqual({ text, problem: undefined });
  });

  it.each([['null'], [ROUND]])('%s toward a 2026-07-28 client (asValue): left to its own refusal', (text) => {
    expect(judged(text, true).problem).toBeUndefined();
  });
});
