// The depth bound on messages read (src/mcp/message-depth.ts) and how readMessage applies it: a message the proxy
// could not write again is refused where it is read; a reply that deep reaches its request as an error.
import { describe, expect, it } from 'vitest';
import { readMessage, type RpcMessage } from '../../src/mcp/channel.js';
import { jsonValues, MAX_MESSAGE_DEPTH, mayNestDeeper, valuesOf } from '../../src/mcp/message-depth.js';

/** A value `levels` containers deep: arrays, or objects with one member `k`. */
const arrays = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
const objects = (levels: number): string => `${'{"k":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;

describe('jsonValues', () => {
  it.each([
    ['a scalar', '1', 10, 1],
    ['an empty object', '{}', 1, 1],
    ['an object with members', '{"a":1,"b":"x","c":null}', 1, 4],
    ['nested arrays within the bound', '[[1,2],[3]]', 2, 6],
    ['nested arrays one past the bound', '[[1,2],[3]]', 1, -1],
    ['arrays exactly at the bound', arrays(MAX_MESSAGE_DEPTH), MAX_MESSAGE_DEPTH, MAX_MESSAGE_DEPTH],
    ['arrays one past the bound', arrays(MAX_MESSAGE_DEPTH + 1), MAX_MESSAGE_DEPTH, -1],
    ['objects exactly at the bound', objects(MAX_MESSAGE_DEPTH), MAX_MESSAGE_DEPTH, MAX_MESSAGE_DEPTH],
    ['objects one past the bound', objects(MAX_MESSAGE_DEPTH + 1), MAX_MESSAGE_DEPTH, -1],
    ['a member named __proto__ (an own member of what JSON.parse makes)', '{"__proto__":[[1]]}', 3, 4],
    ['50,000 levels, read without recursion', arrays(50_000), MAX_MESSAGE_DEPTH, -1],
  ])('%s', (_name, text, max, expected) => {
    expect(jsonValues(JSON.parse(text), max)).toBe(expected);
  });

  it("counts a parsed object's own members only, whatever a host put on Object.prototype", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto['hostAdded'] = { a: [1, 2, 3] };
    try {
      expect(jsonValues(JSON.parse('{"a":1,"b":{"c":2}}'), 2)).toBe(4);
    } finally {
      delete proto['hostAdded'];
    }
  });

  it('counts a value once measured, and counts again one never measured', () => {
    const message = JSON.parse('{"a":[1,2,{"b":3}]}') as object;
    expect(valuesOf(message)).toBe(6);
    expect(jsonValues(message)).toBe(6);
    expect(valuesOf(message)).toBe(6);
  });

  it('says a text shorter than two brackets a level cannot nest past the bound', () => {
    expect(mayNestDeeper(2 * MAX_MESSAGE_DEPTH)).toBe(false);
    expect(mayNestDeeper(2 * MAX_MESSAGE_DEPTH + 1)).toBe(true);
    expect(arrays(MAX_MESSAGE_DEPTH + 1).length).toBe(2 * MAX_MESSAGE_DEPTH + 2);
  });
});

describe('readMessage and the depth bound', () => {
  /** What readMessage reports for `text`. */
  function read(text: string): { messages: [RpcMessage, string][]; bad: [string, unknown][] } {
    const messages: [RpcMessage, string][] = [];
    const bad: [string, unknown][] = [];
    readMessage(text, { message: (m, t) => messages.push([m, t]), bad: (why, id) => bad.push([why, id]) });
    return { messages, bad };
  }

  it('turns a reply too deep into an error reply to the same id, as JSON text of its own', () => {
    const { messages, bad } = read(`{"jsonrpc":"2.0","id":7,"result":{"x":${arrays(MAX_MESSAGE_DEPTH)}}}`);
    expect(bad).toEqual([]);
    const [message, text] = messages[0] ?? [];
    expect(message).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32603, message: expect.stringContaining(`nested more than ${MAX_MESSAGE_DEPTH} levels deep`) },
    });
    expect(JSON.parse(text ?? '')).toEqual(message);
  });

  it.each([
    ['a request', `{"jsonrpc":"2.0","id":"r","method":"tools/call","params":{"x":${arrays(MAX_MESSAGE_DEPTH)}}}`, 'r'],
    [
      'a notification',
      `{"jsonrpc":"2.0","method":"notifications/message","params":${arrays(MAX_MESSAGE_DEPTH)}}`,
      null,
    ],
    [
      'a reply without an id',
      `{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"","data":${arrays(5000)}}}`,
      null,
    ],
    ['a value that is no message', arrays(5000), null],
  ])('reports %s too deep as bad, with its id', (_name, text, id) => {
    expect(read(text)).toEqual({ messages: [], bad: [['deep', id]] });
  });

  it('reads a message exactly at the bound as it is', () => {
    // The message is level 1, params 2: the array inside takes the other levels.
    const text = `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":${arrays(MAX_MESSAGE_DEPTH - 2)}}}`;
    const { messages, bad } = read(text);
    expect(bad).toEqual([]);
    expect(messages[0]?.[1]).toBe(text);
  });
});
