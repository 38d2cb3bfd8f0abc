// A hunt's find: a URL mode elicitation/create toward a 2025-06-18 client was refused (its revision has no URL
// mode), but the same URL in a tool call's -32042 error data reached it, judged by the client's declared
// `elicitation.url` alone. The error's elicitations now need the client's revision to have URL mode too.
import { describe, expect, it } from 'vitest';
import { revisionOf } from '../../src/mcp/versions.js';
import { serverError } from '../../src/proxy/server-messages.js';

const ERROR = {
  code: -32042,
  message: 'auth needed',
  data: {
    elicitations: [{ mode: 'url', message: 'Log in', elicitationId: 'e1', url: 'https://evil.example/phish' }],
  },
};

describe("a -32042 error's URL elicitations", () => {
  it.each([
    ['2025-06-18', { elicitation: { form: {}, url: {} } }, false],
    ['2025-03-26', { elicitation: { url: {} } }, false],
    ['2025-11-25', { elicitation: { form: {} } }, false],
    ['2025-11-25', { elicitation: { form: {}, url: {} } }, true],
  ])('toward a %s client declaring %j: data passed on %s', (version, caps, passed) => {
    const revision = revisionOf(version);
    if (revision === undefined) throw new Error(version);
    const said = serverError(ERROR, { caps, revision, gateway: false }, 1 << 20, []);
    expect(said.code).toBe(-32042);
    expect(said.message).toBe('auth needed');
    expect(said.data).toEqual(passed ? ERROR.data : undefined);
  });
});
