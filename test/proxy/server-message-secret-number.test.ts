// What a server sends its client beyond tools (an elicitation's requestedSchema, a log message's data, a prompt or a
// resource, an error's data) went on with a secret the proxy masks as a number turned into the string "<redacted>": an
// elicitation's `default` of another type than its schema's, silently. By the rule a listed tool is withheld and a
// tool's result refused by (src/proxy/client-masker.ts holdsSecretNumber), such a request is refused to its server,
// a notification not passed on, an answer refused and an error's data dropped (src/proxy/server-messages.ts).
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

const SECRETS = ['12345678'];
const client: ClientSide = {
  caps: { sampling: {}, elicitation: { form: {}, url: {} } },
  revision: NEWEST_INITIALIZE,
  gateway: false,
  secrets: SECRETS,
};
const HELD = 'it holds a value given to the server as a number: masked, that number would become a string';
const elicitation = (pin: number | string) => ({
  mode: 'form',
  message: 'your PIN',
  requestedSchema: {
    type: 'object',
    properties: { pin: { type: typeof pin === 'number' ? 'integer' : 'string', default: pin } },
  },
});

describe('a server message holding a secret as a number', () => {
  it('an elicitation: refused to the server; one holding it as a string passes, masked later', () => {
    expect(serverRequest('elicitation/create', elicitation(12345678), client)).toEqual({
      error: { code: -32602, message: `not passed on: ${HELD}` },
    });
    expect(serverRequest('elicitation/create', elicitation('12345678'), client)).toHaveProperty('params');
    expect(serverRequest('elicitation/create', elicitation(12345678), { ...client, secrets: [] })).toHaveProperty(
      'params',
    );
  });

  it('a notification: not passed on', () => {
    const log = { level: 'info', data: { pin: 12345678 } };
    expect(serverNotification('notifications/message', log, client)).toBe(NOT_PASSED);
    expect(serverNotification('notifications/message', { level: 'info', data: { n: 1 } }, client)).not.toBe(NOT_PASSED);
  });

  it('an error: its data dropped, its message kept', () => {
    const error = { code: -32000, message: 'bad pin', data: { pin: 12345678 } };
    expect(serverError(error, client, 1 << 20, SECRETS)).toEqual({ code: -32000, message: 'bad pin' });
  });

  it('an answer: refused', () => {
    const prompt = { messages: [{ role: 'user', content: { type: 'text', text: 'x', _meta: { n: 12345678 } } }] };
    const answered = serverAnswer('prompts/get', { result: prompt }, client, 1 << 20, SECRETS);
    expect(answered).toEqual({
      error: { code: -32603, message: `the MCP server's answer was not passed on: ${HELD}` },
    });
  });
});
