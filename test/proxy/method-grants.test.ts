// What a --grants client may ask beyond its tools (src/proxy/method-grants.ts), a table per rule: `methods` globs
// grant resources, prompts and completions; the session's upkeep and its tools' methods always pass; a client
// request of no list is refused; a server's notification of a family reaches only a client granted that family.
import { describe, expect, it } from 'vitest';
import { MCP_METHODS } from '../../src/mcp/methods.js';
import { announcedTo, compileMethodGrant, GRANTABLE_METHODS, idleMethodGlob } from '../../src/proxy/method-grants.js';

describe('compileMethodGrant: passes', () => {
  it.each([
    [[], 'initialize', 'client', true],
    [[], 'ping', 'client', true],
    [[], 'tools/call', 'client', true],
    [[], 'tasks/result', 'client', true],
    [[], 'logging/setLevel', 'client', true],
    [[], 'notifications/cancelled', 'client', true],
    [[], 'resources/read', 'client', false],
    [[], 'resources/list', 'client', false],
    [[], 'prompts/get', 'client', false],
    [[], 'completion/complete', 'client', false],
    // A client request of neither list (a later revision's) is not granted by default.
    [[], 'subscriptions/listen', 'client', false],
    [['*'], 'subscriptions/listen', 'client', false],
    [['resources/*'], 'resources/read', 'client', true],
    [['resources/*'], 'resources/templates/list', 'client', true],
    [['resources/*'], 'prompts/get', 'client', false],
    [['resources/read'], 'resources/list', 'client', false],
    [['*'], 'completion/complete', 'client', true],
    // Server requests are the client capabilities' business (revision-rules.ts), never a grant's.
    [[], 'sampling/createMessage', 'server', true],
    [[], 'notifications/message', 'server', true],
    [[], 'notifications/tools/list_changed', 'server', true],
    [[], 'notifications/resources/updated', 'server', false],
    [[], 'notifications/resources/list_changed', 'server', false],
    [[], 'notifications/prompts/list_changed', 'server', false],
    // An update follows a subscription; a list's change concerns whoever may list.
    [['resources/read'], 'notifications/resources/updated', 'server', false],
    [['resources/subscribe'], 'notifications/resources/updated', 'server', true],
    [['resources/read'], 'notifications/resources/list_changed', 'server', false],
    [['resources/list'], 'notifications/resources/list_changed', 'server', true],
    [['resources/*'], 'notifications/prompts/list_changed', 'server', false],
    [['prompts/list'], 'notifications/prompts/list_changed', 'server', true],
    [['prompts/get'], 'notifications/prompts/list_changed', 'server', false],
  ] as const)('methods %j: %s from the %s passes: %s', (globs, method, sender, expected) => {
    expect(compileMethodGrant(globs).passes(method, sender)).toBe(expected);
  });

  it('every client request of the specification is either always passed or grantable, but for the later ones', () => {
    const none = compileMethodGrant([]);
    const clientRequests = [...MCP_METHODS]
      .filter(([name, m]) => m.from !== 'server' && !name.startsWith('notifications/') && m.revisions.length > 0)
      .map(([name]) => name);
    const neither = clientRequests.filter((m) => !none.passes(m, 'client') && !GRANTABLE_METHODS.includes(m));
    expect(neither).toEqual([]);
  });
});

describe('compileMethodGrant: passesWith (a completion reads what its ref names)', () => {
  const prompt = { ref: { type: 'ref/prompt', name: 'p' } };
  const resource = { ref: { type: 'ref/resource', uri: 'x://{a}' } };
  it.each([
    [['completion/complete'], prompt, false],
    [['completion/complete'], resource, false],
    [['completion/complete', 'prompts/get'], prompt, true],
    [['completion/complete', 'prompts/list'], prompt, false],
    [['completion/complete', 'prompts/get'], resource, false],
    [['completion/complete', 'resources/read'], resource, true],
    [['completion/complete', 'resources/templates/list'], resource, true],
    [['prompts/get', 'resources/read'], prompt, false],
    [['*'], { ref: { type: 'ref/other' } }, false],
    [['*'], { ref: { type: 'toString' } }, false],
    [['*'], { ref: 'ref/prompt' }, false],
    [['*'], null, false],
  ] as const)('methods %j, params %j: %s', (globs, params, expected) => {
    expect(compileMethodGrant(globs).passesWith('completion/complete', params)).toBe(expected);
  });

  it('is passes for every other method', () => {
    expect(compileMethodGrant([]).passesWith('tools/call', { ref: 1 })).toBe(true);
    expect(compileMethodGrant([]).passesWith('resources/read', {})).toBe(false);
  });
});

describe('compileMethodGrant: announces', () => {
  it.each([
    [[], 'tools', true],
    [[], 'logging', true],
    [[], 'experimental', true],
    [[], 'resources', false],
    [[], 'prompts', false],
    [[], 'completions', false],
    [['resources/read'], 'resources', true],
    [['prompts/list'], 'prompts', true],
    [['prompts/list'], 'resources', false],
  ] as const)('methods %j announces %s: %s', (globs, capability, expected) => {
    expect(compileMethodGrant(globs).announces(capability)).toBe(expected);
  });

  it.each([
    [['resources/read'], 'resources', 'subscribe', false],
    [['resources/subscribe'], 'resources', 'subscribe', true],
    [['resources/read'], 'resources', 'listChanged', false],
    [['resources/list'], 'resources', 'listChanged', true],
    [['prompts/get'], 'prompts', 'listChanged', false],
    [['prompts/list'], 'prompts', 'listChanged', true],
    [[], 'tools', 'listChanged', true],
  ] as const)('methods %j announces %s.%s: %s', (globs, capability, flag, expected) => {
    expect(compileMethodGrant(globs).flags(capability, flag)).toBe(expected);
  });

  it('announcedTo leaves out what the grant does not use, and keeps the rest as it was', () => {
    const init = {
      serverInfo: { name: 's' },
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
      },
    };
    expect(announcedTo(init, compileMethodGrant(['prompts/*']))).toEqual({
      serverInfo: { name: 's' },
      capabilities: { tools: { listChanged: true }, prompts: { listChanged: true } },
    });
    expect(announcedTo(init, compileMethodGrant(['resources/read', 'prompts/get']))).toEqual({
      serverInfo: { name: 's' },
      capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} },
    });
    // The caller's object is not changed.
    expect(init.capabilities.resources).toEqual({ subscribe: true, listChanged: true });
    expect(announcedTo(init, undefined)).toBe(init);
    expect(announcedTo({ capabilities: null }, compileMethodGrant([]))).toEqual({ capabilities: null });
  });
});

describe('idleMethodGlob', () => {
  it.each([
    [['resources/*'], undefined],
    [['*'], undefined],
    [['prompts/get', 'resource/*'], 'resource/*'],
    [['tools/call'], 'tools/call'],
    [['Resources/read'], 'Resources/read'],
  ] as const)('%j: %s', (globs, idle) => {
    expect(idleMethodGlob(globs)).toBe(idle);
  });
});
