// The proxy's small rules, as tables: grant globs over whole names, and the raw text of a nested member.
import { describe, expect, it } from 'vitest';
import { compileGrants } from '../../src/proxy/grants.js';
import { type MemberText, memberText } from '../../src/mcp/json-member.js';

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

  it('finds what the generated texts hold (keys with escapes, strings holding brackets and quotes, duplicates)', () => {
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 48271) % 2147483647; // Park-Miller: exact in doubles
      return seed % n;
    };
    const KEYS = ['params', 'arguments', 'param', 'argumentss', '\\u0070arams', 'argu\\u006dents', 'a\\"', 'x\\\\'];
    const STRINGS = ['"}"', '"]["', '"\\\\"', '"\\""', '"{\\"a\\":1}"', '""'];
    /** A generated value: its text and, for an object, its members by decoded key. */
    type Gen = { text: string; members?: [string, Gen][] };
    const value = (depth: number): Gen => {
      // The two outer levels are objects, so params.arguments is often there to find.
      const k = depth < 2 ? 4 : next(depth > 3 ? 3 : 6);
      if (k === 0) return { text: String(next(100) - 50) + (next(2) === 0 ? '.5e1' : '') };
      if (k === 1) return { text: STRINGS[next(STRINGS.length)] as string };
      if (k === 2) return { text: ['true', 'false', 'null'][next(3)] as string };
      if (k === 3) return { text: `[ ${Array.from({ length: next(3) }, () => value(depth + 1).text).join(' , ')} ]` };
      const raw = Array.from({ length: next(4) }, () => [KEYS[next(KEYS.length)] as string, value(depth + 1)] as const);
      const members = raw.map(([key, v]): [string, Gen] => [JSON.parse(`"${key}"`) as string, v]);
      return { text: `{${raw.map(([key, v]) => `"${key}" :${v.text}`).join(',')}}`, members };
    };
    /** What memberText should find at `path`, read from the generator's own record. */
    const expected = (gen: Gen, path: readonly string[]): MemberText => {
      let at = gen;
      for (const key of path) {
        const hits = (at.members ?? []).filter(([name]) => name === key);
        if (hits.length === 0) return { kind: 'absent' };
        if (hits.length > 1) return { kind: 'duplicate', key };
        at = (hits[0] as [string, Gen])[1];
      }
      return { kind: 'text', text: at.text };
    };
    const seen = { text: 0, absent: 0, duplicate: 0 };
    for (let i = 0; i < 3000; i++) {
      const gen = value(0);
      const found = memberText(gen.text, ['params', 'arguments']);
      expect(found).toEqual(expected(gen, ['params', 'arguments']));
      seen[found.kind]++;
    }
    // The generator reaches each outcome often enough for the comparison to mean something.
    expect(Object.values(seen).every((n) => n > 100)).toBe(true);
  });
});
