// A hunt's find: a key a client's message gave twice was read as JSON.parse kept it (the last), while a reader in front
// of the proxy keeping the first saw another tool, method or revision. A tools/call's text read in the scan that finds
// its arguments (readCall), and any other message (repeatedKey), name the first key given twice.
import { describe, expect, it } from 'vitest';
import type { RpcMessage } from '../../src/mcp/channel.js';
import { readCall, repeatedKey } from '../../src/mcp/repeated-keys.js';

const V = '"io.modelcontextprotocol/protocolVersion"';
const ENVELOPE = `{${V}:"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`;
/** A tools/call whose text is `head` (before params) and `params`. */
const call = (params: string, head = '"jsonrpc":"2.0","id":1,"method":"tools/call"') => `{${head},"params":${params}}`;

describe('readCall: a tools/call giving a key twice', () => {
  it.each([
    ['name', call('{"name":"hdr","name":"echo","arguments":{}}'), 'name'],
    ['name, one of them escaped', call('{"name":"hdr","\\u006eame":"echo","arguments":{}}'), 'name'],
    ['method', call('{"name":"echo"}', '"jsonrpc":"2.0","id":1,"method":"tools/list","method":"tools/call"'), 'method'],
    ['id', call('{"name":"echo"}', '"jsonrpc":"2.0","id":9,"id":10,"method":"tools/call"'), 'id'],
    ['jsonrpc', call('{"name":"echo"}', '"jsonrpc":"1.0","jsonrpc":"2.0","id":1,"method":"tools/call"'), 'jsonrpc'],
    ['params', `{"id":1,"params":{"name":"hdr","arguments":{}},"params":{"name":"echo"}}`, 'params'],
    ['params, with no arguments in either', `{"id":1,"params":{"name":"hdr"},"params":{"name":"echo"}}`, 'params'],
    ['arguments', call('{"name":"echo","arguments":{"text":1},"arguments":{"text":"a"}}'), 'arguments'],
    ['_meta', call(`{"name":"echo","_meta":{${V}:"2025-11-25"},"_meta":${ENVELOPE}}`), '_meta'],
    [
      'the protocol version in _meta',
      call(`{"name":"echo","_meta":{${V}:"2099-01-01",${V}:"2026-07-28"}}`),
      V.slice(1, -1),
    ],
    [
      'a capability deep in _meta',
      call('{"name":"echo","_meta":{"c":{"elicitation":{"url":{}},"elicitation":{}}}}'),
      'elicitation',
    ],
    ['progressToken', call('{"name":"echo","_meta":{"progressToken":1,"progressToken":2}}'), 'progressToken'],
    ['a key in params that are an array', call('[{"arguments":{},"arguments":1}]'), 'arguments'],
    ['a key in task', call('{"name":"echo","task":{"ttl":1,"ttl":2}}'), 'ttl'],
    ['a key in another top-level member', call('{"name":"echo"}', '"id":1,"x":[{"a":1,"a":2}]'), 'a'],
  ])('%s: refused, naming it', (_, text, key) => {
    const params = (JSON.parse(text) as { params: Record<string, unknown> }).params;
    expect(readCall(text, params)).toEqual({ kind: 'twice', key });
    expect(readCall(text)).toEqual({ kind: 'twice', key });
  });
});

describe('readCall: a tools/call giving each key once', () => {
  it.each([
    ['arguments', call('{"name":"echo","arguments":{"text":"a\\"}"}}'), '{"text":"a\\"}"}'],
    // A key twice inside the arguments is the exact reading's to refuse (validateJSON), which names where.
    ['a key twice inside the arguments', call('{"name":"echo","arguments":{"a":1,"a":2}}'), '{"a":1,"a":2}'],
    ['an envelope', call(`{"name":"echo","arguments":[1],"_meta":${ENVELOPE}}`), '[1]'],
    ['a spaced text', ' { "id" : 1 , "params" : { "arguments" : 1.0e0 , "name" : "echo" } } ', '1.0e0'],
    ['no arguments', call('{"name":"echo"}'), undefined],
    ['no params', '{"jsonrpc":"2.0","id":1,"method":"tools/call"}', undefined],
    ['params that are no object', call('[{"arguments":{}}]'), undefined],
    [
      'a key named like the envelope, one level down',
      call('{"name":"echo","arguments":{"name":"a","params":{}}}'),
      '{"name":"a","params":{}}',
    ],
    ['keys that differ by an escape', call('{"name":"echo","na\\"me":"x","arguments":{}}'), '{}'],
  ])('%s: read', (_, text, args) => {
    const params = (JSON.parse(text) as { params?: Record<string, unknown> }).params;
    expect(readCall(text, params)).toEqual({ kind: 'read', arguments: args });
  });

  it('an object of many keys: found past the first sixteen, at any place', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
    expect(readCall(call(`{${keys.join(',')}}`))).toEqual({ kind: 'read', arguments: undefined });
    expect(readCall(call(`{${[...keys, '"k3":0'].join(',')}}`))).toEqual({ kind: 'twice', key: 'k3' });
  });
});

describe('repeatedKey: any other message of the client', () => {
  it.each([
    ['tools/list, method twice', '{"jsonrpc":"2.0","id":1,"method":"tools/call","method":"tools/list"}', 'method'],
    [
      'resources/read, uri twice',
      '{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"a","uri":"b"}}',
      'uri',
    ],
    [
      'prompts/get, a key twice in its arguments',
      '{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"p","arguments":{"a":"x","a":"y"}}}',
      'a',
    ],
    [
      'tools/list, a key twice in _meta',
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{${V}:"a",${V}:"b"}}}`,
      V.slice(1, -1),
    ],
    [
      'a notification',
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"requestId":2}}',
      'requestId',
    ],
    ['an answer', '{"jsonrpc":"2.0","id":"s1","result":{"action":"decline","action":"accept"}}', 'action'],
    ['a tools/call without an id', '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"a","name":"b"}}', 'name'],
    // A tools/call request is its gate's to read (readCall), in the scan it makes anyway.
    [
      'a tools/call request',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"a","name":"b"}}',
      undefined,
    ],
    ['tools/list, each key once', '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"c"}}', undefined],
  ])('%s: %s', (_, text, key) => {
    expect(repeatedKey(JSON.parse(text) as RpcMessage, text)).toBe(key);
  });
});
