// An MCP listing's output schemas are compiled work like its input schemas: both are charged to one
// maxBatchCompileCost (guardClient and the proxy alike), and a listing past MAX_BATCH_DESCRIPTORS compiles none.
// Before, a server could make a client compile any number of heavy output schemas outside the batch's bound.
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { MAX_BATCH_DESCRIPTORS } from '../../src/catalog/batch-input.js';
import { compileOutputSchemas } from '../../src/catalog/mcp-output.js';
import { proxySettings } from '../../src/cli/proxy-options.js';
import type { Peer } from '../../src/mcp/peer.js';
import { admitUpstream } from '../../src/proxy/admission.js';
import { estimateCompileCost } from '../../src/schema/compile-cost.js';

/** A schema of about 61,000 units (schema/compile-cost.ts), distinct per `k`. */
const heavy = (k: number) => ({
  type: 'object',
  allOf: Array.from({ length: 100 }, (_, i) => ({ minimum: -(k * 1000 + i) })),
});
/** Two tools: their input schemas and output schemas alone each stay within LIMITS, all four do not. */
const LIMITS = { maxCompileCost: 100_000, maxBatchCompileCost: 200_000 };
const listing = (outputs: boolean) =>
  [1, 2].map((k) => ({
    name: `t${k}`,
    inputSchema: heavy(k),
    ...(outputs ? { outputSchema: heavy(k + 10) } : {}),
  }));

function clientOf(tools: unknown[]) {
  return {
    listTools: async () => ({ tools: structuredClone(tools) }),
    callTool: async () => ({ content: [] }),
    setNotificationHandler() {},
  } as unknown as Parameters<typeof guardClient>[0];
}

describe('output schemas within the batch compile budget', () => {
  it('the fixture: one schema is within maxCompileCost, two kinds of two tools are over the batch', () => {
    const one = estimateCompileCost(heavy(1)).total;
    expect(one).toBeLessThan(LIMITS.maxCompileCost);
    expect(2 * one).toBeLessThan(LIMITS.maxBatchCompileCost);
    expect(4 * one).toBeGreaterThan(LIMITS.maxBatchCompileCost);
  });

  it('guardClient: input and output schemas share maxBatchCompileCost', async () => {
    const inputs = await guardClient(clientOf(listing(false)), { limits: LIMITS }).admit();
    expect(inputs.ok && inputs.value.accepted).toEqual(['t1', 't2']);
    const both = await guardClient(clientOf(listing(true)), { limits: LIMITS }).admit();
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.error.message).toContain('maxBatchCompileCost');
  });

  it('guardClient charges the document an output schema pulls in from the registry or loader', async () => {
    const uri = 'https://schemas.example/result.json';
    const result = { $id: uri, ...heavy(20) };
    const tools = [1, 2].map((k) => ({
      name: `t${k}`,
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { [`r${k}`]: { $ref: uri } } },
    }));
    for (const source of [
      { schemaRegistry: { [uri]: result } },
      { schemaLoader: async () => structuredClone(result) },
    ]) {
      // Each output schema linked with the document is about 123,000: one within maxCompileCost, two over the batch.
      const limits = { maxCompileCost: 200_000, maxBatchCompileCost: 200_000 };
      const r = await guardClient(clientOf(tools), { ...source, limits }).admit();
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toContain('maxBatchCompileCost');
    }
  });

  it('the proxy: input and output schemas share maxBatchCompileCost', async () => {
    const read = proxySettings(['--url', 'http://127.0.0.1:9/mcp']);
    if (!read.ok) throw new Error(read.error.message);
    const settings = { ...read.value, admission: { ...read.value.admission, limits: LIMITS } };
    const upstreamOf = (tools: unknown[]) =>
      ({
        request: () => {
          const result = { tools };
          return { id: 1, reply: Promise.resolve({ result, line: undefined, message: undefined }) };
        },
      }) as unknown as Peer;
    const inputs = await admitUpstream(upstreamOf(listing(false)), settings);
    expect(inputs.ok).toBe(true);
    const both = await admitUpstream(upstreamOf(listing(true)), settings);
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.message).toContain('maxBatchCompileCost');
  });

  it('compiles no output schema of a listing past MAX_BATCH_DESCRIPTORS (refused whole)', async () => {
    const many = Array.from({ length: MAX_BATCH_DESCRIPTORS + 1 }, (_, i) => ({
      name: `t${i}`,
      outputSchema: { type: 'object' },
    }));
    expect((await compileOutputSchemas(many, {})).byName.size).toBe(0);
    expect((await compileOutputSchemas(many.slice(1), {})).byName.size).toBe(MAX_BATCH_DESCRIPTORS);
  });
});
