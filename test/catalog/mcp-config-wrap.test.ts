// The wrap rules on single entries: what counts as already routed through the proxy, and what undo refuses.
import { describe, expect, it } from 'vitest';
import { unwrapEntry, wrapEntry, wrapServers } from '../../src/catalog/mcp-config-wrap.js';
import { gateOf, routedThroughProxy } from '../../src/catalog/wrap-gate.js';

describe('routedThroughProxy', () => {
  it.each([
    [{ command: 'npx', args: ['-y', 'toolgate', 'proxy', 'node', 's.js'] }, true],
    [{ command: 'npx', args: ['-y', 'toolgate@0.1.0', 'proxy', 'x'] }, true],
    [{ command: 'toolgate', args: ['proxy', 'x'] }, true],
    [{ command: 'node', args: ['/opt/node_modules/toolgate/dist/cli/main.js', 'proxy', 'x'] }, true],
    [{ command: 'toolgate', args: ['proxy', 'x'], toolgate: { wrapped: { command: 'x', args: [] } } }, true],
    [{ command: 'npx', args: ['-y', 'toolgate', 'check'] }, false],
    [{ command: 'npx', args: ['-y', 'not-toolgate-at-all', 'proxy'] }, false],
    [{ command: 'node', args: ['proxy'] }, false],
    // An npm alias or a file or URL spec runs another package under toolgate's name: not gated (a hunt's find; wrap
    // said "nothing to change", exit 0).
    [{ command: 'npx', args: ['-y', 'toolgate@npm:some-other-package', 'proxy', 'x'] }, false],
    [{ command: 'npx', args: ['--yes', 'toolgate@file:evil.tgz', 'proxy', 'x'] }, false],
    [{ command: 'npx', args: ['-y', 'toolgate@https:x', 'proxy', 'x'] }, false],
    [{ command: 'npx', args: ['-y', 'toolgate@..', 'proxy', 'x'] }, false],
    [{ command: 'npx', args: ['-y', 'toolgate@./x', 'proxy', 'x'] }, false],
    [{ command: 'npx', args: ['-y', 'toolgate@^0.1', 'proxy', 'x'] }, true],
    [{ command: 'npx', args: ['-y', 'toolgate@>=0.1 <0.3', 'proxy', 'x'] }, true],
    [{ command: 'npx', args: ['-y', 'toolgate@latest', 'proxy', 'x'] }, true],
  ])('%j: %s', (entry, routed) => {
    expect(routedThroughProxy(entry)).toBe(routed);
  });

  it('counts the launcher given as toolgate too', () => {
    const entry = { command: 'node', args: ['/clone/dist/cli/main.js', 'proxy', 'x'] };
    expect(routedThroughProxy(entry)).toBe(false);
    expect(routedThroughProxy(entry, ['node', '/clone/dist/cli/main.js'])).toBe(true);
  });
});

