// A review's find in the lone-surrogate fix: the proxy wrote a server error's message well-formed but passed its
// `data` as it came, and the messages a server sends its client beyond tools too: a log message's data, a progress
// message, a sampling request's messages (which the client's model reads) and an elicitation's text and schema
// (shown to a person). A lone surrogate is not I-JSON, which a model API refuses (Anthropic answers 400, then every
// later request of the conversation). What the proxy rebuilds has each one written as U+FFFD; when two keys of one
// object would become one, an error's data is dropped, a notification not passed, a request refused to its server.
import { describe, expect, it } from 'vitest';
import { NEWEST_INITIALIZE } from '../../src/mcp/versions.js';
import {
  type ClientSide,
  NOT_PASSED,
  serverAnswer,
  serverError,
  serverNotification,
  serverRequest,
} from '../../src/proxy/server-messages.js';
import { loneSurrogateAt } from '../../src/util/jcs.js';

const client: ClientSide = {
  caps: { sampling: {}, elicitation: { form: {}, url: {} } },
  revision: NEWEST_INITIALIZE,
  gateway: false,
};
const MERGING = { 'a\ud800': 1, 'a\ufffd': 2 };
const form = (properties: Record<string, unknown>, message = 'ok') => ({
  mode: 'form',
  message,
  requestedSchema: { type: 'object', properties },
});

/** Each way a server's message reaches the client: what the proxy passes on of `params`, or `undefined` when none. */
const KINDS: Readonly<Record<string, (method: string, params: unknown) => unknown>> = {
  error: (_, params) => serverError(params as never, client, 1 << 20, []),
  notification: (method, params) => {
    const out = serverNotification(method, params, client);
    return out === NOT_PASSED ? undefined : out;
  },
  request: (method, params) => {
    const out = serverRequest(method, params, client);
    return 'params' in out ? out.params : undefined;
  },
};

describe("a lone surrogate in a server's message to its client", () => {
  it.each([
    [
      'error',
      'data',
      '',
      { code: -32000, message: 'ok', data: { detail: 'boom \ud800' } },
      { code: -32000, message: 'ok', data: { detail: 'boom \ufffd' } },
    ],
    [
      'error',
      'a key of data',
      '',
      { code: 1, message: 'm', data: { 'k\udc00': [1] } },
      { code: 1, message: 'm', data: { 'k\ufffd': [1] } },
    ],
    [
      'error',
      'data whose keys merge',
      '',
      { code: 1, message: 'x\ud800', data: MERGING },
      { code: 1, message: 'x\ufffd' },
    ],
    [
      'error',
      "a -32042's elicitation",
      '',
      {
        code: -32042,
        message: 'm',
        data: { elicitations: [{ mode: 'url', message: 'x\ud800', url: 'https://a', elicitationId: '1' }] },
      },
      {
        code: -32042,
        message: 'm',
        data: { elicitations: [{ mode: 'url', message: 'x\ufffd', url: 'https://a', elicitationId: '1' }] },
      },
    ],
    [
      'notification',
      'a log message',
      'notifications/message',
      { level: 'info', logger: 'l\udbff', data: { text: ['x\ud83d'] } },
      { level: 'info', logger: 'l\ufffd', data: { text: ['x\ufffd'] } },
    ],
    ['notification', 'a log whose keys merge', 'notifications/message', { level: 'info', data: MERGING }, undefined],
    [
      'notification',
      'a progress message',
      'notifications/progress',
      { progressToken: 't', progress: 1, message: 'half \udc00' },
      { progressToken: 't', progress: 1, message: 'half \ufffd' },
    ],
    [
      'request',
      'sampling messages',
      'sampling/createMessage',
      {
        messages: [{ role: 'user', content: { type: 'text', text: 'hi \ud800' } }],
        maxTokens: 9,
        systemPrompt: '\udc00',
      },
      {
        messages: [{ role: 'user', content: { type: 'text', text: 'hi \ufffd' } }],
        maxTokens: 9,
        systemPrompt: '\ufffd',
      },
    ],
    [
      'request',
      'an elicitation form',
      'elicitation/create',
      form({ 'n\ud800': { type: 'string', title: 't\udc00' } }, 'your name \ud83d'),
      form({ 'n\ufffd': { type: 'string', title: 't\ufffd' } }, 'your name \ufffd'),
    ],
    [
      'request',
      'a URL elicitation',
      'elicitation/create',
      { mode: 'url', message: 'open \ud800', url: 'https://a.example/', elicitationId: 'e1' },
      { mode: 'url', message: 'open \ufffd', url: 'https://a.example/', elicitationId: 'e1' },
    ],
    [
      'request',
      'a form whose keys merge',
      'elicitation/create',
      form({ 'a\ud800': { type: 'string' }, 'a\ufffd': { type: 'string' } }),
      undefined,
    ],
  ])('%s, %s: written as U+FFFD', (kind, _, method, params, expected) => {
    const out = KINDS[kind]?.(method, params);
    expect(out).toEqual(expected);
    expect(loneSurrogateAt(out)).toBeUndefined();
  });

  it('a message with none, or with a pair, is the same object', () => {
    const error = { code: -32000, message: 'ok \ud83d\ude00', data: { detail: ['\ud83d\ude00'] } };
    expect(serverError(error, client, 1 << 20, [])).toBe(error);
    const log = serverNotification('notifications/message', { level: 'info', data: { a: '\ud83d\ude00' } }, client);
    expect(log).toEqual({ level: 'info', data: { a: '\u{1F600}' } });
  });

  it('a request whose keys merge is refused to its server, saying why', () => {
    const out = serverRequest(
      'elicitation/create',
      form({ 'a\ud800': { type: 'string' }, 'a\ufffd': { type: 'string' } }),
      client,
    );
    expect(out).toEqual({
      error: {
        code: -32602,
        message: 'not passed on: two of its keys are one once each lone surrogate is written as U+FFFD',
      },
    });
  });

  // A review's find: the answers to the client's own requests passed one on, a prompt's messages a model reads.
  it.each([
    [
      'prompts/get',
      { messages: [{ role: 'user', content: { type: 'text', text: 'say \ud800' } }] },
      { messages: [{ role: 'user', content: { type: 'text', text: 'say \ufffd' } }] },
    ],
    [
      'resources/read',
      { contents: [{ uri: 'file:///a', text: 'line \udc00' }] },
      { contents: [{ uri: 'file:///a', text: 'line \ufffd' }] },
    ],
  ])('the answer to %s: written as U+FFFD', (method, result, expected) => {
    const out = serverAnswer(method, { result }, client, 1 << 20, []);
    expect(out).toEqual({ result: expected });
  });

  it('an answer whose keys merge is not passed on, saying why', () => {
    const out = serverAnswer('prompts/get', { result: { messages: [], _meta: MERGING } }, client, 1 << 20, []);
    expect(out).toMatchObject({ error: { message: expect.stringContaining('two of its keys are one') } });
  });
});
