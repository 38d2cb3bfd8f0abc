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
  ])('%s', (text, expected) => {
    expect(memberText(text, ['params', 'arguments'])).toEqual(expected);
  });
});