describe('wrapEntry / unwrapEntry', () => {
  it('puts -- before a command that looks like an option, so the proxy does not read it as one', () => {
    const wrapped = wrapEntry('x', { command: '-weird', args: ['a'] }, ['toolgate']) as { args: string[] };
    expect(wrapped.args).toEqual(['proxy', '--', '-weird', 'a']);
  });

  it('numbers two headers whose names map to one variable', () => {
    const wrapped = wrapEntry('x', { url: 'http://127.0.0.1:1/', headers: { 'X-A': 'one', X_A: 'two' } }, ['t']);
    expect((wrapped as { env: object }).env).toEqual({
      TOOLGATE_HEADER_X_A: 'one',
      TOOLGATE_HEADER_X_A_2: 'two',
      TOOLGATE_URL: 'http://127.0.0.1:1/',
    });
  });

  // The URL went on the command line with its query: a key in it (`?api_key=`) moved from a private config to a
  // process list any local user reads (a hunt's find). It moves into env as header values do; undo brings it back.
  it('moves every URL into env (--url env:TOOLGATE_URL), and undo restores it', () => {
    const original = { url: 'https://h.example/mcp?api_key=SEKRET', headers: { A: 'b' } };
    const wrapped = wrapEntry('x', original, ['t']) as { args: string[]; env: Record<string, string> };
    expect(wrapped.args).toEqual(['proxy', '--url', 'env:TOOLGATE_URL', '--header', 'A: env:TOOLGATE_HEADER_A']);
    expect(wrapped.env).toEqual({ TOOLGATE_HEADER_A: 'b', TOOLGATE_URL: original.url });
    expect(JSON.stringify(wrapped).split('SEKRET').length).toBe(2);
    expect(unwrapEntry(wrapped)).toEqual(original);
    expect(unwrapEntry({ ...wrapped, env: { TOOLGATE_HEADER_A: 'b' } })).toBe('"url": its value is no longer in "env"');
    // A key in the path (a hunt's note: Zapier's `/s/<key>/mcp`) stays off the command line too.
    const inPath = { url: 'https://h.example/api/mcp/s/SEKRET-KEY/mcp' };
    const plain = wrapEntry('x', inPath, ['t']) as { args: string[]; env: Record<string, string> };
    expect(plain.args).toEqual(['proxy', '--url', 'env:TOOLGATE_URL']);
    expect(plain.env).toEqual({ TOOLGATE_URL: inPath.url });
    expect(unwrapEntry(plain)).toEqual(inPath);
  });

  it('refuses to undo an entry whose env no longer holds a recorded value', () => {
    const wrapped = wrapEntry('x', { command: 'node', env: { KEY: 'v' } }, ['t']) as Record<string, unknown>;
    expect(unwrapEntry({ ...wrapped, env: {} })).toBe('"env" KEY: its value is no longer in "env"');
    expect(unwrapEntry({ ...wrapped, env: { KEY: 'new' } })).toEqual({ command: 'node', env: { KEY: 'new' } });
  });

  it('names an unknown entry and leaves it as it is', () => {
    const { servers, notes } = wrapServers({ a: 'text' }, { undo: false, launcher: ['t'] });
    expect(servers).toEqual({ a: 'text' });
    expect(notes).toEqual([{ name: 'a', outcome: 'left', why: 'not an object' }]);
  });
});

describe('what counts as gated', () => {
  const record = { wrapped: { command: 'node', args: ['s.js'] } };
  it.each([
    ['a stray toolgate member', { command: 'node', args: ['s.js'], toolgate: null }, 'is not the record wrap writes'],
    ['a record of another shape', { command: 'toolgate', args: ['proxy', 'x'], toolgate: { wrapped: {} } }, 'is not'],
    [
      'a record with a raw env value',
      {
        command: 'toolgate',
        args: ['proxy', 'x'],
        toolgate: {
          wrapped: { command: 'x', env: { K: 'raw' } },
        },
      },
      'is not the record wrap writes',
    ],
    [
      'a record on an entry not started by the proxy',
      { command: 'node', args: ['s.js'], toolgate: record },
      'does not start toolgate proxy',
    ],
    [
      'a docker image named toolgate',
      { command: 'docker', args: ['run', 'ghcr.io/evil/toolgate', 'proxy'] },
      'looks routed through toolgate proxy',
    ],
    ['an npm scope named toolgate', { command: 'npx', args: ['-y', '@toolgate', 'proxy'] }, 'looks routed'],
  ])('names %s rather than counting it as gated', (_, entry, why) => {
    expect(gateOf(entry, ['toolgate'])).toContain(why);
    const { servers, notes } = wrapServers({ a: entry }, { undo: false, launcher: ['toolgate'] });
    expect(servers['a']).toBe(entry);
    expect(notes[0]?.outcome).toBe('left');
  });

  it('names a malformed record on undo rather than counting the entry as restored', () => {
    const { notes } = wrapServers({ a: { command: 'node', toolgate: null } }, { undo: true, launcher: [] });
    expect(notes).toEqual([{ name: 'a', outcome: 'left', why: expect.stringContaining('is not the record') }]);
  });
});

