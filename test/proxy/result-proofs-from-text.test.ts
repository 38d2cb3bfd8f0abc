// The proxy proves two things about every call's arguments and result from the text it already read, not by a
// second walk or parse: no member named `__proto__` (a text that spells neither the name nor a `\u` escape has
// none) and no key written twice in a result (the tally of the value JSON.parse made against the text's length).
// Each shortcut must still refuse every spelling the full search refuses.
import { describe, expect, it } from 'vitest';
import { duplicateKeyIn } from '../../src/arguments/json-text.js';
import { defineTool, Registry } from '../../src/index.js';
import { gateCall } from '../../src/mcp/call-gate.js';
import { protoMemberPath } from '../../src/mcp/forward.js';
import { judgeResult as judge } from './judge-result.js';

const PROTO_SPELLINGS: readonly (readonly [string, string])[] = [
  ['written plainly', '{"a":[{"__proto__":{"p":1}}]}'],
  ['its first letter escaped', '{"a":[{"\\u005f_proto__":{"p":1}}]}'],
  ['every letter escaped', '{"a":[{"\\u005F\\u005F\\u0070\\u0072\\u006F\\u0074\\u006F\\u005F\\u005F":{"p":1}}]}'],
];

describe('a member named __proto__ found from the text it was read from', () => {
  it.each(PROTO_SPELLINGS)('%s: found', (_, text) => {
    expect(protoMemberPath(JSON.parse(text), text)).toBe('$.a[0].__proto__');
  });

  it('a text spelling neither decides without a walk (the caller passes the text the value was read from)', () => {
    expect(protoMemberPath(JSON.parse('{"a":{"__proto__":1}}'), '{"a":{"b":1}}')).toBeUndefined();
    expect(protoMemberPath(JSON.parse('{"a":{"__proto__":1}}'))).toBe('$.a.__proto__');
  });

  it.each(PROTO_SPELLINGS)('a result with it %s: refused, never passed on', (_, text) => {
    const r = judge(`{"content":[],"structured":${text}}`);
    expect('text' in r).toBe(false);
    expect(r.problem).toBe('output');
    expect(JSON.stringify(r)).toContain('__proto__');
  });

  it.each(PROTO_SPELLINGS)('arguments with it %s: refused before anything is forwarded', (_, text) => {
    const registry = new Registry();
    registry.register(defineTool({ name: 'echo', inputSchema: { type: 'object' }, execute: () => 'ok' }));
    const request = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":${text}}}`;
    const params = (JSON.parse(request) as { params: Record<string, unknown> }).params;
    const verdict = gateCall(registry, 'echo', params['arguments'], { requestText: request }, params);
    expect(verdict.kind).toBe('invalid');
    expect(JSON.stringify(verdict)).toContain('__proto__');
  });
});

describe('a key written twice found with the parsed value at hand', () => {
  it.each([
    ['a key twice', '{"content":[{"type":"text","text":"a","text":"b"}]}', 'text'],
    ['the same key escaped', '{"isError":false,"\\u0069sError":true}', 'isError'],
    ['twice after an inexact number', '{"n":9007199254740993,"c":1,"c":2}', 'c'],
    ['twice, spaced as Python writes', '{"c": 1, "c": 2}', 'c'],
  ])('%s: found', (_, text, key) => {
    expect(duplicateKeyIn(text, { value: JSON.parse(text) })).toBe(key);
  });

  it('a text without one: proven', () => {
    const text = '{"content":[{"type":"text","text":"a b"}],"n":-0.5,"m":1e21,"isError":false}';
    expect(duplicateKeyIn(text, { value: JSON.parse(text) })).toBeUndefined();
  });
});
