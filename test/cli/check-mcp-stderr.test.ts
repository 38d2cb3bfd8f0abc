// The stderr of a failing `check --mcp` server, shown under its message (src/cli/server-stderr.ts): cut at 4000
// bytes whatever size its pipe chunks have, and a value given to the server that the cut falls inside is masked
// whole, not printed up to the cut.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_STDERR_BYTES } from '../../src/cli/server-stderr.js';
import { runInProcess } from './run-cli.js';

const NODE = JSON.stringify(process.execPath);
const SECRET = 'stderr-secret-value-0123456789';
// Not `toolgate-stderr-`: a random suffix starting with `s` spelled the secret's first 8 characters in the server's
// path, which the message names (a flake, 1 run in 62).
const dir = mkdtempSync(join(tmpdir(), 'toolgate-stderr-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server that writes `first`, then `second` in a later pipe chunk, to stderr and exits 1. */
function writer(name: string, first: string, second: string): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    `process.stderr.write(${first});\n` +
      `setTimeout(() => { process.stderr.write(${second}); setTimeout(() => process.exit(1), 100); }, 100);\n`,
  );
  return `${NODE} ${file}`;
}

describe('check --mcp shows the head of a failing server stderr', () => {
  it('masks an --env value the 4000-byte cut falls inside, in text and JSON', async () => {
    // The value starts 10 bytes before the cut; its end comes in the next chunk.
    const server = writer(
      'split.mjs',
      `'A'.repeat(${MAX_STDERR_BYTES - 10}) + process.env.API_KEY.slice(0, 20)`,
      'process.env.API_KEY.slice(20)',
    );
    for (const format of ['text', 'json']) {
      const r = await runInProcess(['check', '--format', format, '--env', `API_KEY=${SECRET}`, '--mcp', server]);
      expect(r.code).toBe(2);
      expect(`${r.out}${r.err}`).not.toContain(SECRET.slice(0, 8));
      expect(r.err).toContain('AAAA<redacted>');
    }
  });

  it('shows at most 4000 bytes of a stderr written in one 1 MB chunk', async () => {
    const r = await runInProcess(['check', '--mcp', writer('big.mjs', "'E'.repeat(1_000_000)", "''")]);
    expect(r.code).toBe(2);
    // The run of E's, not every E of the output: the message may name an error code (EPIPE when the server is
    // gone before its initialize was written, as under load).
    expect(Math.max(...r.err.split(/[^E]+/).map((run) => run.length))).toBe(MAX_STDERR_BYTES);
  });
});
