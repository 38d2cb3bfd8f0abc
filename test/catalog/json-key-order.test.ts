// The order a JSON text gives an object's members (src/catalog/json-key-order.ts): read where a JavaScript object
// would list names like "10" and "2" first, and written back in it.
import { describe, expect, it } from 'vitest';
import { memberNamesInOrder, stringifyInOrder } from '../../src/catalog/json-key-order.js';

describe('memberNamesInOrder', () => {
  it.each([
    ['names like indexes', '{"s":{"z":1,"10":2,"2":3}}', ['z', '10', '2']],
    ['escaped names', '{"s":{"a\\"b":1,"\\u0031":2,"c\\\\":3}}', ['a"b', '1', 'c\\']],
    ['members below it left out', '{"s":{"a":{"x":1,"y":[{"z":2}]},"b":[1,{"w":3}]}}', ['a', 'b']],
    ['the same key deeper elsewhere', '{"t":{"s":{"no":1}},"s":{"yes":1}}', ['yes']],
    ['strings holding braces and colons', '{"s":{"a":"{\\"x\\":1}","b:":"]"}}', ['a', 'b:']],
    ['whitespace of every kind', '{ "s" :\r\n\t{ "9" : 1 ,\n "1" : 2 } }', ['9', '1']],
    ['an empty object', '{"s":{}}', []],
  ])('%s', (_what, text, names) => {
    expect(memberNamesInOrder(text, 's')).toEqual(names);
  });

  it('is undefined when the member is no object, or absent', () => {
    expect(memberNamesInOrder('{"s":[{"a":1}]}', 's')).toBeUndefined();
    expect(memberNamesInOrder('{"t":{"a":1}}', 's')).toBeUndefined();
  });
});

describe('stringifyInOrder', () => {
  it('writes the servers in the order given, the rest as JSON.stringify does', () => {
    const servers = { '2': { a: 1 }, '10': { b: '"\u0001' }, z: {} };
    const text = stringifyInOrder({ x: 1, s: {} }, 's', servers, ['z', '10', '2'], '  ');
    expect(JSON.parse(text)).toEqual({ x: 1, s: servers });
    expect([...text.matchAll(/^ {4}"([^"]+)":/gm)].map((m) => m[1])).toEqual(['z', '10', '2']);
  });

  // A review's find: a key of the document itself holding U+0001 and digits was taken for a stand-in.
  it('leaves a key holding U+0001 and digits as it is', () => {
    const servers = { '2': { env: { '\u00010': 'v' } }, '10': { env: { '\u0001\u00011\u0001\u0001': 'w' } } };
    const text = stringifyInOrder({ s: {} }, 's', servers, ['2', '10'], '  ');
    expect(JSON.parse(text)).toEqual({ s: servers });
    expect([...text.matchAll(/^ {4}"([^"]+)":/gm)].map((m) => m[1])).toEqual(['2', '10']);
  });
});
