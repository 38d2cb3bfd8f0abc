// Which client request a server's progress belongs to (src/proxy/belonging.ts): each request goes upstream under a
// token of the proxy's, and the progress comes back under the client's own, to that request alone; a request
// answered with a task keeps its progress flowing (MCP 2025-11-25, "Tasks"), on no request's stream.
import { describe, expect, it } from 'vitest';
import { Belonging } from '../../src/proxy/belonging.js';

const progress = (token: unknown, n = 1) => ({
  jsonrpc: '2.0' as const,
  method: 'notifications/progress',
  params: { progressToken: token, progress: n },
});
const withToken = (token: unknown) => ({ name: 't', arguments: {}, _meta: { progressToken: token, trace: 'x' } });

describe('Belonging', () => {
  it('two requests with one client token go upstream under two tokens, each progress back to its own', () => {
    const b = new Belonging();
    const a = b.prepare(withToken(1));
    const c = b.prepare(withToken(1));
    const tokenOf = (o: { params: unknown }) => (o.params as { _meta: { progressToken: string } })._meta.progressToken;
    expect(tokenOf(a)).not.toBe(tokenOf(c));
    expect((a.params as { _meta: { trace: string } })._meta.trace).toBe('x');
    b.open('alice-1', 10, a, withToken(1));
    b.open('bob-1', 11, c, withToken(1));
    expect(b.of(progress(tokenOf(a)), undefined)).toBe('alice-1');
    expect(b.of(progress(tokenOf(c)), undefined)).toBe('bob-1');
    expect(b.progressFor(progress(tokenOf(c)), undefined)).toEqual({ progressToken: 1, progress: 1 });
    // The client's own token, or any a server makes up, belongs to nobody.
    expect(b.progressFor(progress(1), undefined)).toBeUndefined();
  });

  it('after the answer, progress goes nowhere, unless the answer was a task', () => {
    const b = new Belonging();
    const plain = b.prepare(withToken('p'));
    const task = b.prepare(withToken('t'));
    const tokenOf = (o: { params: unknown }) => (o.params as { _meta: { progressToken: string } })._meta.progressToken;
    b.close(b.open(1, 10, plain, {}));
    const answered = b.open(2, 11, task, {});
    b.close(answered);
    b.outlive(answered);
    expect(b.progressFor(progress(tokenOf(plain)), undefined)).toBeUndefined();
    expect(b.progressFor(progress(tokenOf(task), 2), undefined)).toEqual({ progressToken: 't', progress: 2 });
    expect(b.of(progress(tokenOf(task)), undefined)).toBeUndefined();
  });

  it('a request without a token is sent as it is', () => {
    const b = new Belonging();
    const params = { name: 't', arguments: {} };
    expect(b.prepare(params)).toEqual({ params, token: undefined, given: undefined });
  });

  it.each([
    // [what, the message's related upstream id, what it is held to]
    ["one on a 2026-07-28 request's stream", 10, ['2026-07-28']],
    ["one on an earlier revision's request's stream", 11, []],
    ['one naming no open request, while a 2026-07-28 one is open (fail closed)', undefined, ['2026-07-28']],
    ['one naming a request no longer open', 12, ['2026-07-28']],
  ])('%s is held to the rules of %j', (_what, related, revisions) => {
    const b = new Belonging();
    const modern = { name: 't', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };
    b.open('m', 10, b.prepare(modern), modern);
    b.open('l', 11, b.prepare({ name: 't' }), { name: 't' });
    const ask = { jsonrpc: '2.0' as const, id: 1, method: 'elicitation/create' };
    expect(b.statelessOf(ask, related)).toEqual(revisions);
  });

  it('a message naming no request is held to no 2026-07-28 rules once none is open', () => {
    const b = new Belonging();
    const modern = { name: 't', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };
    b.close(b.open('m', 10, b.prepare(modern), modern));
    b.open('l', 11, b.prepare({ name: 't' }), { name: 't' });
    expect(b.statelessOf({ jsonrpc: '2.0', id: 1, method: 'elicitation/create' }, undefined)).toEqual([]);
  });
});
