// An MCP tool's outputSchema that references a document only the host's schemaLoader has. admitMcpTools and
// guardClient compiled output schemas without the loader (an async one cannot be asked from a synchronous
// compile), so such a tool was refused, `unresolved references`, while its inputSchema's same reference was
// admitted. The loader is now asked in rounds for output schemas as for input schemas, by one batch loader per
// listing: each URI reaches the host once, and every schema of the listing sees the same answer.
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { MAX_LOADER_ROUNDS } from '../../src/catalog/async-loader.js';
import { admitMcpTools } from '../../src/catalog/mcp.js';
import { ToolgateJsonSchemaValidator } from '../../src/adapters/mcp-validator.js';
import { type RawMessage, rawServerClient } from '../adapters/raw-server.js';

const PAIR = 'https://schemas.example/pair.json';
const WORD = 'https://schemas.example/word.json';
const DOCS: Record<string, object> = {
  [PAIR]: {
    type: 'object',
    properties: { pair: { type: 'array', prefixItems: [{ $ref: WORD }, { type: 'integer' }], items: false } },
    required: ['pair'],
  },
  [WORD]: { type: 'string', pattern: '^[a-z]+$' },
};
const input = { type: 'object', properties: { q: { $ref: WORD } } };
// MCP requires an outputSchema of `"type": "object"` (the SDK's client refuses a listing without it).
const listing = (outputSchema: unknown = { type: 'object', $ref: PAIR }): { tools: object[] } => ({
  tools: [{ name: 'pair', inputSchema: input, outputSchema }],
});

/** An async loader over DOCS that counts what it was asked. */
function counting(docs: Record<string, object> = DOCS): { loader: (uri: string) => Promise<object>; asked: string[] } {
  const asked: string[] = [];
  const loader = async (uri: string): Promise<object> => {
    asked.push(uri);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const doc = docs[uri];
    if (doc === undefined) throw new Error(`no ${uri} in /srv/secret-store (token hunter2)`);
    return doc;
  };
  return { loader, asked };
}

const answering = (result: unknown) => (): (() => unknown) => () => result;
const good = { content: [{ type: 'text', text: 'ok' }], structuredContent: { pair: ['ab', 1] } };
const bad = { content: [], structuredContent: { pair: ['AB', 1] } };
const BROKE = 'error: tool pair ran but its output does not match its output schema';

