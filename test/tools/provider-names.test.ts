// The provider name map: `.` -> `_` when one-to-one, a tool withheld from a provider when its mapped name is
// taken or too long, the same map whatever the order of the names; and how admission and the registry use it.
import { describe, expect, it } from 'vitest';
import { providerNameMap, publishedName } from '../../src/tools/provider-names.js';
import { admitMcpTools, defineTool, MCP_TOOL_NAME_PATTERN, Registry, TOOL_NAME_PATTERN } from '../../src/index.js';

const L65 = `a.${'b'.repeat(63)}`;

describe('providerNameMap', () => {
  // Each of n dotted names sharing one provider name listed the n-1 others, and each was added by copying the list:
  // 10,000 such names (a hostile tools/list within the batch bound) took 8.5 s and 2.1 GB.
  it('lists at most 20 rivals of a shared provider name, and their count, whatever their number', () => {
    const names = Array.from({ length: 3000 }, (_, i) => {
      let s = 'a';
      for (let b = 0; b < 12; b++) s += ((i + 1) >> b) & 1 ? '.' : '_';
      return `${s}x`;
    });
    const map = providerNameMap(names);
    const reason = map.withheld.get(names[5] as string)?.[0]?.reason ?? '';
    expect(reason.length).toBeLessThan(2000);
    expect(reason).toMatch(/is also the provider name of ("a[._]+x", ){19}"a[._]+x" … and 2979 more$/);
    // Every one of them withheld, none published under the shared name.
    expect(map.toOwn.size).toBe(0);
    expect(map.withheld.size).toBe(3000);
  });

  const table: [names: string[], name: string, openai: string | undefined, anthropic: string | undefined][] = [
    [['files.read'], 'files.read', 'files_read', 'files_read'],
    [['plain'], 'plain', 'plain', 'plain'],
    // A tool's own name wins: the dotted one is withheld (which tool the model meant would be unknown).
    [['files.read', 'files_read'], 'files.read', undefined, undefined],
    [['files.read', 'files_read'], 'files_read', 'files_read', 'files_read'],
    // Two dotted names with one mapped name: both withheld.
    [['a.b_c', 'a_b.c'], 'a.b_c', undefined, undefined],
    [['a.b_c', 'a_b.c'], 'a_b.c', undefined, undefined],
    [['a_b.c', 'a.b.c', 'a.b_c'], 'a.b.c', undefined, undefined],
    // 65 characters: too long for OpenAI, fine for Anthropic.
    [[L65], L65, undefined, L65.replace('.', '_')],
  ];
  it.each(table)('%j: %s is %s for openai, %s for anthropic', (names, name, openai, anthropic) => {
    const map = providerNameMap(names);
    expect(publishedName(map, name, 'openai')).toBe(openai);
    expect(publishedName(map, name, 'openai-responses')).toBe(openai);
    expect(publishedName(map, name, 'anthropic')).toBe(anthropic);
    expect(publishedName(map, name, 'mcp')).toBe(name);
    // The same map whatever the order.
    expect(providerNameMap([...names].reverse())).toEqual(map);
  });

  it('names every rival in one order, whatever the order of the names', () => {
    const reason = (names: string[]) => providerNameMap(names).withheld.get('a.b.c')?.[0]?.reason;
    expect(reason(['a_b.c', 'a.b.c', 'a.b_c'])).toBe(
      'its provider name "a_b_c" is also the provider name of "a.b_c", "a_b.c"',
    );
    expect(reason(['a.b_c', 'a.b.c', 'a_b.c'])).toBe(reason(['a_b.c', 'a.b.c', 'a.b_c']));
  });

  it('says why a tool is withheld', () => {
    expect(providerNameMap(['files.read', 'files_read']).withheld.get('files.read')?.[0]).toEqual({
      format: 'openai',
      reason: 'its provider name "files_read" is the name of another tool',
    });
    expect(
      providerNameMap([L65])
        .withheld.get(L65)
        ?.map((w) => w.format),
    ).toEqual(['openai', 'openai-responses']);
  });
});

