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
    ['--header=Cookie: X', ['srv', '--header=Cookie: a=b'], ['Cookie: a=b', 'a=b', 'b'], `srv --header=${REDACTED}`],
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

  // A Cookie header was masked as one value, `session=X`: a server echoing X alone (its error quoting the session)
  // showed it, and reports hid which cookies were sent. Each cookie's value is a secret now, its name is not; the
  // whole value stays one too (test/exec/cookie-whole-value-masked.test.ts).
  it.each([
    [
      '-H "Cookie: session=X"',
      ['srv', '-H', 'Cookie: session=abc123xyz'],
      ['session=abc123xyz', 'abc123xyz'],
      `'Cookie: session=${REDACTED}'`,
    ],
    ['--header Cookie:X', ['srv', '--header', 'Cookie:X12345678'], ['X12345678'], `'Cookie:${REDACTED}'`],
    [
      'several, one quoted, one empty',
      ['srv', '-H', 'cookie: a=1; session="q w"; b='],
      ['a=1; session="q w"; b=', '1', 'q w'],
      `'cookie: a=${REDACTED}; session=${REDACTED}; b='`,
    ],
    ['a value holding =', ['srv', '-H', 'Cookie: s=YWJj=='], ['s=YWJj==', 'YWJj=='], `'Cookie: s=${REDACTED}'`],
  ])('%s', (_what, words, secrets, shown) => {
    expect(secretsOf(words)).toEqual(secrets);
    expect(displayCommandLine(words)).toBe(`srv ${words[1]} ${shown}`);
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
    ['--db=URL', ['srv', '--db=redis://:p%40w@h'], ['redis://:p%40w@h', 'p%40w', 'p@w'], `srv --db=${REDACTED}`],
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

  // A newcomer's and a review's finds (test/exec/command-line.test.ts guards each): a JDBC `;password=`, a proxy's
  // `user:pw@host` without a scheme, curl's `-u user:pw`, a bare `Bearer X`, `--pwd`/`--session-id`/`--signature`,
  // and `--max-tokens=N` masked where `--max-tokens N` was not.
  it.each([
    [
      'jdbc:sqlserver ;password=',
      ['srv', 'jdbc:sqlserver://h:1433;user=sa;password=Pw9;encrypt=true'],
      ['Pw9'],
      `srv 'jdbc:sqlserver://h:1433;user=sa;password=${REDACTED};encrypt=true'`,
    ],
    [
      'jdbc:sqlserver ;pwd={...}',
      ['srv', 'jdbc:sqlserver://h;databaseName=app;pwd={a;b}'],
      ['{a;b}'],
      `srv 'jdbc:sqlserver://h;databaseName=app;pwd=${REDACTED}'`,
    ],
    [
      'a ;jsessionid= in an http path',
      ['srv', 'https://h.test/app;jsessionid=AB12/x'],
      ['AB12'],
      `srv 'https://h.test/app;jsessionid=${REDACTED}/x'`,
    ],
    [
      ';user= and ;encrypt= stay',
      ['srv', 'jdbc:sqlserver://h;user=sa;encrypt=true'],
      [],
      "srv 'jdbc:sqlserver://h;user=sa;encrypt=true'",
    ],
    [
      '--proxy user:pw@host:port',
      ['srv', '--proxy', 'admin:pw@h:3128'],
      ['pw'],
      `srv --proxy 'admin:${REDACTED}@h:3128'`,
    ],
    [
      '-x user:pw@IP (curl)',
      ['curl', '-x', 'a:p%40ss@10.0.0.1:3128'],
      ['p%40ss', 'p@ss'],
      `curl -x 'a:${REDACTED}@10.0.0.1:3128'`,
    ],
    ['-u user:pw (curl)', ['curl', '-u', 'admin:pw'], ['pw'], `curl -u 'admin:${REDACTED}'`],
    ['--user user:pw', ['srv', '--user', 'admin:pw'], ['pw'], `srv --user 'admin:${REDACTED}'`],
    ['-u uid:gid stays', ['docker', 'run', '-u', '1000:1000', 'img'], [], 'docker run -u 1000:1000 img'],
    ['-u user alone stays', ['curl', '-u', 'admin', 'h'], [], 'curl -u admin h'],
    [
      '--image name:tag@digest stays',
      ['srv', '--image', 'nginx:1.25@sha256:ab12'],
      [],
      'srv --image nginx:1.25@sha256:ab12',
    ],
    ['Bearer, then its token', ['srv', '-t', 'Bearer', 'tok12345'], ['tok12345'], `srv -t Bearer ${REDACTED}`],
    ['"Bearer X" as one word', ['srv', 'Bearer tok12345'], ['tok12345'], `srv 'Bearer ${REDACTED}'`],
    ['"Bearer" before an option stays', ['srv', 'Bearer', '--verbose'], [], 'srv Bearer --verbose'],
    ['prose with Bearer in it stays', ['srv', 'use a Bearer token here'], [], "srv 'use a Bearer token here'"],
    ['--pwd X', ['srv', '--pwd', 'pw1'], ['pw1'], `srv --pwd ${REDACTED}`],
    ['--session X', ['srv', '--session', 's1'], ['s1'], `srv --session ${REDACTED}`],
    ['--session-id X', ['srv', '--session-id', 's1'], ['s1'], `srv --session-id ${REDACTED}`],
    ['--sessionId:X', ['srv', '--sessionId:s1'], ['s1'], `srv --sessionId:${REDACTED}`],
    ['--sig X', ['srv', '--sig', 'g1'], ['g1'], `srv --sig ${REDACTED}`],
    ['--signature X', ['srv', '--signature', 'g1'], ['g1'], `srv --signature ${REDACTED}`],
    ['--session-name X stays', ['srv', '--session-name', 'dev'], [], 'srv --session-name dev'],
    ['--signature-file X stays', ['srv', '--signature-file', 'a.sig'], [], 'srv --signature-file a.sig'],
    ['--max-tokens=N', ['srv', '--max-tokens=100000000'], [], 'srv --max-tokens=100000000'],
    ['MAX_TOKENS=N', ['env', 'MAX_TOKENS=4096', 'srv'], [], 'env MAX_TOKENS=4096 srv'],
    ['--max-tokens:N', ['srv', '--max-tokens:4096'], [], 'srv --max-tokens:4096'],
    ['--password=N stays masked', ['srv', '--password=12345678'], ['12345678'], `srv --password=${REDACTED}`],
    ['--max-tokens=X stays masked', ['srv', '--max-tokens=tok12345'], ['tok12345'], `srv --max-tokens=${REDACTED}`],
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
    ['sk_live_', 'sk_live_', 24],
    ['sk_test_', 'sk_test_', 24],
    ['rk_live_', 'rk_live_', 24],
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

  // A JWT by its shape (RFC 7519): header and payload each a base64url `{"` (`eyJ`), the signature after a dot.
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.Xq9dLmCk3PzWv0TnYbR2aE5uJhGf8sKoNi1cVwDx7yU';
  it.each([
    ['a JWT alone', ['srv', JWT], [JWT], `srv '${REDACTED}'`],
    ['a JWT after KEY=', ['srv', `--id=${JWT}`], [JWT], `srv --id=${REDACTED}`],
    [
      'an unsecured JWT (no signature)',
      ['srv', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxMjM0In0.'],
      ['eyJhbGciOiJub25lIn0.eyJzdWIiOiIxMjM0In0.'],
      `srv '${REDACTED}'`,
    ],
    ['eyJ words without a payload stay', ['srv', 'eyJhbGciOiJIUzI1NiJ9.json'], [], 'srv eyJhbGciOiJIUzI1NiJ9.json'],
    [
      'a Stripe publishable key stays',
      ['srv', 'pk_live_4f9c2a7e81b3d605Kq7LmN2p'],
      [],
      'srv pk_live_4f9c2a7e81b3d605Kq7LmN2p',
    ],
  ])('%s', (_what, words, secrets, shown) => {
    expect(secretsOf(words)).toEqual(secrets);
    expect(displayCommandLine(words)).toBe(shown);
  });

  it('redactWord masks a URL word as displayWord does, unquoted', () => {
    expect(redactWord('https://h.test/p?k=v1&j=v2')).toBe(`https://h.test/p?k=${REDACTED}&j=${REDACTED}`);
  });
});