describe('admitMcpTools: an outputSchema resolves through the schemaLoader', () => {
  it('admits it, asks each URI once for input and output schemas together, and holds results to it', async () => {
    const { loader, asked } = counting();
    const call = async (result: unknown) => {
      const bundle = await admitMcpTools(listing(), { backend: answering(result), schemaLoader: loader });
      if (!bundle.ok) throw new Error(bundle.error.message);
      expect(bundle.value.stats.loaderCalls).toBe(2);
      const r = await bundle.value.registry.call({ id: 'c', name: 'pair', arguments: { q: 'x' } });
      return [r.isError, r.content];
    };
    expect(await call(good)).toEqual([false, 'ok']);
    expect(await call(bad)).toEqual([true, BROKE]);
    expect(asked.sort()).toEqual([PAIR, PAIR, WORD, WORD]);
  });

  it('a synchronous loader the same', async () => {
    const bundle = await admitMcpTools(listing(), { backend: answering(bad), schemaLoader: (uri) => DOCS[uri] });
    expect(bundle.ok).toBe(true);
    if (!bundle.ok) return;
    expect((await bundle.value.registry.call({ id: 'c', name: 'pair', arguments: {} })).content).toBe(BROKE);
  });

  it("a loader's throw is the tool's diagnostic (validation: no mode admits it), its text withheld", async () => {
    const { loader } = counting({ [WORD]: DOCS[WORD] as object });
    const r = await admitMcpTools(listing(), { mode: 'quarantine', backend: answering(good), schemaLoader: loader });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const [d] = r.error.diagnostics;
    expect([d?.name, d?.error.class, d?.error.violations[0]?.code]).toEqual(['pair', 'validation', 'loader_failed']);
    expect(d?.error.message).toMatch(/^outputSchema: /);
    expect(JSON.stringify(d?.error.violations)).not.toMatch(/hunter2|secret-store/);
    expect(d?.error.message).not.toMatch(/hunter2|secret-store/);
  });

  it('a loader past loaderTimeoutMs is an execution_failure of the tool', async () => {
    const never = (uri: string) => (uri === WORD ? DOCS[WORD] : new Promise<object>(() => undefined));
    const r = await admitMcpTools(listing(), { backend: answering(good), schemaLoader: never, loaderTimeoutMs: 50 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.diagnostics.map((d) => [d.name, d.error.class])).toEqual([['pair', 'execution_failure']]);
    expect(r.error.diagnostics[0]?.error.message).toMatch(/^outputSchema: .*loaderTimeoutMs/);
  });

  it(`documents chained past ${MAX_LOADER_ROUNDS} rounds are refused at the limit, loaded no further`, async () => {
    let loads = 0;
    const chain = (uri: string): object => {
      loads++;
      const n = Number(/(\d+)\.json/.exec(uri)?.[1]);
      return { $ref: `https://schemas.example/${n + 1}.json` };
    };
    const tools = [
      { name: 'pair', inputSchema: { type: 'object' }, outputSchema: { $ref: 'https://schemas.example/0.json' } },
    ];
    const r = await admitMcpTools(
      { tools },
      {
        backend: answering(good),
        schemaLoader: chain,
      },
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const [d] = r.error.diagnostics;
    expect([d?.error.class, d?.error.message]).toEqual([
      'execution_failure',
      `outputSchema: schemaLoader documents reference further documents more than ${MAX_LOADER_ROUNDS} levels deep`,
    ]);
    expect(loads).toBe(MAX_LOADER_ROUNDS - 1);
  });

  // The rounds bound a chain of documents per listing: output schemas first, then input schemas, on one count.
  // Counted apart, another tool's outputSchema that loaded part of a chain let an inputSchema chain twice as deep.
  it("output and input schemas share the listing's rounds: neither lengthens the other's chain", async () => {
    let loads = 0;
    const chain = (uri: string): object => {
      loads++;
      const n = Number(/(\d+)\.json/.exec(uri)?.[1]);
      return n === 50 ? { type: 'object' } : { $ref: `https://schemas.example/${n + 1}.json` };
    };
    const deep = { name: 'deep', inputSchema: { $ref: 'https://schemas.example/0.json' } };
    const helper = {
      name: 'helper',
      inputSchema: { type: 'object' },
      outputSchema: { $ref: 'https://schemas.example/20.json' },
    };
    const r = await admitMcpTools({ tools: [deep, helper] }, { backend: answering(good), schemaLoader: chain });
    expect(r.ok ? 'admitted' : r.error.diagnostics.map((d) => [d.name, d.error.class])).toEqual([
      ['deep', 'execution_failure'],
    ]);
    expect(loads).toBe(MAX_LOADER_ROUNDS - 1);
  });

  it('without a loader such an outputSchema is refused as before (unresolved)', async () => {
    const tools = [{ name: 'pair', inputSchema: { type: 'object' }, outputSchema: { $ref: PAIR } }];
    const r = await admitMcpTools({ tools }, { backend: answering(good) });
    expect(r.ok ? 'admitted' : r.error.diagnostics.map((d) => d.error.message.slice(0, 14))).toEqual([
      'outputSchema: ',
    ]);
  });
});

describe('guardClient: an outputSchema resolves through the schemaLoader', () => {
  it('admits the tool and checks every result against the loaded documents', async () => {
    let result: unknown = good;
    // The SDK's client compiles every outputSchema itself when it lists tools: it is given toolgate's validator,
    // with a synchronous loader over the same documents (its own Ajv throws on the unresolved reference).
    const jsonSchemaValidator = new ToolgateJsonSchemaValidator({ schemaLoader: (uri) => DOCS[uri] });
    const answer = (m: RawMessage) => (m.method === 'tools/call' ? result : undefined);
    const client = await rawServerClient(listing().tools, answer, '2025-06-18', { jsonSchemaValidator });
    const { loader, asked } = counting();
    const guarded = guardClient(client, { schemaLoader: loader });
    const admitted = await guarded.admit();
    expect(admitted.ok ? admitted.value.accepted : admitted.error.message).toEqual(['pair']);
    expect(asked.sort()).toEqual([PAIR, WORD]);
    expect((await guarded.callTool({ name: 'pair', arguments: { q: 'ab' } })).isError).toBeFalsy();
    result = bad;
    const refused = await guarded.callTool({ name: 'pair', arguments: { q: 'ab' } });
    expect([refused.isError, refused.content]).toEqual([true, [{ type: 'text', text: BROKE }]]);
  });
});
