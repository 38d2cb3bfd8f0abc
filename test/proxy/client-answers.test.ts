// A client's answer to a server's request reaches the server rebuilt from the members MCP 2025-11-25 gives that
// request's result (src/proxy/client-answers.ts): extra members are left out, a wrong shape becomes the proxy's
// error, an error answer keeps code, message and data.
import { describe, expect, it } from 'vitest';
import { CANCELLED, type Reply } from '../../src/mcp/peer.js';
import { rebuiltAnswer } from '../../src/proxy/client-answers.js';

const TEXT = { type: 'text', text: 'hi' };
const TASK = { taskId: 't1', status: 'working', ttl: null, createdAt: 'a', lastUpdatedAt: 'b' };
const SAMPLING = { messages: [], maxTokens: 5 };
const WITH_TOOLS = { ...SAMPLING, tools: [{ name: 'x', inputSchema: { type: 'object' } }] };
const TOOL_USE = { type: 'tool_use', id: 'u1', name: 'x', input: { a: [1, { b: null }] } };

const result = (r: unknown): Reply => ({ result: r });
const shaped = (method: string, params: unknown, r: unknown): unknown => {
  const answer = rebuiltAnswer(method, params, result(r));
  return 'result' in answer ? answer.result : answer.error;
};

describe('a client answer is kept with its specified members only', () => {
  it.each([
    ['ping', {}, { extra: 1 }, {}],
    ['ping', {}, { _meta: { k: 1 }, extra: 1 }, { _meta: { k: 1 } }],
    [
      'sampling/createMessage',
      SAMPLING,
      { model: 'm', role: 'assistant', content: { ...TEXT, extra: 1 }, stopReason: 'endTurn', admin: true },
      { model: 'm', role: 'assistant', content: TEXT, stopReason: 'endTurn' },
    ],
    [
      'sampling/createMessage',
      SAMPLING,
      { model: 'm', role: 'assistant', content: { type: 'image', data: 'AA==', mimeType: 'image/png', x: 1 } },
      { model: 'm', role: 'assistant', content: { type: 'image', data: 'AA==', mimeType: 'image/png' } },
    ],
    [
      'sampling/createMessage',
      WITH_TOOLS,
      { model: 'm', role: 'assistant', content: [TEXT, { ...TOOL_USE, x: 1 }], stopReason: 'toolUse' },
      { model: 'm', role: 'assistant', content: [TEXT, TOOL_USE], stopReason: 'toolUse' },
    ],
    [
      'elicitation/create',
      { message: 'q', requestedSchema: { type: 'object', properties: {} } },
      { action: 'accept', content: { a: 'x', b: 2, c: true, d: ['e'] }, other: 1 },
      { action: 'accept', content: { a: 'x', b: 2, c: true, d: ['e'] } },
    ],
    ['elicitation/create', { message: 'q' }, { action: 'decline', content: null }, { action: 'decline' }],
    [
      'roots/list',
      {},
      { roots: [{ uri: 'file:///a', name: 'a', x: 1 }], next: 1 },
      { roots: [{ uri: 'file:///a', name: 'a' }] },
    ],
    ['sampling/createMessage', { ...SAMPLING, task: { ttl: 1 } }, { task: { ...TASK, x: 1 }, y: 2 }, { task: TASK }],
    ['elicitation/create', { message: 'q', task: {} }, { task: TASK }, { task: TASK }],
    [
      'sampling/createMessage',
      { ...SAMPLING, task: {} },
      { model: 'm', role: 'assistant', content: TEXT, x: 1 },
      { model: 'm', role: 'assistant', content: TEXT },
    ],
    ['tasks/get', { taskId: 't1' }, { ...TASK, pollInterval: 5, x: 1 }, { ...TASK, pollInterval: 5 }],
    ['tasks/cancel', { taskId: 't1' }, { ...TASK, status: 'cancelled' }, { ...TASK, status: 'cancelled' }],
    ['tasks/list', {}, { tasks: [TASK], nextCursor: 'c', x: 1 }, { tasks: [TASK], nextCursor: 'c' }],
    ['tasks/result', { taskId: 't1' }, { action: 'cancel', x: 1 }, { action: 'cancel' }],
  ])('%s', (method, params, given, kept) => {
    expect(shaped(method, params, given)).toEqual(kept);
  });
});

describe('a client answer not of its request shape reaches the server as the proxy error', () => {
  it.each([
    ['sampling/createMessage', SAMPLING, { role: 'assistant', content: TEXT }, 'CreateMessageResult'],
    ['sampling/createMessage', SAMPLING, { model: 'm', role: 'system', content: TEXT }, 'CreateMessageResult'],
    ['sampling/createMessage', SAMPLING, { model: 'm', role: 'assistant', content: [TEXT] }, 'CreateMessageResult'],
    ['sampling/createMessage', SAMPLING, { model: 'm', role: 'assistant', content: TOOL_USE }, 'CreateMessageResult'],
    ['sampling/createMessage', WITH_TOOLS, { model: 'm', role: 'user', content: { type: 'x' } }, 'CreateMessageResult'],
    ['sampling/createMessage', SAMPLING, { model: 'm', role: 'assistant', content: { type: 'text' } }, 'Create'],
    ['elicitation/create', {}, { action: 'maybe' }, 'ElicitResult'],
    ['elicitation/create', {}, { action: 'accept', content: { a: { deep: 1 } } }, 'ElicitResult'],
    ['elicitation/create', {}, { action: 'accept', content: { a: [1] } }, 'ElicitResult'],
    ['roots/list', {}, { roots: [{ uri: 'https://x' }] }, 'ListRootsResult'],
    ['roots/list', {}, { roots: 'file:///a' }, 'ListRootsResult'],
    ['roots/list', {}, [], 'ListRootsResult'],
    ['ping', {}, 'pong', 'EmptyResult'],
    ['sampling/createMessage', { ...SAMPLING, task: {} }, { model: 'm', content: TEXT }, 'CreateTaskResult or'],
    ['tasks/get', {}, { ...TASK, status: 'done' }, 'GetTaskResult'],
    ['tasks/list', {}, { tasks: [{ taskId: 1 }] }, 'ListTasksResult'],
    ['logging/setLevel', {}, {}, 'a result the proxy knows'],
  ])('%s given %j', (method, params, given, named) => {
    const answer = rebuiltAnswer(method, params, result(given));
    expect('error' in answer && answer.error.code).toBe(-32603);
    expect('error' in answer && answer.error.message).toContain(named);
  });
});

describe('an error answer keeps code, message and data only', () => {
  it('rebuilds the error and replaces what is not of its type', () => {
    const e = { code: -32000, message: 'no', data: { why: 1 }, stack: 'host' };
    expect(rebuiltAnswer('roots/list', {}, { error: e } as Reply)).toEqual({
      error: { code: -32000, message: 'no', data: { why: 1 } },
    });
    const odd = { code: 1.5, message: 7 } as unknown as { code: number; message: string };
    expect(rebuiltAnswer('ping', {}, { error: odd })).toEqual({
      error: { code: -32603, message: 'the client answered with an error' },
    });
  });

  it('leaves out a data member that carries __proto__', () => {
    const e = JSON.parse('{"code":-32000,"message":"no","data":{"__proto__":{"admin":true}}}') as Reply;
    expect(rebuiltAnswer('ping', {}, { error: e } as unknown as Reply)).toEqual({
      error: { code: -32000, message: 'no' },
    });
  });

  it('passes CANCELLED as it is', () => {
    expect(rebuiltAnswer('ping', {}, CANCELLED)).toBe(CANCELLED);
  });
});
