// A hunt's find: a Proxy a host handed admitMcpTools or lockOf put its trap's thrown text in the Result's message
// (`admitMcpTools failed: SECRET`), which the docs say is withheld for host code. Neither runs its traps' text out.
import { describe, expect, it } from 'vitest';
import { admitMcpTools } from '../../src/catalog/mcp.js';
import { lockOf } from '../../src/index.js';

const SECRET = 'SECRET /home/u/.token';
const hostile = (): object =>
  new Proxy(
    {},
    {
      ownKeys: () => {
        throw new Error(SECRET);
      },
      get: () => {
        throw new Error(SECRET);
      },
      getOwnPropertyDescriptor: () => {
        throw new Error(SECRET);
      },
    },
  );

describe('a host Proxy whose traps throw', () => {
  it('admitMcpTools refuses the tool without its text', async () => {
    const r = await admitMcpTools({ tools: [hostile()] } as never, { backend: () => () => 1 });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).not.toContain('SECRET');
  });

  it('lockOf refuses it without its text', () => {
    const r = lockOf(hostile());
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).not.toContain('SECRET');
  });
});
