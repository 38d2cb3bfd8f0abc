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
    ['a word that is no URL', ['run', 'a?token=abc', 'x:y@z'], [], "run 'a?token=abc' x:y@z"],
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

  // A review's find: a word after such an option was taken for an option of its own whenever it began with "-", so a
  // base64url token (one in 64 begins so; Go's flag package takes it as the value) showed whole.
  it.each([
    ['--token -X', ['srv', '--token', '-Kx9f2a7e81b3'], ['-Kx9f2a7e81b3'], `srv --token ${REDACTED}`],
    ['-token -X (Go)', ['srv', '-token', '-_9f2a7e81b3'], ['-_9f2a7e81b3'], `srv -token ${REDACTED}`],
    ['--api-key --X', ['srv', '--api-key', '--9f2a7e81b3'], ['--9f2a7e81b3'], `srv --api-key ${REDACTED}`],
    // Still words of their own: a long option, a one-letter option, standard input, the end of options.
    ['--token -v', ['srv', '--token', '-v'], [], 'srv --token -v'],
    ['--password -', ['srv', '--password', '-'], [], 'srv --password -'],
    ['--token --', ['srv', '--token', '--', 'x'], [], 'srv --token -- x'],
  ])('%s', (_what, words, secrets, shown) => {
    expect(secretsOf(words)).toEqual(secrets);
    expect(displayCommandLine(words)).toBe(shown);
  });

  // A review's find: `--token:X` (System.CommandLine's form) showed whole, and the password of a URL after `KEY=` was
  // no secret of its own, so a server echoing it alone (an error quoting it) showed it.
  it.each([
    ['--token:X', ['srv', '--token:tok12345'], ['tok12345'], `srv --token:${REDACTED}`],
    ['-apiKey:X', ['srv', '-apiKey:k:1'], ['k:1'], `srv -apiKey:${REDACTED}`],
    ['--port:X stays', ['srv', '--port:8080'], [], 'srv --port:8080'],
    [
      'KEY=URL',
      ['srv', 'DATABASE_URL=postgresql://u:pw@h/db'],
      ['postgresql://u:pw@h/db', 'pw'],
      `srv DATABASE_URL=${REDACTED}`,
    ],
    [
      '--db=URL',
      ['srv', '--db=redis://:p%40w@h'],
      ['redis://:p%40w@h', 'p%40w', 'p@w'],
      `srv --db=${REDACTED}`,
    ],
  ])('%s', (_what, words, secrets, shown) => {
    expect(secretsOf(words)).toEqual(secrets);
    expect(displayCommandLine(words)).toBe(shown);
  });

  // A review's find: `--max-tokens 100000000` made the number a secret, masked in every listing and result the proxy
  // passed on (a schema's `"maximum": 100000000` became `"<redacted>"`). A count is no secret; other words stay so.
  it.each([
    ['--max-tokens N', ['srv', '--max-tokens', '100000000'], [], 'srv --max-tokens 100000000'],
    ['--maxOutputTokens N', ['srv', '--maxOutputTokens', '4096'], [], 'srv --maxOutputTokens 4096'],
    ['--num-keys N', ['srv', '--num-keys', '12345678'], [], 'srv --num-keys 12345678'],
    ['--max-tokens X', ['srv', '--max-tokens', 'tok12345'], ['tok12345'], `srv --max-tokens ${REDACTED}`],
    ['--password N', ['srv', '--password', '12345678'], ['12345678'], `srv --password ${REDACTED}`],
  ])('%s', (_what, words, secrets, shown) => {
    expect(secretsOf(words)).toEqual(secrets);
    expect(displayCommandLine(words)).toBe(shown);
  });

  // Found by a later sitting: a secret that is a positional word, or part of one, showed in every place
  // test/cli/server-argument-secrets.test.ts lists: a connection string's password, a credential in another
  // scheme's query, a token known by its shape (src/exec/token-shapes.ts).
  const GHP = 'ghp_4f9c2a7e81b3d605Kq7LmN2pX9vR3sT8wYzA';
  it.each([
    [
      'a postgres connection string (the official server takes it so)',
      ['npx', '-y', '@modelcontextprotocol/server-postgres', 'postgresql://user:pw@db.test/app'],
      ['pw'],
      `npx -y @modelcontextprotocol/server-postgres 'postgresql://user:${REDACTED}@db.test/app'`,
    ],
    [
      'redis, no user',
      ['srv', 'redis://:s3cret%2Fx@h:6379'],
      ['s3cret%2Fx', 's3cret/x'],
      `srv 'redis://:${REDACTED}@h:6379'`,
    ],
    [
      'mongodb+srv, its options kept',
      ['srv', 'mongodb+srv://u:p%40ss@c0.test/?retryWrites=true&authSource=admin'],
      ['p%40ss', 'p@ss'],
      `srv 'mongodb+srv://u:${REDACTED}@c0.test/?retryWrites=true&authSource=admin'`,
    ],
    ['jdbc:postgresql', ['srv', 'jdbc:postgresql://u:pw9@h/db'], ['pw9'], `srv 'jdbc:postgresql://u:${REDACTED}@h/db'`],
    [
      "another scheme's query: only the values named as secrets",
      ['srv', 'postgres://h/db?sslmode=require&password=pw%2B1&sslpassword=x9&key=k1'],
      ['pw%2B1', 'pw+1', 'x9', 'k1'],
      `srv 'postgres://h/db?sslmode=require&password=${REDACTED}&sslpassword=${REDACTED}&key=${REDACTED}'`,
    ],
    ['a file URL', ['run', 'file:///x?token=abc'], ['abc'], `run 'file:///x?token=${REDACTED}'`],
    [
      'an http query credential, a positional word',
      ['npx', 'mcp-remote', 'https://h.test/sse?api_key=k1&access_token=t1'],
      ['k1', 't1'],
      `npx mcp-remote 'https://h.test/sse?api_key=${REDACTED}&access_token=${REDACTED}'`,
    ],
    ['a GitHub token alone', ['npx', 'server-github', GHP], [GHP], `npx server-github '${REDACTED}'`],
    ['a token inside a word', ['srv', `-H`, `X-Custom: Bearer ${GHP}`], [GHP], `srv -H 'X-Custom: Bearer ${REDACTED}'`],
    ['a token in a path', ['srv', `https://h.test/${GHP}/x`], [GHP], `srv 'https://h.test/${REDACTED}/x'`],
    ['a token in a query', ['srv', `postgres://h/db?note=${GHP}`], [GHP], `srv 'postgres://h/db?note=${REDACTED}'`],
    // Left as they are: a URL without a password, a user alone, a port, words and paths with a prefix in them.
    ['a URL with a user alone', ['srv', 'postgresql://user@h:5432/db'], [], 'srv postgresql://user@h:5432/db'],
    ['a URL with no password', ['srv', 'redis://h:6379/0'], [], 'srv redis://h:6379/0'],
    ['sk-learn and a path', ['pip', 'sk-learn', '/opt/sk-models/hf_hub'], [], 'pip sk-learn /opt/sk-models/hf_hub'],
    [
      'a long slug without digits or mixed case',
      ['srv', 'sk-abcdefghijklmnopqrstuvwxyzabcdefghij'],
      [],
      'srv sk-abcdefghijklmnopqrstuvwxyzabcdefghij',
    ],
    ['a prefix inside a word', ['srv', `mask${GHP}`], [], `srv mask${GHP}`],
  ])('%s', (_what, words, secrets, shown) => {
    expect(secretsOf(words)).toEqual(secrets);
    expect(displayCommandLine(words)).toBe(shown);
  });

  // One row per shape of the table: each masked at its documented length, and not one character shorter.
  it.each([
    ['sk-', 'sk-proj-', 32],
    ['sk-ant-', 'sk-ant-api03-', 32],
    ['ghp_', 'ghp_', 36],
    ['github_pat_', 'github_pat_', 40],
    ['glpat-', 'glpat-', 20],
    ['xoxb-', 'xoxb-', 20],
    ['hf_', 'hf_', 30],
    ['npm_', 'npm_', 36],
  ])('%s: masked from its shortest tail on', (_what, prefix, min) => {
    const tail = (n: number): string => 'a1B2c3D4e5'.repeat(10).slice(0, n);
    const lead = prefix === 'sk-proj-' || prefix === 'sk-ant-api03-' ? prefix.length - 3 : 0;
    const token = `${prefix}${tail(min - lead)}`;
    expect(secretsOf(['srv', token])).toEqual([token]);
    const short = `${prefix}${tail(min - lead - 1)}`;
    expect(secretsOf(['srv', short])).toEqual([]);
  });

  it.each([
    ['AKIA + 16', 'AKIAIOSFODNN7EXAMPLE', true],
    ['AKIA + 15', 'AKIAIOSFODNN7EXAMPL', false],
    ['AKIA + 17', 'AKIAIOSFODNN7EXAMPLES', false],
    ['AIza + 35', 'AIzaSyD3mWKa4JsXZ-HjGw7ISLn_3namBGewQe9', true],
    ['AIza + 34', 'AIzaSyD3mWKa4JsXZ-HjGw7ISLn_3namBGewQe', false],
  ])('%s: a fixed-length tail', (_what, token, masked) => {
    expect(secretsOf(['srv', token])).toEqual(masked ? [token] : []);
  });

  it('redactWord masks a URL word as displayWord does, unquoted', () => {
    expect(redactWord('https://h.test/p?k=v1&j=v2')).toBe(`https://h.test/p?k=${REDACTED}&j=${REDACTED}`);
  });
});
