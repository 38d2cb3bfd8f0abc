// The published-text walk (src/tools/published-text.ts) over what a host builds and JSON never holds: a cycle ran it
// out of memory (admitMcpTools, the adapters) and a shared object was walked once per path; a host's getters and
// Proxies are still read, what they yield checked.
import { describe, expect, it } from 'vitest';
import { toAgentsTool } from '../../src/adapters/openai-agents.js';
import { toAiSdkTool } from '../../src/adapters/ai-sdk.js';
import { toLangChainTool } from '../../src/adapters/langchain.js';
import { admitMcpTools } from '../../src/catalog/mcp.js';
import { publishedTextRefusal } from '../../src/tools/published-text.js';

const cyclic = (): Record<string, unknown> => {
  const c: Record<string, unknown> = { a: 'x' };
  c['self'] = c;
  return c;
};

/** 60 levels, each naming the level below twice: 2^60 paths, 60 objects. */
function shared(leaf: string): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf };
  for (let i = 0; i < 60; i++) node = { l: node, r: node };
  return node;
}

describe('the published-text walk over host-built values', () => {
  it('a cycle ends the walk, and a steering character inside one is still found', () => {
    expect(publishedTextRefusal('', { description: cyclic() })).toBeUndefined();
    const c = cyclic();
    c['b'] = 'x\u202ey';
    expect(publishedTextRefusal('', { description: c })?.error.message).toContain('/description/b');
  });

  it('a shared object is entered once: 2^60 paths walk in one pass', () => {
    expect(publishedTextRefusal('', { description: shared('ok') })).toBeUndefined();
    expect(publishedTextRefusal('', { description: shared('\u001b[2J') })?.error.message).toContain('/leaf');
  });

  it('one object met as data and as text is judged as each', () => {
    const o = { sep: '\u0000' };
    // As `default` (data) a NUL is a value; the same object as a description's member is text a model reads.
    const parts = { inputSchema: { type: 'object', default: o }, description: { o } };
    expect(publishedTextRefusal('', parts)?.error.message).toContain('/description/o/sep');
  });

  it("a getter and a Proxy are read as the host made them, what they yield checked (a review's find)", () => {
    const getter = Object.defineProperty({}, 'x', { enumerable: true, get: () => 'a\u202eb' });
    expect(publishedTextRefusal('', { description: getter })?.error.message).toContain('/description/x');
    const proxy = new Proxy({ y: 'c\u001b[2J' }, {});
    expect(publishedTextRefusal('', { title: proxy })?.error.message).toContain('/title/y');
    class State {
      z = 'd\u202ee';
    }
    expect(publishedTextRefusal('', { title: new State() })?.error.message).toContain('/title/z');
  });

  it('a getter making a fresh object at every read is walked to a bound, not without end', () => {
    const endless = (): object => Object.defineProperty({}, 'next', { enumerable: true, get: () => endless() });
    expect(publishedTextRefusal('', { description: endless() })?.error.message).toContain('too large to read');
    // A review's find: an array Proxy claiming 2^32 - 1 items was read item by item.
    const long = new Proxy([], { get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : Reflect.get(t, k)) });
    expect(publishedTextRefusal('', { title: long })?.error.message).toContain('too large to read');
    // Another: a sibling claiming NaN (or a string, or a negative length) turned the bound off.
    for (const odd of [Number.NaN, 'abc', -1e12]) {
      const claim = new Proxy([], { get: (t, k) => (k === 'length' ? odd : Reflect.get(t, k)) });
      const parts = { inputSchema: { type: 'object', examples: [long, claim] } };
      expect(publishedTextRefusal('', parts)?.error.message).toContain('too large to read');
    }
  });

  it('a getter that throws refuses what is published, without its text', () => {
    const getter = Object.defineProperty({}, 'x', {
      enumerable: true,
      get: () => {
        throw new Error('SECRET /home/u/.token');
      },
    });
    const r = publishedTextRefusal('', { description: getter });
    expect(r?.error.message).toContain('reading what is published threw');
    expect(JSON.stringify(r)).not.toContain('SECRET');
  });

  it('admitMcpTools refuses a listed member whose Proxy yields a steering character', async () => {
    const tool = { name: 't', inputSchema: { type: 'object' }, execution: new Proxy({ a: 'x\u202ey' }, {}) };
    expect((await admitMcpTools({ tools: [tool] }, { backend: () => () => 1 })).ok).toBe(false);
  });

  it('admitMcpTools returns a Result for a cyclic title (it ran out of memory)', async () => {
    const tool = { name: 't', inputSchema: { type: 'object' }, title: cyclic() };
    const r = await admitMcpTools({ tools: [tool] }, { backend: () => () => 1 });
    // Admitted: the cycle is the host's own object (JSON never holds one); the walk ends and says nothing of it.
    expect(r.ok).toBe(true);
  });

  it.each([
    ['toAiSdkTool', () => toAiSdkTool({ description: cyclic(), inputSchema: { type: 'object' } } as never)],
    [
      'toAgentsTool',
      () => toAgentsTool({ name: 'n', description: cyclic(), inputSchema: { type: 'object' } } as never),
    ],
    [
      'toLangChainTool',
      () => toLangChainTool({ name: 'n', description: cyclic(), inputSchema: { type: 'object' } } as never),
    ],
  ])('%s returns a Result for a cyclic description', (_, make) => {
    const r = make() as { ok: boolean };
    expect(typeof r.ok).toBe('boolean');
  });
});
