// A hunt's find: the output check holds structuredContent to the validation limits (maxObjectProperties 10,000 and
// the rest), and a 99 KB result of 10,001 keys conforming to `{"type": "object"}` read `error: tool rows ran but its
// output does not match its output schema`: false, the check never finished. Such a result is still refused (it
// was not checked), and now says so, to the model and the host, in admitMcpTools' bundle and the proxy alike.
import { describe, expect, it } from 'vitest';
import { admitMcpTools } from '../../src/catalog/mcp.js';
import { checkResult } from '../../src/proxy/calls.js';
import { validateSchema } from '../../src/schema/compile.js';

const OUTPUT = { type: 'object' };
const keys = (n: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]));
const UNCHECKED = 'error: tool rows ran but its output could not be checked against its output schema';

describe('a result over a validation limit', () => {
  it.each([
    ['maxObjectProperties', { content: [{ type: 'text', text: 'ok' }], structuredContent: keys(10_001) }],
    ['maxArgumentDepth', { content: [], structuredContent: JSON.parse(`${'{"a":'.repeat(70)}1${'}'.repeat(70)}`) }],
  ])('over %s: refused as not checked, never as a mismatch (admitMcpTools)', async (limit, value) => {
    const listed = { tools: [{ name: 'rows', inputSchema: { type: 'object' }, outputSchema: OUTPUT }] };
    const bundle = await admitMcpTools(listed, { backend: () => async () => value });
    if (!bundle.ok) throw new Error(bundle.error.message);
    const r = await bundle.value.registry.call({ id: 'c1', name: 'rows', arguments: '{}' });
    expect(r.content).toBe(`${UNCHECKED}: ${limit} exceeded`);
    expect(r.error).toMatchObject({ class: 'execution_failure', kind: 'limit', limit });
    expect(r.error?.message).toContain(`the tool ran but its output could not be checked against its output schema`);
    expect(r.error?.message).not.toContain('does not match');
  });

  it('through the proxy: the same text', () => {
    const schema = validateSchema(OUTPUT);
    if (!schema.ok) throw new Error(schema.error.message);
    const result = { content: [{ type: 'text', text: 'ok' }], structuredContent: keys(10_001) };
    const r = checkResult('rows', result, undefined, { outputs: new Map([['rows', schema.value]]) }, 1 << 22);
    expect(r.problem).toBe('output');
    expect(JSON.stringify(r)).toContain(`${UNCHECKED}: maxObjectProperties exceeded`);
  });

  it('a result that breaks the schema still reads as a mismatch', async () => {
    const listed = { tools: [{ name: 'rows', inputSchema: { type: 'object' }, outputSchema: OUTPUT }] };
    const bundle = await admitMcpTools(listed, {
      backend: () => async () => ({ content: [], structuredContent: [1] }),
    });
    if (!bundle.ok) throw new Error(bundle.error.message);
    const r = await bundle.value.registry.call({ id: 'c1', name: 'rows', arguments: '{}' });
    expect(r.content).toBe('error: tool rows ran but its output does not match its output schema');
  });
});
