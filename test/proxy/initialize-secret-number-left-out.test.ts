// A server's initialize answer holding a secret the proxy masks as a number (`_meta: {"n": 12345678}`, a capability
// `logging: {"n": 12345678}` from a server given `--api-key 12345678`) reached the client with that number the
// string "<redacted>": a result and a listed tool holding one are refused or withheld (src/proxy/client-masker.ts
// holdsSecretNumber), the initialize answer was not judged. Each member holding one is left out of it now
// (src/proxy/session.ts, src/proxy/client-masker.ts withoutSecretNumbers).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RawCli } from '../cli/raw-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const FIXTURE = join(ROOT, 'test/cli/fixtures/numeric-secret-server.mjs');
const SERVER = [process.execPath, FIXTURE, '--api-key', '12345678', '--in-initialize'];

describe("a server's initialize answer holding a secret as a number", () => {
  it('reaches the client without the members holding it, and no "<redacted>" number', async () => {
    const cli = new RawCli('proxy', ['--', ...SERVER]);
    try {
      const init = await cli.request('init', 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '0' },
      });
      expect(JSON.stringify(init)).not.toContain('redacted');
      const result = init.result as Record<string, unknown>;
      expect(result['serverInfo']).toEqual({ name: 'numeric-secret', version: '1' });
      expect(Object.keys(result['capabilities'] as object)).toEqual(['tools']);
      expect(result).not.toHaveProperty('_meta');
    } finally {
      cli.kill();
      await cli.exited;
    }
  });
});
