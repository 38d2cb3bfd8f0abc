// Why a server could not be reached, without the run-dependent lead of OpenSSL's messages (src/mcp/reach-failure.ts).
import { describe, expect, it } from 'vitest';
import { reachFailureText } from '../../src/mcp/reach-failure.js';

describe('reachFailureText', () => {
  it.each([
    [
      '80DC8DB0197F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number',
      'SSL routines:ssl3_get_record:wrong version number',
    ],
    // As node:http says it (the proxy's client, and check --url's since it lists through it).
    [
      'write EPROTO 806CA46E107F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:x.c:350:\n',
      'write EPROTO SSL routines:ssl3_get_record:wrong version number:x.c:350:',
    ],
    ['connect ECONNREFUSED 127.0.0.1:9', 'connect ECONNREFUSED 127.0.0.1:9'],
    ['getaddrinfo ENOTFOUND x.invalid', 'getaddrinfo ENOTFOUND x.invalid'],
    ['DEADBEEF is not a lead without error:', 'DEADBEEF is not a lead without error:'],
  ])('%s', (message, said) => {
    expect(reachFailureText(message)).toBe(said);
  });
});
