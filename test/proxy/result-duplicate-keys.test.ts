// A hunt's find: a tools/call result with a key written twice was checked as JSON.parse kept it (the last), then
// passed on as the server wrote it: `content` holding `__proto__` first and a clean `content` after reached the
// client byte for byte, and a client keeping the first key reads another result than the one checked.
import { describe, expect, it } from 'vitest';
import { judgeResult as judge } from './judge-result.js';

describe('a tool result with a key written twice', () => {
  it.each([
    [
      'content twice, __proto__ in the first',
      '{"content":[{"type":"text","text":"a","__proto__":{"p":1}}],"content":[{"type":"text","text":"b"}]}',
    ],
    ['a key twice deep inside', '{"content":[{"type":"text","text":"a","text":"b"}]}'],
    ['an escaped spelling of the same key', '{"content":[],"isError":false,"\\u0069sError":true}'],
    // A review's find: what the strict parser refuses first (an inexact number, a lone surrogate) hid the duplicate.
    ['after an inexact number', '{"n":9007199254740993,"content":[{"__proto__":{}}],"content":[]}'],
    ['after an overflowing number', '{"n":1e400,"content":[],"content":[]}'],
    // A lone surrogate is refused itself now, before the duplicate is looked for (result-lone-surrogate.test.ts).
    ['after a lone surrogate escape', '{"s":"\\ud800","content":[],"content":[]}', 'a lone surrogate at $.s'],
    ['after a lone low surrogate escape', '{"s":"\\udc00x","content":[],"content":[]}', 'a lone surrogate at $.s'],
  ])('%s: refused, never passed on as written', (_, text, why = 'twice in one object') => {
    const r = judge(text);
    expect('text' in r).toBe(false);
    expect(r.problem).toBe('output');
    expect(JSON.stringify(r)).toContain(why);
  });

  it('a result without one passes on as the server wrote it', () => {
    const text = '{"content":[{"type":"text","text":"a\\nb"}],"n":9007199254740993}';
    expect(judge(text)).toEqual({ text, problem: undefined });
  });
});
