// The MCP config reader shared by `check --config`, `wrap` and `proxy --config`: both members clients use, stdio
// and URL entries as Claude Desktop, Cursor and VS Code write them, other shapes kept as unknown with why.
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readConfigEntry, readMcpConfig, startProblem } from '../../src/catalog/mcp-config.js';

describe('readMcpConfig', () => {
  it('reads mcpServers (Claude Desktop, Claude Code, Cursor) in file order', () => {
    const text = JSON.stringify({
      globalShortcut: 'x',
      mcpServers: {
        fs: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { A: '1' } },
        remote: { url: 'https://example.com/mcp', headers: { Authorization: 'Bearer t0ken' } },
      },
    });
    const r = readMcpConfig(text);
    expect(r.ok && r.value.key).toBe('mcpServers');
    expect(r.ok && r.value.entries).toEqual([
      {
        kind: 'stdio',
        name: 'fs',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'],
        env: { A: '1' },
        cwd: undefined,
        disabled: false,
      },
      {
        kind: 'url',
        name: 'remote',
        url: 'https://example.com/mcp',
        headers: { Authorization: 'Bearer t0ken' },
        type: undefined,
        disabled: false,
      },
    ]);
  });

  it('reads servers (VS Code) with a type', () => {
    const r = readMcpConfig(JSON.stringify({ servers: { s: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } }));
    expect(r.ok && r.value.entries[0]).toMatchObject({ kind: 'url', type: 'http' });
  });

  it.each([
    ['not an object', 5, /not an object/],
    ['neither command nor url', { cwd: '/' }, /neither a "command" nor a "url"/],
    ['args not strings', { command: 'x', args: [1] }, /"args" is not a list of strings/],
    ['env not strings', { command: 'x', env: { A: 1 } }, /"env" is not an object of strings/],
    ['an unknown url type', { url: 'http://h/', type: 'websocket' }, /"type" "websocket"/],
    // VS Code loads it into the process it starts: check, lock and proxy --config started the server without them.
    ['with an envFile', { command: 'x', envFile: '.env' }, /"envFile"/],
    ['with a cwd not a string', { command: 'x', cwd: 1 }, /"cwd" is not a string/],
    ['with a disabled not true or false', { command: 'x', disabled: 'yes' }, /"disabled" is not true or false/],
  ])('an entry that is %s is kept as unknown, with why', (_label, entry, why) => {
    const e = readConfigEntry('e', entry);
    expect(e.kind).toBe('unknown');
    expect(e.kind === 'unknown' && e.why).toMatch(why);
  });

  // A disabled entry was started by proxy, check and lock --config (its tools shown to the model), and a cwd was
  // dropped (a relative script path then read from another directory): a hunt's find.
  it('reads "disabled" and "cwd"; a relative cwd is one toolgate cannot start as the client would', () => {
    const off = readConfigEntry('e', { command: 'x', disabled: true, cwd: tmpdir() });
    expect(off).toMatchObject({ kind: 'stdio', disabled: true, cwd: tmpdir() });
    expect(startProblem(off)).toBeUndefined();
    expect(readConfigEntry('u', { url: 'http://h/', disabled: true })).toMatchObject({ kind: 'url', disabled: true });
    expect(startProblem(readConfigEntry('e', { command: 'x', cwd: 'sub' }))).toMatch(/"cwd" "sub" is not an absolute/);
    expect(startProblem(readConfigEntry('e', { command: 'x', cwd: ['$', '{workspaceFolder}'].join('') }))).toMatch(
      /not an absolute/,
    );
    // A review's finds: a client's variable inside an absolute path, a directory that is not there (the start
    // failed as `spawn node ENOENT`, naming the command), and an entry toolgate cannot read that is disabled.
    expect(startProblem(readConfigEntry('e', { command: 'x', cwd: ['/x/$', '{workspaceFolder}'].join('') }))).toMatch(
      /absolute/,
    );
    expect(startProblem(readConfigEntry('e', { command: 'x', cwd: '/nonexistent-dir-x' }))).toMatch(/does not exist/);
    expect(readConfigEntry('e', { command: 'x', envFile: '.env', disabled: true })).toMatchObject({
      kind: 'unknown',
      disabled: true,
    });
  });

  it.each([
    ['not JSON', '{', /config: not JSON/],
    ['a key twice', '{"mcpServers":{},"mcpServers":{}}', /config: not JSON/],
    ['no servers member', '{"x":1}', /no "mcpServers" or "servers"/],
    ['servers not an object', '{"servers":[]}', /"servers" must be an object/],
    // Before, mcpServers was read and every servers entry left unwrapped, unchecked, unlocked (exit 0).
    ['both mcpServers and servers', '{"mcpServers":{},"servers":{"gh":{"command":"npx"}}}', /both "mcpServers" and/],
    // Before, the bounds given to the parse were reported over and not read: 200,000 members were taken.
    ['over its bounds', `{"mcpServers":{},"x":[${'0,'.repeat(100_000)}0]}`, /too large to read/],
  ])('a file with %s is an error naming the problem', (_label, text, message) => {
    const r = readMcpConfig(text);
    expect(!r.ok && r.error.message).toMatch(message);
  });
});
