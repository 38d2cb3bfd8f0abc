// Narrowed authority is enforced, not only trimmed: a tool outside the grants is never published and never
// runs, and a call to it is refused before any stage (class `validation`, stage `authorize`).
import { describe, expect, it, vi } from 'vitest';
import { admitBatch, defineTool, Registry } from '../../src/index.js';

const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };

describe('Registry grants', () => {
  it('publishes, checks and runs only granted tools; an ungranted call reaches no stage', async () => {
    const authorize = vi.fn(() => true);
    const ran: string[] = [];
    const registry = new Registry({ grants: ['read_file'], stages: { authorize } });
    for (const name of ['read_file', 'delete_file'])
      registry.register(defineTool({ name, inputSchema: schema, execute: () => ran.push(name) }));

    expect(registry.definitions().map((d) => d.name)).toEqual(['read_file']);
    expect(registry.names()).toEqual(['delete_file', 'read_file']); // the host's view: what is registered
    const refused = await registry.call({ id: 'c1', name: 'delete_file', arguments: { path: '/' } });
    // The model learns nothing about a tool it may not use: the text is the unknown-tool one.
    expect(refused.content).toBe('error: unknown tool "delete_file"; available tools: read_file');
    expect(refused.error).toMatchObject({ class: 'validation', stage: 'authorize' });
    expect(refused.error?.message).toBe('tool "delete_file" is not granted (it is registered, but not in grants)');
    expect(registry.check({ id: 'c2', name: 'delete_file', arguments: { path: '/' } })).toMatchObject({
      ok: false,
      error: { class: 'validation' },
    });
    expect((await registry.call({ id: 'c3', name: 'nope' })).content).toBe(
      'error: unknown tool "nope"; available tools: read_file',
    );
    expect(authorize).not.toHaveBeenCalled();
    expect(ran).toEqual([]);
    expect((await registry.call({ id: 'c4', name: 'read_file', arguments: { path: '/a' } })).isError).toBe(false);
    expect(ran).toEqual(['read_file']);
  });

  it('an ungranted call is refused even with arguments that would not validate (no schema work for it)', async () => {
    const registry = new Registry({ grants: [] });
    registry.register(defineTool({ name: 't', inputSchema: schema, execute: () => 1 }));
    const r = await registry.call({ id: 'c1', name: 't', arguments: '{"path": 1}' });
    expect(r.error?.stage).toBe('authorize');
    expect(r.content).toBe('error: unknown tool "t"; available tools: (none)');
  });

  it.each([['read_file'], [['read_file', 7]], [{ 0: 'read_file' }]])(
    'refuses grants %j as an options error',
    (grants) => {
      const registry = new Registry({ grants: grants as never });
      expect(registry.register(defineTool({ name: 't', execute: () => 1 }))).toMatchObject({
        ok: false,
        error: { message: 'invalid Registry options: grants must be an array of tool names' },
      });
    },
  );
});

describe("a bundle's authority is enforced", () => {
  it('an admitted but ungranted tool never runs and never reaches the model', async () => {
    const ran: string[] = [];
    const backend = (name: string) => () => {
      ran.push(name);
      return 'done';
    };
    const admitted = await admitBatch(
      [
        { name: 'read_file', description: 'Reads a file', inputSchema: schema, backend: backend('read_file') },
        { name: 'delete_file', description: 'Deletes a file', inputSchema: schema, backend: backend('delete_file') },
      ],
      { authority: { caller: 'alice', run: 'r1', grants: ['read_file'] } },
    );
    if (!admitted.ok) throw new Error(admitted.error.message);
    const bundle = admitted.value;
    expect(bundle.accepted).toEqual(['delete_file', 'read_file']);
    expect(bundle.authority?.grants).toEqual(['read_file']);
    // Nothing the host sends to a model names it.
    const published = [
      ...(['openai', 'openai-responses', 'anthropic', 'mcp'] as const).map((f) => JSON.stringify(bundle.toolsFor(f))),
      JSON.stringify(bundle.providerTools),
      JSON.stringify(bundle.registry.definitions()),
    ];
    for (const text of published) {
      expect(text).toContain('read_file');
      expect(text).not.toContain('delete_file');
    }
    const refused = await bundle.registry.call({ id: 'c1', name: 'delete_file', arguments: { path: '/' } });
    expect(refused.error).toMatchObject({ class: 'validation', stage: 'authorize' });
    expect(ran).toEqual([]);
    await bundle.registry.call({ id: 'c2', name: 'read_file', arguments: { path: '/a' } });
    expect(ran).toEqual(['read_file']);
  });

  it('without an authority every admitted tool is published and callable', async () => {
    const r = await admitBatch([{ name: 'a', backend: () => 1 }]);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.toolsFor('mcp').map((t) => t.name)).toEqual(['a']);
    expect((await r.value.registry.call({ id: 'c', name: 'a' })).isError).toBe(false);
  });

  it('grants are still only removed for rejected tools', async () => {
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' };
    const r = await admitBatch(
      [
        { name: 'old', inputSchema: draft07, backend: () => 1 },
        { name: 'new', backend: () => 1 },
      ],
      { mode: 'quarantine', authority: { grants: ['old', 'new'], caller: 'alice' } },
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.authority).toEqual({ grants: ['new'], caller: 'alice' });
  });
});

// The model is told of the name it called, as for a name that does not exist: calling an ungranted dotted tool by
// its provider name answered with the tool's own name (`unknown tool "admin.delete"` for `admin_delete`), telling
// the model that a hidden tool exists, and under which name.
describe('an ungranted tool called by its provider name', () => {
  it('reads like an unknown name, the name called echoed; the host learns which tool', async () => {
    const { admitMcpTools } = await import('../../src/index.js');
    const listing = {
      tools: [
        { name: 'files.read', inputSchema: { type: 'object' } },
        { name: 'admin.delete', inputSchema: { type: 'object' } },
      ],
    };
    const r = await admitMcpTools(listing, { backend: () => () => 'ran', authority: { grants: ['files.read'] } });
    if (!r.ok) throw new Error(r.error.message);
    const called = await r.value.registry.call({ id: '1', name: 'admin_delete', arguments: {} });
    const unknown = await r.value.registry.call({ id: '2', name: 'admin_remove', arguments: {} });
    expect(called.content).toBe('error: unknown tool "admin_delete"; available tools: files.read');
    expect(unknown.content).toBe('error: unknown tool "admin_remove"; available tools: files.read');
    expect(called.name).toBe('admin_delete');
    expect(called.error?.message).toContain('"admin.delete" is not granted');
  });
});
