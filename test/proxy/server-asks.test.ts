// The bound on a server's requests waiting for the client (server-asks.ts): its refusal names whose requests it
// counts, the server's own (the gateway keeps one per server: test/cli/gateway-asks-per-server.test.ts).
import { describe, expect, it } from 'vitest';
import { ServerAsks } from '../../src/proxy/server-asks.js';
import { MAX_WAITING_REQUESTS } from '../../src/proxy/waiting-requests.js';

/** The refusal once the bound is full of one-byte requests. */
function refusalOf(asks: ServerAsks): string {
  for (let i = 0; i < MAX_WAITING_REQUESTS; i++) expect(typeof asks.hold(1)).toBe('function');
  return asks.hold(1) as string;
}

describe('ServerAsks', () => {
  it('names whose requests fill it', () => {
    const words = `${MAX_WAITING_REQUESTS} requests of this server`;
    expect(refusalOf(new ServerAsks())).toContain(`not passed on: ${words} (${MAX_WAITING_REQUESTS} bytes)`);
  });

  it('frees a place when a request is released, once however often it is called', () => {
    const asks = new ServerAsks();
    for (let i = 0; i < MAX_WAITING_REQUESTS - 1; i++) asks.hold(1);
    const release = asks.hold(1) as () => void;
    release();
    release();
    expect(typeof asks.hold(1)).toBe('function');
    expect(typeof asks.hold(1)).toBe('string');
  });
});
