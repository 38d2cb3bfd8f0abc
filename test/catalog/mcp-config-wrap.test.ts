// The wrap rules on single entries: what counts as already routed through the proxy, and what undo refuses.
import { describe, expect, it } from 'vitest';
import { routedThroughProxy, unwrapEntry, wrapEntry, wrapServers } from '../../src/catalog/mcp-config-wrap.js';

describe('routedThroughProxy', () => {
  it.each([
    [{ command: 'npx', args: ['-y', 'toolgate', 'proxy', 'node', 's.js'] }, true],
    [{ command: 'npx', args: ['-y', 'toolgate@0.1.0', 'proxy', 'x'] }, true],
    [{ command: 'toolgate', args: ['proxy', 'x'] }, true],
    [{ command: 'node', args: ['/opt/node_modules/toolgate/dist/cli/main.js', 'proxy', 'x'] }, true],
    [{ command: 'node', args: ['/opt/bin/main.js', 'proxy', 'x'], toolgate: { wrapped: {} } }, true],
    [{ command: 'npx', args: ['-y', 'toolgate', 'check'] }, false],
    [{ command: 'npx', args: ['-y', 'not-toolgate-at-all', 'proxy'] }, false],
    [{ command: 'node', args: ['proxy'] }, false],
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
    expect((wrapped as { env: object }).env).toEqual({ TOOLGATE_HEADER_X_A: 'one', TOOLGATE_HEADER_X_A_2: 'two' });
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
