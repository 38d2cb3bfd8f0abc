// admitMcpTools reads a tools/list result and calls the host's `backend` and `revision` per tool: a revoked Proxy
// in the listing, or a throw of the host's callbacks, is the host's input, never toolgate's own `internal`
// failure, and what the callbacks threw (host text) stays out of the message.
import { describe, expect, it } from 'vitest';
import { admitMcpTools } from '../../src/catalog/mcp.js';

const revoked = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
const TOOL = { name: 'a', inputSchema: { type: 'object' } };
const SECRET = 'SECRET /etc/shadow';
const fails = (): never => {
  throw new Error(SECRET);
};

describe('admitMcpTools: host input is refused as such', () => {
  it('a revoked Proxy as a listed tool or as the tools array is a validation refusal', async () => {
    const entry = await admitMcpTools({ tools: [revoked()] }, { backend: () => () => 'ok' });
    expect(entry.ok ? '' : `${entry.error.class} ${entry.error.message}`).toMatch(/^validation .*revoked Proxy/);
    const array = await admitMcpTools({ tools: revoked() }, { backend: () => () => 'ok' });
    expect(array.ok ? '' : array.error.class).toBe('validation');
  });

  it.each([
    ['backend', { backend: fails }],
    ['revision', { backend: () => () => 'ok', revision: fails }],
  ])('a %s that throws is a host failure whose text is withheld', async (_name, options) => {
    const r = await admitMcpTools({ tools: [TOOL] }, options);
    expect(r.ok ? '' : `${r.error.class} ${r.error.kind}`).toBe('execution_failure host');
    expect(r.ok ? '' : r.error.message).not.toContain('SECRET');
    expect(r.ok ? undefined : r.error.cause).toMatchObject({ message: SECRET });
  });
});
