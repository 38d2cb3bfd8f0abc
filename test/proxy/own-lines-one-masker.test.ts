// The proxy built a masker of its secrets for each of its own stderr lines (maskSecrets per line): their forms
// worked out again each time, 1.2 s a line with 10,000 secrets (bench/proxy-own-lines.ts: start-up 10.2 s, now
// 3.2 s). One masker of the host's rule per list of secrets now serves every line, the server's stderr and --log
// (src/proxy/host-masker.ts). Counted here: the maskers made of the proxy's secrets (each works out the secret's
// wrapped forms once) while it starts and says its lines.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const made = vi.hoisted(() => ({ maskers: 0, secret: 'own-lines-secret-0123456789' }));
vi.mock('../../src/exec/secret-forms.js', async (original) => {
  const real = await original<typeof import('../../src/exec/secret-forms.js')>();
  return {
    ...real,
    wrappedSecretForms: (value: string) => {
      if (value === made.secret) made.maskers++;
      return real.wrappedSecretForms(value);
    },
  };
});

const { startProxy } = await import('../../src/proxy/index.js');
const SERVER = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/task-support-server.mjs');

describe("the proxy's own lines", () => {
  it('are masked by one masker of its secrets, however many it says', async () => {
    const lines: string[] = [];
    const started = await startProxy({
      upstream: { command: process.execPath, args: [SERVER], env: { KEY: made.secret } },
      deny: ['*'],
      listen: { port: 0 },
      onLog: (line) => lines.push(line),
    });
    if (!started.ok) throw new Error(started.error.message);
    await started.value.close();
    expect(lines.length).toBeGreaterThan(2);
    // One of the host's rule (lines, the server's stderr), one of what clients read (admission's withheld rule).
    expect(made.maskers).toBe(2);
  }, 30_000);
});
