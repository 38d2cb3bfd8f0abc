// A reader that goes away before the report ends (`toolgate check --format json <file> | head -c 10`): the
// write failed with EPIPE, unhandled, and node printed a stack trace and crashed. The run ends quietly now, with
// the exit status the run decided (1: the catalog is refused).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-closed-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a closed standard output', () => {
  it('check --format json into a reader that left: no stack trace, exit 1', async () => {
    const file = join(dir, 'tools.json');
    const tools = Array.from({ length: 3000 }, (_, i) => ({
      name: `t${i}`,
      inputSchema: { type: 'object', properties: { a: { type: 'strang' } } },
    }));
    writeFileSync(file, JSON.stringify(tools));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'check', '--format', 'json', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    // Read the first bytes, then leave, as `head -c 10` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(err).not.toContain('EPIPE');
    expect(code).toBe(1);
  }, 60_000);
});
