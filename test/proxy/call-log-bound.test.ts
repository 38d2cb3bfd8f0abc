// What one `--log` line may hold (a review's find, left open at the sixteenth sitting): a tools/call carrying 700,000
// extra members wrote a 21.7 MB line naming each, and `--log-args` copied any size of arguments a refused call
// carried. Now a line names at most MAX_LOGGED_DROPPED members, each clipped, and counts the rest; arguments over
// MAX_LOGGED_ARGS characters of JSON are measured, not written. Secrets are masked as before.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_LOGGED_ARGS, MAX_LOGGED_DROPPED, openCallLog } from '../../src/proxy/call-log.js';
import type { CallRecord } from '../../src/proxy/session-context.js';
import type { ProxySettings } from '../../src/proxy/settings.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-call-log-bound-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE: CallRecord = { tool: 'echo', verdict: 'forwarded', stage: 'execute', ms: 1, upstreamError: false };

/** The one line the log at a new path holds after `record` is recorded, parsed, and its length. */
function logged(record: CallRecord, secrets: readonly string[] = []): { line: Record<string, unknown>; size: number } {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.jsonl`);
  const opened = openCallLog({ log: path, secrets } as unknown as ProxySettings, () => undefined);
  if (!opened.ok) throw new Error(opened.error.message);
  opened.value.record(record);
  const text = readFileSync(path, 'utf8');
  return { line: JSON.parse(text) as Record<string, unknown>, size: text.length };
}

describe('a --log line is bounded', () => {
  it('names at most MAX_LOGGED_DROPPED dropped members and counts them all', () => {
    const dropped = Array.from({ length: 700_000 }, (_, i) => `extra${i}`);
    const { line, size } = logged({ ...BASE, dropped });
    expect(line['dropped']).toEqual(dropped.slice(0, MAX_LOGGED_DROPPED));
    expect(line['droppedCount']).toBe(700_000);
    expect(size).toBeLessThan(2_000);
  });

  it('clips a long dropped name', () => {
    const { line } = logged({ ...BASE, dropped: ['x'.repeat(10_000_000)] });
    const names = line['dropped'] as string[];
    expect(names).toHaveLength(1);
    expect(names[0]?.length).toBeLessThanOrEqual(64);
    expect(line).not.toHaveProperty('droppedCount');
  });

  it('measures arguments over MAX_LOGGED_ARGS characters instead of writing them', () => {
    const args = { text: 'a'.repeat(MAX_LOGGED_ARGS) };
    const { line, size } = logged({ ...BASE, args });
    expect(line).not.toHaveProperty('args');
    expect(line['argsChars']).toBe(JSON.stringify(args).length);
    expect(size).toBeLessThan(1_000);
  });

  it('writes arguments within the bound exactly, secrets masked', () => {
    const args = { n: 1, s: 'token=hunter2-secret-value', list: [true, null] };
    const { line } = logged({ ...BASE, args }, ['hunter2-secret-value']);
    expect(line['args']).toEqual({ n: 1, s: 'token=<redacted>', list: [true, null] });
    expect(line).not.toHaveProperty('argsChars');
  });

  it('keeps the verdict and its facts whole', () => {
    const { line } = logged({ ...BASE, verdict: 'invalid', stage: 'validate', client: 'ci', cancelled: true });
    expect(line).toMatchObject({ tool: 'echo', verdict: 'invalid', stage: 'validate', client: 'ci', cancelled: true });
  });
});
