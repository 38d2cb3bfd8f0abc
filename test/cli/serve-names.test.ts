// `serve` lists its tools over MCP, so each name must follow MCP's tool name rule (1 to 128 characters of
// A-Za-z0-9_.-), the rule toolgate's own `check --mcp` holds a server to: a name outside it is a start-up error.
import { describe, expect, it } from 'vitest';
import { prepareServe } from '../../src/cli/serve.js';

describe('serve tool names follow MCP', () => {
  it.each([[''], ['a b'], ['x/y'], ['café'], ['a'.repeat(129)]])('refuses the name %j at start-up', (name) => {
    const r = prepareServe(['--name', name, '--exec', 'date']);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.message).toContain('MCP tool name');
      // A long name is clipped in the message.
      expect(r.error.message.length).toBeLessThan(300);
    }
  });

  it.each([['files.read'], ['a-b_c'], ['a'.repeat(128)]])('serves the name %j', (name) => {
    expect(prepareServe(['--name', name, '--exec', 'date']).ok).toBe(true);
  });
});

describe('serve names a duplicate tool clipped', () => {
  it('does not echo a long duplicate name whole', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-serve-dup-'));
    try {
      const file = join(dir, 'serve.json');
      const name = 'n'.repeat(100_000);
      writeFileSync(
        file,
        JSON.stringify({
          tools: [
            { name, exec: 'date' },
            { name, exec: 'date' },
          ],
        }),
      );
      const r = prepareServe(['--config', file]);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.message).toContain('duplicate tool name');
        expect(r.error.message.length).toBeLessThan(300 + file.length);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
