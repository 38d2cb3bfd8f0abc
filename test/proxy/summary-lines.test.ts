import { describe, expect, it } from 'vitest';
import type { Published } from '../../src/proxy/published.js';
import { viewChanged } from '../../src/proxy/client-view.js';
import { readmissionLines, summaryLines } from '../../src/proxy/summary.js';

/** A published catalog with `names` in every list the summary names tools from. */
function publishedWith(names: string[]): Published {
  return {
    tools: new Map(names.map((n) => [n, { name: n }])),
    bundle: undefined,
    outputs: new Map(),
    withheld: names.map((name) => ({ name, reason: 'its inputSchema is broken' })),
    listed: names.length * 2,
    requiredDefaults: names.map((name) => ({ name, properties: names })),
    unconstrained: names,
    typeAdded: names,
  } as unknown as Published;
}

describe('the proxy start-up summary', () => {
  it('names every tool of a short list', () => {
    const lines = summaryLines(publishedWith(['a', 'b']), undefined, 'srv', false);
    expect(lines).toContain('withheld: a, b: its inputSchema is broken');
    expect(lines.some((l) => l.endsWith('--withhold-unconstrained withholds): a, b'))).toBe(true);
    expect(lines.some((l) => l.endsWith('refused): a (a, b), b (a, b)'))).toBe(true);
  });

  it('bounds each line when a server lists thousands of tools (a line of 4,000 names was 25 KB)', () => {
    const names = Array.from({ length: 4000 }, (_, i) => `tool_${i}`);
    const lines = summaryLines(publishedWith(names), undefined, 'srv', false);
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line.length).toBeLessThan(2000);
    expect(lines[1]).toBe(`withheld: ${names.slice(0, 20).join(', ')} … and 3980 more: its inputSchema is broken`);
    expect(lines[2]).toMatch(/tool_19 … and 3980 more$/);
  });

  it('keeps a hostile name to one clipped line without terminal escapes (a forged log line)', () => {
    const forged = `x\ntoolgate proxy: lock ok\u001b[2J\r${'y'.repeat(500)}`;
    const lines = summaryLines(publishedWith([forged]), undefined, 'srv', false);
    expect(lines).toHaveLength(5);
    for (const line of lines) expect([...line].some((c) => c < ' ')).toBe(false);
    expect(lines[1]?.length).toBeLessThan(140);
  });
});

describe("the server's name and version in the summary", () => {
  const init = (version: string) => ({ serverInfo: { name: 'node', version } });
  // A hunt's find: a version was printed unquoted, so `1 ("node real"): 9 of 9 tools published` read as the line.
  it.each([
    ['a plain version, as it is', '1.2.0-rc.1+b7', 'server "node" 1.2.0-rc.1+b7 ("srv"): '],
    ['anything else, quoted', '1 ("node real"): 9 of 9', 'server "node" "1 (\\"node real\\"): 9 of 9" ("srv"): '],
  ])('%s', (_, version, start) => {
    const first = summaryLines(publishedWith(['a', 'b']), init(version), 'srv', false)[0] ?? '';
    expect(first.startsWith(start) ? start : first).toBe(start);
  });
});

describe('after a re-admission (tools/list_changed)', () => {
  const before = publishedWith(['a', 'b']);
  const withTool = (tool: Record<string, unknown>): Published =>
    ({ ...before, tools: new Map([...before.tools, ['b', tool]]) }) as unknown as Published;

  it.each([
    ['the same admission', before, []],
    ['an admission of the same tools, said of in the same words', publishedWith(['a', 'b']), []],
    ['a tool whose outputSchema changed', withTool({ name: 'b', outputSchema: { type: 'object' } }), 5],
    ['a tool gone', publishedWith(['a']), 5],
    ['the same tools, one more withheld', { ...publishedWith(['a', 'b']), listed: 5 } as Published, 5],
  ])('%s: %j lines', (_, after, expected) => {
    const lines = readmissionLines(before, after, undefined, 'srv', false);
    expect(typeof expected === 'number' ? lines.length : lines).toEqual(expected);
  });

  it('viewChanged reads what a tools/list would show: definitions and order, not the objects', () => {
    expect(viewChanged(before, publishedWith(['a', 'b']))).toBe(false);
    expect(viewChanged(before, publishedWith(['b', 'a']))).toBe(true);
    expect(viewChanged(before, withTool({ name: 'b', annotations: { readOnlyHint: true } }))).toBe(true);
  });
});
