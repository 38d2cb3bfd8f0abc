// `toolgate check` of an MCP listing says a tool's inputSchema is missing when the member is absent, and
// "got null" only when it is null (it said "got null" of both).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-missing-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('check: a listed tool without inputSchema', () => {
  it.each<[string, unknown, RegExp, RegExp]>([
    ['absent', { name: 'x' }, /x\s+validation\n\s+inputSchema#: inputSchema is missing/, /got null/],
    ['null', { name: 'x', inputSchema: null }, /got null/, /is missing/],
  ])('an inputSchema %s is said so (text and json)', async (how, tool, said, unsaid) => {
    const file = join(dir, `${how}.json`);
    writeFileSync(file, JSON.stringify({ tools: [tool] }));
    const text = await runInProcess(['check', file]);
    expect(text.code).toBe(1);
    expect(text.out).toMatch(said);
    expect(text.out).not.toMatch(unsaid);
    const json = await runInProcess(['check', file, '--format', 'json']);
    expect(json.out).toMatch(how === 'absent' ? /inputSchema is missing/ : /got null/);
  });
});
