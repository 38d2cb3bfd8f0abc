// A tool's result is bounded by maxResultBytes (default 4 MiB, the proxy's --max-result) as its JSON text, so a
// value that shares one object under many members is refused, not written out once per member (2^n for n levels);
// an MCP result carrying a member named __proto__ is refused as no MCP message passes one (src/mcp/forward.ts).
import { describe, expect, it } from 'vitest';
import { Registry } from '../../src/index.js';
import { mcpToolResult } from '../../src/tools/mcp-result.js';

/** n levels, each referring twice to the level below: its JSON text doubles with every level. */
function shared(levels: number): object {
  let o: object = { leaf: 'x'.repeat(16) };
  for (let i = 0; i < levels; i++) o = { a: o, b: o };
  return o;
}

const registryWith = (value: unknown, maxResultBytes?: number): Registry => {
  const r = new Registry(maxResultBytes === undefined ? {} : { maxResultBytes });
  const added = r.register({ name: 't', inputSchema: { type: 'object' }, execute: () => value });
  if (!added.ok) throw new Error(added.error.message);
  return r;
};

describe('maxResultBytes', () => {
  it('refuses a result sharing one object under many members, 40 levels deep, at the default bound', async () => {
    const r = await registryWith(shared(40)).call({ id: 'c', name: 't', arguments: {} });
    expect(r.isError).toBe(true);
    expect(r.content).toBe(`error: tool t ran but its result is over ${4 * 1024 * 1024} bytes`);
    expect(r.error).toMatchObject({ class: 'execution_failure', limit: 'maxResultBytes', stage: 'execute' });
  });

  it('passes a result within the bound and refuses one a byte over it, string or JSON', async () => {
    expect((await registryWith({ a: 'xy' }, 10).call({ id: 'c', name: 't', arguments: {} })).content).toBe(
      '{"a":"xy"}',
    );
    expect((await registryWith({ a: 'xyz' }, 10).call({ id: 'c', name: 't', arguments: {} })).isError).toBe(true);
    expect((await registryWith('é'.repeat(5), 10).call({ id: 'c', name: 't', arguments: {} })).content).toBe('ééééé');
    expect((await registryWith('é'.repeat(6), 10).call({ id: 'c', name: 't', arguments: {} })).isError).toBe(true);
  });

  it.each([
    ['an array of numbers (its indexes are not written)', Array.from({ length: 12 }, () => 0)],
    ['members JSON leaves out', { a: 1, gone: undefined, f: () => 1, s: Symbol('s') }],
    ['a toJSON that leaves itself out', { a: 1, b: { toJSON: () => undefined } }],
    ['holes written as null', [1, undefined, 2]],
    ['escapes, non-ASCII, a lone surrogate', { 'k"\n': ['"\\\u0001\t', 'é中😀', '\ud800x'] }],
    ['long numbers, empty containers, a Date', [-Math.PI / 1e300, [], {}, [[]], new Date(0), true, null]],
    ['boxed primitives, written as their primitives', [new String('é"\n'), Object(-Math.PI), new Boolean(false)]],
  ])('never refuses a result within the bound: %s', async (_why, value) => {
    const text = JSON.stringify(value);
    const r = await registryWith(value, Buffer.byteLength(text)).call({ id: 'c', name: 't', arguments: {} });
    expect([r.isError, r.content]).toEqual([false, text]);
  });

  it('charges each number as its JSON text: 4,000 shared arrays of long numbers stop near the bound', async () => {
    // Each element is read through its toJSON, so the count of reads is how far the text was written.
    let reads = 0;
    const long = {
      toJSON: () => {
        reads++;
        return -Math.PI / 1e300;
      },
    };
    const inner = new Array(1000).fill(long);
    const r = await registryWith(new Array(4000).fill(inner), 100_000).call({ id: 'c', name: 't', arguments: {} });
    expect(r.error).toMatchObject({ limit: 'maxResultBytes' });
    // 24 bytes an element ("-3.141592653589793e-300" and a comma): about 4,200 read, not 4,000,000.
    expect(reads).toBeLessThan(4_300);
  });

  // Each row's host code counts its own reads: how far the text was written before the pass stopped.
  const counted = (): { reads: number; read: <T>(v: T) => T } => {
    const c = {
      reads: 0,
      read: <T>(v: T): T => {
        c.reads++;
        return v;
      },
    };
    return c;
  };
  it.each([
    [
      'members JSON leaves out, read again each time their shared object is reached (one unit each)',
      (c: ReturnType<typeof counted>) => {
        const o = {};
        for (let i = 0; i < 100; i++)
          Object.defineProperty(o, `k${i}`, { enumerable: true, get: () => c.read(undefined) });
        // 100,000 references to "{}" with 100 members left out: 10 million reads had they no cost.
        return new Array(100_000).fill(o);
      },
      10_001,
    ],
    [
      'a String object, charged as its text (not 1 byte)',
      (c: ReturnType<typeof counted>) => {
        const text = 'x'.repeat(100);
        // A subclass is a String object, unboxed by its own toString as a plain one is.
        class Counted extends String {
          override toString(): string {
            return c.read(text);
          }
        }
        return new Array(1000).fill(new Counted(text));
      },
      // 103 bytes an element ("x"*100 quoted, a comma): 98 fit in 10,000.
      98,
    ],
    [
      'a Number object, charged as its number (not 1 byte)',
      (c: ReturnType<typeof counted>) => {
        class Counted extends Number {
          override valueOf(): number {
            return c.read(-Math.PI / 1e300);
          }
        }
        return new Array(1000).fill(new Counted(0));
      },
      // 24 bytes an element: 417 fit in 10,000.
      418,
    ],
  ])('stops near the bound, each value charged as written: %s', async (_why, build, most) => {
    const c = counted();
    const r = await registryWith(build(c), 10_000).call({ id: 'c', name: 't', arguments: {} });
    expect(r.error).toMatchObject({ class: 'execution_failure', limit: 'maxResultBytes' });
    expect(c.reads).toBeLessThanOrEqual(most);
  });

  it('charges each member JSON leaves out one unit of maxResultBytes, so a fitting text leaves out fewer', async () => {
    const leftOut = (n: number): object =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, undefined]));
    // The object itself is one visit, each member one more.
    const fits = await registryWith(leftOut(999), 1000).call({ id: 'c', name: 't', arguments: {} });
    expect([fits.isError, fits.content]).toEqual([false, '{}']);
    const over = await registryWith(leftOut(1000), 1000).call({ id: 'c', name: 't', arguments: {} });
    expect(over.error).toMatchObject({ limit: 'maxResultBytes' });
  });

  it("charges a string's escapes: a string of control characters stops the pass before the next member", async () => {
    let later = false;
    const next = {
      toJSON: () => {
        later = true;
        return 1;
      },
    };
    const value = { s: '\u0001'.repeat(5_000), next };
    const r = await registryWith(value, 10_000).call({ id: 'c', name: 't', arguments: {} });
    expect([r.error?.limit, later]).toEqual(['maxResultBytes', false]);
  });

  // JSON.stringify lists every index key of a typed array before the replacer sees its first element: 10 million
  // bytes cost 2.5 s and 400 MB before the bound was met (found beside another fix). Its length is charged when it is
  // reached (an element writes at least `"0":0,`); 64 M elements take some 18 s there (16 M: 4.6 s), far past the 3 s.
  it('refuses a typed array over the bound when it is reached, before its keys are listed', async () => {
    const r = await registryWith({ bytes: new Uint8Array(2 ** 26) }).call({ id: 'c', name: 't', arguments: {} });
    expect(r.error).toMatchObject({ class: 'execution_failure', limit: 'maxResultBytes' });
    const small = await registryWith({ bytes: new Uint8Array([1, 2]) }).call({ id: 'c', name: 't', arguments: {} });
    expect(small.content).toBe('{"bytes":{"0":1,"1":2}}');
  }, 3_000);

  it('is an option read through the table: a bad value fails every call', async () => {
    const r = new Registry({ maxResultBytes: 0 });
    const added = r.register({ name: 't', inputSchema: { type: 'object' }, execute: () => 'x' });
    expect(added.ok).toBe(false);
    if (!added.ok) expect(added.error.message).toContain('maxResultBytes');
  });
});

describe('mcpToolResult', () => {
  it('refuses a structuredContent sharing one object under many members', () => {
    const r = mcpToolResult('c', 't', { content: [], structuredContent: shared(40) });
    expect(r.isError).toBe(true);
    expect(r.error).toMatchObject({ limit: 'maxResultBytes' });
  });

  it('refuses a result carrying a member named __proto__, and passes the same result without it', () => {
    const hostile = JSON.parse('{"content":[],"structuredContent":{"__proto__":{"isAdmin":true}}}') as unknown;
    const r = mcpToolResult('c', 't', hostile);
    expect(r.isError).toBe(true);
    expect(r.error?.message).toContain('"__proto__" (at $.structuredContent.__proto__)');
    expect(JSON.stringify(r.toMessage('mcp'))).not.toContain('isAdmin');
    expect(mcpToolResult('c', 't', { content: [], structuredContent: { isAdmin: true } }).isError).toBe(false);
  });
});
