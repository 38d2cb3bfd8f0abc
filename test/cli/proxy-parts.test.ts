// The proxy's small rules, as tables: grant globs over whole names, and the raw text of a nested member.
import { describe, expect, it } from 'vitest';
import { compileGrants } from '../../src/proxy/grants.js';
import { memberText } from '../../src/mcp/json-member.js';

describe('--allow / --deny', () => {
  it.each([
    [[], [], 'any.name', true],
    [['files.*'], [], 'files.read', true],
    [['files.*'], [], 'files', false],
    [['*'], [], 'a.b.c', true],
    [['read?'], [], 'read1', true],
    [['read?'], [], 'read12', false],
    [['Read'], [], 'read', false],
    [['a.b'], [], 'axb', false],
    [['*'], ['*.delete'], 'files.delete', false],
    [[], ['admin*'], 'admin.reset', false],
    [['files.*'], ['files.write'], 'files.write', false],
    [['x+y'], [], 'x+y', true],
    [['x+y'], [], 'xxy', false],
  ])('allow %j deny %j: %s is granted: %s', (allow, deny, name, granted) => {
    expect(compileGrants(allow, deny).granted(name)).toBe(granted);
  });
});

describe('memberText', () => {
  it.each([
    ['{"params":{"name":"a\\"}","arguments":{"x":[1,{"y":"}"}]}}}', { kind: 'text', text: '{"x":[1,{"y":"}"}]}' }],
    [' { "params" : { "arguments" : 1.0e0 } } ', { kind: 'text', text: '1.0e0' }],
    ['{"params":{"arguments":1,"arguments":2}}', { kind: 'duplicate', key: 'arguments' }],
    ['{"params":{},"params":{"arguments":{}}}', { kind: 'duplicate', key: 'params' }],
    ['{"params":{"name":"x"}}', { kind: 'absent' }],
    // An escaped backslash ends before the quote; an escaped quote does not end the string.
    ['{"params":{"name":"a\\\\","arguments":{"k":"\\\\\\"}"}}}', { kind: 'text', text: '{"k":"\\\\\\"}"}' }],
    ['{"params":{"arguments":[1,[2,{"a":[]}]],"name":"x"}}', { kind: 'text', text: '[1,[2,{"a":[]}]]' }],
    ['{"params":{"arguments":true ,"name":"x"}}', { kind: 'text', text: 'true' }],
    ['{"params":[{"arguments":{}}]}', { kind: 'absent' }],
    ['{"p":{"params":{"arguments":{}}}}', { kind: 'absent' }],
    // A key is its JSON value: escapes spell the same name, a prefix or a longer name is another one.
    ['{"\\u0070arams":{"arguments":[]}}', { kind: 'text', text: '[]' }],
    ['{"params":{"arguments":1,"\\u0061rguments":2}}', { kind: 'duplicate', key: 'arguments' }],
    ['{"param":{"arguments":1},"paramss":2,"params":{"arguments":3}}', { kind: 'text', text: '3' }],
    ['{"a\\"":{"params":1},"params":{"x\\\\":{},"arguments":"]}"}}', { kind: 'text', text: '"]}"' }],
    ['{"params":{"arguments":[{"a":"{["},"]"]}}', { kind: 'text', text: '[{"a":"{["},"]"]' }],
  ])('%s', (text, expected) => {
    expect(memberText(text, ['params', 'arguments'])).toEqual(expected);
  });

  it('agrees with JSON.parse on generated texts (keys with escapes, strings holding brackets and quotes)', () => {
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 48271) % 2147483647; // Park-Miller: exact in doubles
      return seed % n;
    };
    const KEYS = ['params', 'arguments', 'param', 'argumentss', '\\u0070arams', 'argu\\u006dents', 'a\\"', 'x\\\\'];
    const STRINGS = ['"}"', '"]["', '"\\\\"', '"\\""', '"{\\"a\\":1}"', '""'];
    const value = (depth: number): string => {
      // The two outer levels are objects, so params.arguments is often there to find.
      const k = depth < 2 ? 4 : next(depth > 3 ? 3 : 6);
      if (k === 0) return String(next(100) - 50) + (next(2) === 0 ? '.5e1' : '');
      if (k === 1) return STRINGS[next(STRINGS.length)] as string;
      if (k === 2) return ['true', 'false', 'null'][next(3)] as string;
      if (k === 3) return `[ ${Array.from({ length: next(3) }, () => value(depth + 1)).join(' , ')} ]`;
      const members = Array.from({ length: next(4) }, () => `"${KEYS[next(KEYS.length)]}" :${value(depth + 1)}`);
      return `{${members.join(',')}}`;
    };
    let [compared, absent] = [0, 0];
    for (let i = 0; i < 3000; i++) {
      const text = value(0);
      const parsed = JSON.parse(text) as unknown;
      const found = memberText(text, ['params', 'arguments']);
      if (found.kind === 'text') {
        expect(JSON.parse(found.text)).toEqual((parsed as { params: { arguments: unknown } }).params.arguments);
        compared++;
      } else if (found.kind === 'absent') {
        const params = (parsed as Record<string, unknown> | null)?.['params'];
        const isObject = (v: unknown): v is Record<string, unknown> =>
          v !== null && typeof v === 'object' && !Array.isArray(v);
        expect(isObject(parsed) && isObject(params) && Object.hasOwn(params, 'arguments')).toBe(false);
        absent++;
      }
    }
    // The generator reaches the member often enough for the comparison to mean something.
    expect([compared, absent].every((n) => n > 100)).toBe(true);
  });
});