describe('keys named __proto__', () => {
  it('keeps a server named __proto__ and __proto__ keys of env and headers through wrap and undo', () => {
    const servers = JSON.parse(
      '{"__proto__": {"command": "node", "env": {"__proto__": "e"}},' +
        ' "u": {"url": "http://127.0.0.1:1/", "headers": {"__proto__": "h"}}}',
    );
    const wrapped = wrapServers(servers, { undo: false, launcher: ['t'] });
    expect(Object.keys(wrapped.servers)).toEqual(['__proto__', 'u']);
    expect(wrapped.notes.map((n) => n.outcome)).toEqual(['changed', 'changed']);
    const undone = wrapServers(JSON.parse(JSON.stringify(wrapped.servers)), { undo: true, launcher: [] });
    expect(JSON.stringify(undone.servers)).toBe(JSON.stringify(servers));
  });
});

describe('entries the proxy would refuse, or whose secrets wrap would copy raw', () => {
  it.each([
    ['headers on a stdio entry', { command: 'node', headers: { Authorization: 'Bearer S' } }, '"headers" beside'],
    ['env on a URL entry', { url: 'http://127.0.0.1:1/', env: { TOKEN: 'S' } }, '"env" beside a "url"'],
    ['an env key with a dash', { command: 'node', env: { 'MY-VAR': 'v' } }, '"env" key "MY-VAR"'],
    ['an env key like an option', { command: 'node', env: { '-x': 'v' } }, '"env" key "-x"'],
    ['an empty env key', { command: 'node', env: { '': 'v' } }, '"env" key ""'],
    // What follows "=" is a value (a hunt: `"TOKEN=KeyValSecret-123456"` printed whole on stderr).
    ['an env key holding =', { command: 'node', env: { 'FOO=injected': 'v' } }, '"env" key "FOO=<redacted>"'],
    // VS Code's envFile reaches the proxy only: wrapped, the server lost its variables (exit 0, a hunt).
    ['an envFile (VS Code)', { type: 'stdio', command: 'npx', envFile: '.env' }, '"envFile"'],
  ])('leaves %s as it is, named', (_, entry, why) => {
    const { servers, notes } = wrapServers({ a: entry }, { undo: false, launcher: ['t'] });
    expect(servers['a']).toBe(entry);
    expect(notes).toEqual([{ name: 'a', outcome: 'left', why: expect.stringContaining(why) }]);
  });
});

