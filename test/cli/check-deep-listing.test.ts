// A live listing with one tool nested 5,000 levels (a hunt's find): `check --mcp` and `lock --mcp` measured each
// page with JSON.stringify, which ran out of stack, so the whole server was "not checked" (exit 2, a raw "Maximum
// call stack size exceeded"). They list through the proxy's own stdio upstream now (src/proxy/stdio-lister.ts), so
// they say what the proxy says of it: the answer is nested deeper than the proxy reads, and the proxy does not start
// on it; `--mcp-list` of the very same tools/list result, a saved file, rejects that one tool, and `lock` refuses to
// pin it.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/deep-server.mjs');
const DEPTH = 5000;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-deep-listing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The deep server's `schema` listing, saved: what --mcp-list reads (the fixture writes the same text). */
const saved = join(dir, 'list.json');
writeFileSync(
  saved,
  '{"tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}},' +
    `{"name":"deep","inputSchema":{"type":"object","properties":{"x":${'{"items":'.repeat(DEPTH)}{}` +
    `${'}'.repeat(DEPTH)}}}}]}`,
);

/** The deep server as --mcp runs it, listing `echo` and `deep`. */
const LIVE = ['--env', 'DEEP_IN=schema', '--env', `DEPTH=${DEPTH}`, '--mcp', `${process.execPath} ${SERVER}`];

/** The tools' verdicts and classes of a JSON report. */
function verdicts(out: string): string[] {
  const report = JSON.parse(out) as { catalogs: { tools: { name: string; verdict: string; class?: string }[] }[] };
  return report.catalogs.flatMap((c) => c.tools.map((t) => `${t.name} ${t.verdict} ${t.class ?? ''}`.trim()));
}

/** What the proxy says of the deep server's listing, and so check and lock of it. */
const TOO_DEEP = 'tools/list failed: the answer is nested more than 1000 levels deep, the limit; it was dropped';

describe('a live listing with a tool nested 5,000 levels', () => {
  it('check --mcp says why the proxy would not start on it; --mcp-list rejects that tool alone', async () => {
    const live = await runInProcess(['check', '--format', 'json', ...LIVE]);
    const list = await runInProcess(['check', '--format', 'json', '--mcp-list', saved]);
    expect(live.err).not.toContain('Maximum call stack');
    expect(live.err).toContain(TOO_DEEP);
    expect([live.code, list.code]).toEqual([2, 1]);
    expect(verdicts(list.out)).toEqual(['echo passed-unadmitted', 'deep rejected execution_failure']);
  }, 30_000);

  it.each([
    ['--mcp', LIVE, `--mcp "${process.execPath} ${SERVER}": ${TOO_DEEP}`],
    [
      '--mcp-list',
      ['--mcp-list', saved],
      'tool "deep" cannot be pinned: it is nested more than 1000 levels deep (the proxy drops an answer so deep)',
    ],
  ])(
    'lock %s refuses it (exit 2, nothing written)',
    async (how, source, why) => {
      const out = join(dir, `${how.slice(2)}.lock`);
      const r = await runInProcess(['lock', ...source, '--out', out]);
      expect(r.code).toBe(2);
      expect(r.err).toBe(`toolgate lock: ${why}\n`);
      expect(existsSync(out)).toBe(false);
    },
    30_000,
  );
});
