// A host's value may hold one object under many members: n levels that each refer twice to the level below make
// a JSON text of 2^n values. Parsed JSON never does this, but guardClient's arguments, a call's `_meta` and the
// values the MCP SDK hands the validator seam come from host code. Each walk is bounded as the JSON text would be
// (arguments, `_meta`) or enters each object once (the `__proto__` search): before, n = 22 took 13.5 s in
// guardClient.callTool and 1.6 s in the validator; n = 40 would not end.
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { ToolgateJsonSchemaValidator } from '../../src/adapters/mcp-validator.js';
import { forwardedCall, protoMemberPath } from '../../src/mcp/forward.js';

/** n levels, each `{ a, b }` referring to the same level below. */
function shared(n: number): Record<string, unknown> {
  let o: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) o = { a: o, b: o };
  return o;
}

/** n levels of `{ <long key>: ... }` ending in an own `__proto__` member, as JSON.parse makes it. */
function deepProto(n: number): unknown {
  let s = '{"__proto__":1}';
  for (let i = 0; i < n; i++) s = `{"${'k'.repeat(40)}${i}":${s}}`;
  return JSON.parse(s);
}

describe('values sharing objects, from host code', () => {
  it('guardClient refuses such arguments at maxArgumentValues, never sending them', async () => {
    const sent: unknown[] = [];
    const mcp = guardClient({
      listTools: async () => ({ tools: [{ name: 't', inputSchema: { type: 'object' } }] }),
      callTool: async (p: unknown) => {
        sent.push(p);
        return { content: [] };
      },
      setNotificationHandler() {},
    } as unknown as Parameters<typeof guardClient>[0]);
    const r = await mcp.callTool({ name: 't', arguments: shared(40) });
    expect(r.isError).toBe(true);
    expect((r.content as { text: string }[])[0]?.text).toMatch(
      /^error: invalid arguments for t: limit maxArgumentValues exceeded: limit 100000, seen at least 100001/,
    );
    expect(sent).toEqual([]);
  });

  it("the validator seam's __proto__ search enters each object once", () => {
    const validate = new ToolgateJsonSchemaValidator().getValidator({ type: 'object' });
    const verdict = validate(shared(40));
    expect(verdict.valid).toBe(false);
    expect(verdict.errorMessage).toContain('maxArgumentValues');
    expect(protoMemberPath(shared(1000))).toBeUndefined();
  });

  it('a call whose _meta shares objects is forwarded without it', () => {
    const { params, dropped } = forwardedCall('t', {}, { name: 't', _meta: shared(40) });
    expect(params).toEqual({ name: 't', arguments: {} });
    expect(dropped).toEqual(['_meta']);
  });

  it("spells a deep __proto__ member's place with its first and last segments, a long name unshown", () => {
    const path = protoMemberPath(deepProto(5000)) as string;
    expect(path).toMatch(/^\$(\.\(a long name\)){4}\.…\(4993 more\)(\.\(a long name\)){3}\.__proto__$/);
    expect(path.length).toBeLessThan(400);
    const validate = new ToolgateJsonSchemaValidator().getValidator({ type: 'object' });
    expect(validate(deepProto(5000)).errorMessage?.length).toBeLessThan(500);
  });
});
