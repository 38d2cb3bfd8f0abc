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

  it('redactWord masks a URL word as displayWord does, unquoted', () => {
    expect(redactWord('https://h.test/p?k=v1&j=v2')).toBe(`https://h.test/p?k=${REDACTED}&j=${REDACTED}`);
  });
});