// A hunt's finds: each of these started something other than toolgate's proxy, or may have, and wrap counted it as
// gated (the file unchanged, exit 0).
describe('an entry whose launch may run other code is not counted as gated', () => {
  const gated = (command: string, args: string[], env?: Record<string, string>) =>
    gateOf({ command, args, ...(env === undefined ? {} : { env }) });
  it.each([
    [
      'a relative main.js (found from the client folder)',
      gated('node', ['./vendor/toolgate/dist/cli/main.js', 'proxy', 'x']),
    ],
    ['a folder-relative main.js', gated('node', ['vendor/toolgate/dist/cli/main.js', 'proxy', 'x'])],
    ['NODE_OPTIONS --require', gated('toolgate', ['proxy', 'x'], { NODE_OPTIONS: '--require ./evil.js' })],
    ['NODE_OPTIONS -r', gated('toolgate', ['proxy', 'x'], { NODE_OPTIONS: '--max-old-space-size=64 -r x' })],
    ['NODE_OPTIONS --import=', gated('toolgate', ['proxy', 'x'], { NODE_OPTIONS: '--import=./x.mjs' })],
    ['LD_PRELOAD', gated('/usr/bin/node', ['/t/toolgate/dist/cli/main.js', 'proxy', 'x'], { LD_PRELOAD: '/x.so' })],
    [
      'npx and a registry',
      gated('npx', ['-y', 'toolgate', 'proxy', 'x'], { npm_config_registry: 'https://e.example' }),
    ],
    ['npx and an npmrc', gated('npx', ['-y', 'toolgate', 'proxy', 'x'], { NPM_CONFIG_USERCONFIG: './npmrc' })],
    ['a relative PATH folder', gated('toolgate', ['proxy', 'x'], { PATH: './bin:/usr/bin' })],
    ['an empty PATH folder', gated('toolgate', ['proxy', 'x'], { PATH: '/usr/bin::/bin' })],
    // A review's finds in the first rule: a quoted preload, an OpenSSL config loading an engine, an inspector port,
    // export conditions, npm's home `.npmrc`.
    ['NODE_OPTIONS with a quoted --require', gated('toolgate', ['proxy', 'x'], { NODE_OPTIONS: '"--require" ./e.js' })],
    ['NODE_OPTIONS --openssl-config', gated('toolgate', ['proxy', 'x'], { NODE_OPTIONS: '--openssl-config=./e.cnf' })],
    ['NODE_OPTIONS --inspect', gated('toolgate', ['proxy', 'x'], { NODE_OPTIONS: '--inspect=0.0.0.0:9229' })],
    ['NODE_OPTIONS --conditions', gated('toolgate', ['proxy', 'x'], { NODE_OPTIONS: '--conditions=evil' })],
    ['OPENSSL_CONF', gated('toolgate', ['proxy', 'x'], { OPENSSL_CONF: './evil.cnf' })],
    ['NODE_PATH', gated('toolgate', ['proxy', 'x'], { NODE_PATH: './mods' })],
    ['npx and a HOME', gated('npx', ['-y', 'toolgate', 'proxy', 'x'], { HOME: './attacker' })],
  ])('%s', (_, verdict) => {
    expect(verdict).toMatch(
      /^(starts toolgate proxy, but its "env" sets .*, which can change what it runs|looks routed)/,
    );
  });

  it("an envFile beside toolgate proxy is not counted as gated (a review's find)", () => {
    expect(gateOf({ command: 'toolgate', args: ['proxy', 'x'], envFile: '.env' })).toMatch(/its "envFile" can set/);
  });

  it.each([
    ['an absolute main.js', gated('node', ['/opt/toolgate/dist/cli/main.js', 'proxy', 'x'])],
    ['a Windows main.js', gated('node.exe', ['C:\\t\\toolgate\\dist\\cli\\main.js', 'proxy', 'x'])],
    [
      'NODE_OPTIONS that only tune node',
      gated('toolgate', ['proxy', 'x'], { NODE_OPTIONS: "--max-old-space-size=4096 '--no-warnings'" }),
    ],
    [
      'npm config for a launch without npx',
      gated('/n/node', ['/t/toolgate/dist/cli/main.js', 'proxy', 'x'], { npm_config_registry: 'r' }),
    ],
    ['an absolute PATH', gated('toolgate', ['proxy', 'x'], { PATH: '/usr/local/bin:/usr/bin' })],
    [
      'a relative PATH, node by absolute path',
      gated('/n/node', ['/t/toolgate/dist/cli/main.js', 'proxy', 'x'], { PATH: 'bin' }),
    ],
  ])('%s still counts', (_, verdict) => {
    expect(verdict).toBe(true);
  });

  it('never shows a value written into the key', () => {
    const verdict = gated('npx', ['-y', 'toolgate', 'proxy', 'x'], { 'npm_config_token=SEKRET-123': '' });
    expect(verdict).toContain('npm_config_token=<redacted>');
    expect(String(verdict)).not.toContain('SEKRET');
  });

  it('wrap writes no entry the proxy would start with such an env, and names why', () => {
    const entry = { command: 'node', args: ['s.js'], env: { NODE_OPTIONS: '--require ./hook.js', K: 'v' } };
    expect(wrapEntry('x', entry, ['/n/node', '/t/dist/cli/main.js'])).toBe(
      'its "env" sets "NODE_OPTIONS", which can change what it runs, and the proxy would run with it too',
    );
    const plain = { command: 'node', args: ['s.js'], env: { NODE_OPTIONS: '--max-old-space-size=64' } };
    expect(typeof wrapEntry('x', plain, ['/n/node', '/t/dist/cli/main.js'])).toBe('object');
  });
});
