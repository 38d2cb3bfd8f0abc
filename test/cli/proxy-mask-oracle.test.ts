// Masking must not answer a client's guesses. What a client was sent used to be masked also where a secret's
// beginning ended at a clip mark `…`: a client that put a guess just before the 80-character clip of a tool name
// it gave (or before a `…` of its own, echoed by a tool) got the guess back masked exactly when it began a
// secret, and so read the secret out a character at a time (a --header token in 777 requests). Now a client's
// answers differ only by the text it sent, whatever the guess; stderr and --log still mask clipped beginnings.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/exec/mask-secrets.js';
import { RawCli } from './raw-cli.js';

const LEAKY = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/secret-echo-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-mask-oracle-'));
const SECRET = 'sk-proj-Q7xZk29LmNvB4TeW81aaPq0RsTuVwXyZ1234';
/** A guess of `k` characters that begins the secret, and one as long that does not. */
const right = (k: number): string => SECRET.slice(0, k);
const wrong = (k: number): string => `${SECRET.slice(0, k - 1)}#`;
const started: RawCli[] = [];

afterAll(() => {
  for (const p of started) p.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe("toolgate proxy's masking answers no guess", () => {
  it('a guess before the clip of a tool name, or before an echoed `…`, comes back as sent', async () => {
    const log = join(dir, 'calls.jsonl');
    const q = new RawCli('proxy', ['--log', log, '--env', `SECRET_TOKEN=${SECRET}`, '--', process.execPath, LEAKY]);
    started.push(q);
    await q.initialize();
    const shown: Record<string, string> = {};
    for (const k of [8, 12, 20]) {
      for (const [kind, guess] of [
        ['right', right(k)],
        ['wrong', wrong(k)],
      ] as const) {
        // The name is clipped to 80 characters (79 and the mark) where the proxy echoes it.
        const name = `${'x'.repeat(79 - k)}${guess}PAD`;
        const unknown = await q.request(`u-${kind}-${k}`, 'tools/call', { name, arguments: {} });
        shown[`u-${kind}-${k}`] = JSON.stringify(unknown.error ?? unknown.result).replace(guess, 'GUESS');
        const echoed = await q.request(`e-${kind}-${k}`, 'tools/call', {
          name: 'echo',
          arguments: { key: `${guess}…` },
        });
        shown[`e-${kind}-${k}`] = JSON.stringify(echoed.result).replaceAll(guess, 'GUESS');
      }
      expect(shown[`u-right-${k}`]).toContain('GUESS…');
      expect(shown[`u-right-${k}`]).toBe(shown[`u-wrong-${k}`]);
      expect(shown[`e-right-${k}`]).toContain('GUESS…');
      expect(shown[`e-right-${k}`]).toBe(shown[`e-wrong-${k}`]);
    }
    // A server's member name is never cut where the proxy names its path: a secret cut short would be shown.
    const proto = await q.request('proto', 'tools/call', { name: 'env-proto', arguments: { key: 'SECRET_TOKEN' } });
    expect(JSON.stringify(proto)).toContain('(a long name)');
    expect(JSON.stringify(proto)).not.toContain(right(8));
    // The whole secret is still masked, whoever sends it back.
    const whole = await q.request('whole', 'tools/call', { name: 'echo', arguments: { key: `see ${SECRET}` } });
    expect(JSON.stringify(whole.result)).not.toContain(SECRET);
    expect(JSON.stringify(whole.result)).toContain(REDACTED);
    q.child.stdin.end();
    expect((await q.exited).code).toBe(0);
    // What the host reads keeps masking a clipped beginning.
    expect(readFileSync(log, 'utf8')).not.toContain(right(20));
  }, 30_000);
});
