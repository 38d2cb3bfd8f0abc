// Found by a hunt: numbers were read by Number(), so `--max-output 0x8` was 8 bytes, `--timeout 0x10` 16 s, and a
// serve config's `"maxOutput": "0x10"` 16 bytes, `"timeout": "1"` 1 s. A flag is read in decimal digits now, every
// numeric flag alike (proxy's --max-sessions and --max-connections, serve's --max-concurrent), and a config's
// member must be a JSON number.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-numbers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A serve config of one tool with `extra` members; its path. */
function serveConfig(name: string, extra: Record<string, unknown>): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify({ tools: [{ name: 'yes', exec: 'echo', args: ['{q}'], ...extra }] }));
  return file;
}

// Neither command would run if a number were read: echo's `{q}` may start with "-", and the proxy's server is
// nowhere; so each run ends at once, and its message says what was refused.
const SERVE = ['serve', '--name', 'yes', '--exec', 'echo'];
const PROXY = ['proxy', '--listen', '0'];
const NOWHERE = join(dir, 'no-such-server');
const DECIMAL = 'must be a positive number in decimal digits';

describe('numbers given to the CLI', () => {
  it.each([
    ['serve --max-output in hex', [...SERVE, '--max-output', '0x8', '--', '{q}'], DECIMAL],
    ['serve --timeout in hex', [...SERVE, '--timeout', '0x10', '--', '{q}'], DECIMAL],
    ['serve --timeout with an exponent', [...SERVE, '--timeout', '1e1', '--', '{q}'], DECIMAL],
    ['check --timeout in binary', ['check', '--mcp', 'x', '--timeout', '0b1'], DECIMAL],
    ['proxy --timeout with a space', ['proxy', '--timeout', ' 5', NOWHERE], DECIMAL],
    ['proxy --max-result in hex', ['proxy', '--max-result', '0x100', NOWHERE], DECIMAL],
    ['proxy --session-idle in hex', [...PROXY, '--session-idle', '0x10', NOWHERE], DECIMAL],
    ['proxy --max-sessions in hex', [...PROXY, '--max-sessions', '0x10', NOWHERE], 'a whole number from 1 to 100000'],
    ['proxy --max-connections in hex', [...PROXY, '--max-connections', '0x10', NOWHERE], 'from 1 to 1000000'],
    ['proxy --max-connections with an exponent', [...PROXY, '--max-connections', '1e3', NOWHERE], 'from 1 to'],
    ['serve --max-concurrent with a space', [...SERVE, '--max-concurrent', ' 4', '--', '{q}'], 'from 1 to 256'],
    [
      'a config "maxOutput" as text',
      ['serve', '--config', serveConfig('a.json', { maxOutput: '0x10' })],
      'JSON number',
    ],
    ['a config "timeout" as text', ['serve', '--config', serveConfig('b.json', { timeout: '1' })], 'JSON number'],
  ])('%s is refused', async (_, argv, message) => {
    const r = await runInProcess(argv);
    expect(r.err).toContain(message);
    expect(r.code).toBe(2);
  });
});
