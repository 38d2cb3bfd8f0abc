// What a report shows of an `--mcp` command line, and which of its words are secrets (src/exec/command-line.ts).
// Found by a hunt: a URL word's query values (`npx mcp-remote https://host/sse?token=...`, as desktop configs pass
// them) showed in check's reports and the proxy's stderr, where `--url`'s query values are masked.
import { describe, expect, it } from 'vitest';
import { displayCommandLine, REDACTED, redactWord, secretsOf } from '../../src/exec/command-line.js';

describe('an --mcp command line', () => {
  it.each([
    ['a KEY=VALUE word', ['env', 'TOKEN=abc123'], ['abc123'], `env TOKEN=${REDACTED}`],
    ['an option assignment', ['srv', '--api-key=k3y'], ['k3y'], `srv --api-key=${REDACTED}`],
    [
      "a URL word's query values, as written and decoded",
      ['npx', 'mcp-remote', 'https://mcp.example.com/sse?token=abc%2Bdef&empty=&flag#top'],
      ['abc%2Bdef', 'abc+def'],
      `npx mcp-remote 'https://mcp.example.com/sse?token=${REDACTED}&empty=&flag#top'`,
    ],
    [
      "a URL word's password",
      ['mcp-remote', 'https://user:p%40ss@mcp.example.com/mcp'],
      ['p%40ss', 'p@ss'],
      `mcp-remote 'https://user:${REDACTED}@mcp.example.com/mcp'`,
    ],
    [
      'a URL word without either',
      ['mcp-remote', 'https://mcp.example.com/mcp'],
      [],
      'mcp-remote https://mcp.example.com/mcp',
    ],
    // Found by a review: a malformed escape threw (check and proxy said "internal error"), and a raw "@" in a
    // password showed what followed it.
    [
      'a password with a malformed escape',
      ['mcp-remote', 'https://u:%ZZ@h.test/sse'],
      ['%ZZ'],
      `mcp-remote 'https://u:${REDACTED}@h.test/sse'`,
    ],
    [
      'a password with a raw "@"',
      ['mcp-remote', 'https://u:p@ss@h.test/x'],
      ['p%40ss', 'p@ss'],
      `mcp-remote 'https://u:${REDACTED}@h.test/x'`,
    ],
    // A hunt's note: some services put the key in the path (Zapier's `/s/<key>/mcp`).
    [
      'a path segment that may be a key, as written and decoded',
      ['mcp-remote', 'https://mcp.zapier.com/api/mcp/s/NjI3ZTk0ZjQtYjM5Yi00NDUx%2Fx/mcp?k=v'],
      ['NjI3ZTk0ZjQtYjM5Yi00NDUx%2Fx', 'NjI3ZTk0ZjQtYjM5Yi00NDUx/x', 'v'],
      `mcp-remote 'https://mcp.zapier.com/api/mcp/s/${REDACTED}/mcp?k=${REDACTED}'`,
    ],
    [
      'a UUID segment',
      ['mcp-remote', 'https://h.test/v3/mcp/0f8fad5b-d9cb-469f-a165-70867728950e'],
      ['0f8fad5b-d9cb-469f-a165-70867728950e'],
      `mcp-remote 'https://h.test/v3/mcp/${REDACTED}'`,
    ],
    [
      'long segments that name places',
      ['mcp-remote', 'https://h.test/modelcontextprotocol/weather-api-v2024/everything/?x#/abcdefgh12345678abcd1234'],
      [],
      "mcp-remote 'https://h.test/modelcontextprotocol/weather-api-v2024/everything/?x#/abcdefgh12345678abcd1234'",
    ],
    [
      'no path, a query at once',
      ['mcp-remote', 'https://h.test?abcdefgh12345678abcd1234/x'],
      [],
      "mcp-remote 'https://h.test?abcdefgh12345678abcd1234/x'",
    ],
    ['a word that is no http URL', ['run', 'file:///x?token=abc', 'a?b=c'], [], "run 'file:///x?token=abc' 'a?b=c'"],
  ])('%s', (_what, words, secrets, shown) => {
    expect(secretsOf(words)).toEqual(secrets);
    expect(displayCommandLine(words)).toBe(shown);
  });

  // Found by an earlier sitting: a value after an option that names a secret showed in reports, lock files and the
  // proxy's stderr (test/cli/server-argument-secrets.test.ts guards each place).
  it.each([
    ['--token X', ['srv', '--token', 'tok12345'], ['tok12345'], `srv --token ${REDACTED}`],
    ['-token X (Go)', ['srv', '-token', 'tok12345'], ['tok12345'], `srv -token ${REDACTED}`],
    ['--api-key X', ['srv', '--api-key', 'k'], ['k'], `srv --api-key ${REDACTED}`],
    ['--apiKey X', ['srv', '--apiKey', 'k'], ['k'], `srv --apiKey ${REDACTED}`],
    ['--access_token X', ['srv', '--access_token', 't'], ['t'], `srv --access_token ${REDACTED}`],
    ['--client-secret X', ['srv', '--client-secret', 's'], ['s'], `srv --client-secret ${REDACTED}`],
    ['--password X', ['srv', '--password', 'p w'], ['p w'], `srv --password ${REDACTED}`],
    ['--basic-auth X', ['srv', '--basic-auth', 'u:p'], ['u:p'], `srv --basic-auth ${REDACTED}`],
    ['--credentials X', ['srv', '--credentials', 'c'], ['c'], `srv --credentials ${REDACTED}`],
    ['--bearer X', ['srv', '--bearer', 'b'], ['b'], `srv --bearer ${REDACTED}`],
    [
      'a credential header (mcp-remote)',
      ['npx', 'mcp-remote', 'https://h.test/mcp', '--header', 'Authorization: Bearer tok12345'],
      ['Bearer tok12345', 'tok12345'],
      `npx mcp-remote https://h.test/mcp --header 'Authorization: ${REDACTED}'`,
    ],
    ['-H X-Api-Key:X', ['srv', '-H', 'X-Api-Key:k1'], ['k1'], `srv -H 'X-Api-Key: ${REDACTED}'`],
    ['--header=Cookie: X', ['srv', '--header=Cookie: a=b'], ['Cookie: a=b', 'a=b'], `srv --header=${REDACTED}`],
    // Left as they are: a name that names a place or a name, a negation, a one-letter option, an option after it.
    ['--token-file X', ['srv', '--token-file', '/run/tok'], [], 'srv --token-file /run/tok'],
    ['--auth-url X', ['srv', '--auth-url', 'h.test'], [], 'srv --auth-url h.test'],
    ['--tokenizer X', ['srv', '--tokenizer', 'bpe'], [], 'srv --tokenizer bpe'],
    ['--keyboard X', ['srv', '--keyboard', 'us'], [], 'srv --keyboard us'],
    ['--no-auth X', ['srv', '--no-auth', 'server.js'], [], 'srv --no-auth server.js'],
    ['-k X', ['srv', '-k', 'server.js'], [], 'srv -k server.js'],
    ['--token --verbose', ['srv', '--token', '--verbose'], [], 'srv --token --verbose'],
    ['a header that holds no credential', ['srv', '-H', 'Accept: text/plain'], [], "srv -H 'Accept: text/plain'"],
  ])('%s', (_what, words, secrets, shown) => {
    expect(secretsOf(words)).toEqual(secrets);
    expect(displayCommandLine(words)).toBe(shown);
  });

  it('redactWord masks a URL word as displayWord does, unquoted', () => {
    expect(redactWord('https://h.test/p?k=v1&j=v2')).toBe(`https://h.test/p?k=${REDACTED}&j=${REDACTED}`);
  });
});
