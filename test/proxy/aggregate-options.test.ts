// startProxy's `servers` read through the option table: every problem an error value naming the server, before
// anything starts; the published-name rule of src/proxy/names.ts, table-driven.
import { describe, expect, it } from 'vitest';
import { publishedNameDiagnostics, serverNameProblem } from '../../src/proxy/names.js';
import { readProxyOptions } from '../../src/proxy/options.js';
import { Backoff, RESTART_BACKOFF } from '../../src/proxy/restart.js';

describe('readProxyOptions: servers', () => {
  const upstream = { command: 'node' };
  it.each([
    [{ upstream, servers: { a: upstream } }, 'give upstream or servers, not both'],
    [{ servers: {} }, 'servers names no server'],
    [{ servers: [upstream] }, 'servers must be an object'],
    [{ servers: { a__b: upstream } }, 'server name "a__b" contains "__"'],
    [{ servers: { 'a b': upstream } }, 'server name "a b" must match'],
    [{ servers: { ['x'.repeat(62)]: upstream } }, 'at most 61 characters'],
    [{ servers: { a_: upstream } }, 'must not end with "_"'],
    [{ servers: { a: { command: '' } } }, 'servers.a.command is required'],
    [{ servers: { a: { url: 'ftp://x' } } }, 'servers.a.url needs an http:// or https:// URL'],
    [{ servers: { a: upstream }, lock: '/nonexistent/toolgate-lock.json' }, 'cannot read (ENOENT)'],
  ])('%j', (options, message) => {
    const r = readProxyOptions(options);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain(message);
  });

  it('reads each server, masks every server secret, and keeps the config order', () => {
    const r = readProxyOptions({
      servers: {
        web: { url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'Bearer web-secret-token' } },
        files: { command: 'node', args: ['s.js'], env: { KEY: 'files-secret-value' } },
      },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.servers?.map((s) => s.name)).toEqual(['web', 'files']);
    expect(r.value.secrets).toEqual(expect.arrayContaining(['web-secret-token', 'files-secret-value']));
    expect(r.value.words).toEqual([]);
  });
});

describe('published names', () => {
  it.each([
    ['github', undefined],
    ['my-server_2', undefined],
    ['_x', undefined],
    ['a__b', 'contains "__"'],
    ['a.b', 'must match'],
    ['', 'must match'],
    ['a_', 'must not end with "_"'],
  ])('server name %j', (name, problem) => {
    const found = serverNameProblem(name);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });

  it('names each listed tool whose published name breaks the rule, at its position, and only those', () => {
    const listed = [{ name: 'ok' }, { name: 'has.dot' }, { name: 'y'.repeat(59) }, { name: 'z'.repeat(60) }, {}];
    const found = publishedNameDiagnostics('srv', listed);
    expect(found.map((d) => [d.index, d.name])).toEqual([
      [1, 'has.dot'],
      [3, 'z'.repeat(60)],
    ]);
    expect(found[1]?.error.message).toContain('(65 characters;');
  });
});

describe('restart backoff', () => {
  it('doubles from 0.5 s to 30 s, and starts over after a minute up', () => {
    const b = new Backoff();
    const waits = Array.from({ length: 9 }, () => b.next(0));
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    b.up(0);
    expect(b.next(RESTART_BACKOFF.steadyMs - 1)).toBe(30000);
    b.up(0);
    expect(b.next(RESTART_BACKOFF.steadyMs)).toBe(500);
  });
});