describe('name rules', () => {
  it('MCP names (1-128 of A-Za-z0-9_-.) for tools from MCP; register and defineTool keep the narrower rule', () => {
    expect(MCP_TOOL_NAME_PATTERN.test('files.read')).toBe(true);
    expect(MCP_TOOL_NAME_PATTERN.test('a'.repeat(128))).toBe(true);
    expect(MCP_TOOL_NAME_PATTERN.test('a'.repeat(129))).toBe(false);
    expect(MCP_TOOL_NAME_PATTERN.test('files/read')).toBe(false);
    expect(TOOL_NAME_PATTERN.test('files.read')).toBe(false);
    const r = new Registry().register(defineTool({ name: 'files.read', execute: () => 1 }));
    expect(r.ok).toBe(false);
  });

  it('a name outside MCP rule is a validation error for that tool, not the batch (quarantine not needed)', async () => {
    const backend = () => () => 'x';
    const tools = [
      { name: 'ok.one', inputSchema: { type: 'object' } },
      { name: 'bad name', inputSchema: { type: 'object' } },
    ];
    const strict = await admitMcpTools({ tools }, { backend });
    expect(strict.ok).toBe(false);
    if (!strict.ok) {
      expect(strict.error.diagnostics.map((d) => [d.name, d.error.class])).toEqual([['bad name', 'validation']]);
    }
  });
});

describe('admission and the registry', () => {
  const backend = () => () => 'ran';
  const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

  it('withholds a colliding or over-long name from the provider, with a tool-name finding', async () => {
    const r = await admitMcpTools({ tools: [tool('files.read'), tool('files_read'), tool(L65)] }, { backend });
    if (!r.ok) throw new Error(r.error.message);
    const b = r.value;
    expect(b.accepted).toEqual([L65, 'files.read', 'files_read']);
    expect(b.toolsFor('openai').map((t) => t.function.name)).toEqual(['files_read']);
    expect(b.toolsFor('anthropic').map((t) => t.name)).toEqual([L65.replace('.', '_'), 'files_read']);
    expect(b.toolsFor('mcp').map((t) => t.name)).toEqual([L65, 'files.read', 'files_read']);
    expect(b.providerFindings['files.read']?.map((f) => [f.provider, f.rule, f.effect])).toEqual([
      ['openai', 'tool-name', 'rejects'],
      ['anthropic', 'tool-name', 'rejects'],
    ]);
    expect(b.providerFindings[L65]?.map((f) => f.message)).toEqual([
      'not published to openai: its name is 65 characters long; openai takes at most 64',
    ]);
    expect(b.providerFindings['files_read']).toBeUndefined();
    // files_read is the real tool's name, never files.read's.
    const called: string[] = [];
    const r2 = await admitMcpTools(
      { tools: [tool('files.read'), tool('files_read')] },
      { backend: (t) => () => called.push(t.name) },
    );
    if (!r2.ok) throw new Error(r2.error.message);
    await r2.value.registry.call({ id: '1', name: 'files_read' });
    expect(called).toEqual(['files_read']);
  });

  it('reserves a mapped name: a later register cannot take it', async () => {
    const r = await admitMcpTools({ tools: [tool('files.read')] }, { backend });
    if (!r.ok) throw new Error(r.error.message);
    const taken = r.value.registry.register(defineTool({ name: 'files_read', execute: () => 1 }));
    expect(taken.ok).toBe(false);
    if (!taken.ok)
      expect(taken.error.message).toBe(
        'the name "files_read" is reserved: it is the provider name of tool "files.read"',
      );
    expect((await r.value.registry.call({ id: '1', name: 'files_read' })).isError).toBe(false);
  });

  it('check takes either name too, and an unknown name stays unknown', async () => {
    const r = await admitMcpTools({ tools: [tool('files.read')] }, { backend });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.registry.check({ id: '1', name: 'files_read', arguments: {} }).ok).toBe(true);
    expect(r.value.registry.check({ id: '1', name: 'files-read', arguments: {} }).ok).toBe(false);
  });
});
