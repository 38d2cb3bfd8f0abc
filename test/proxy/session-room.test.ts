// Which session makes room for a new one at --max-sessions (src/proxy/http-sessions.ts, roomFor): without
// --grants the one unused longest; with --grants a client holding its share (--max-sessions over the clients,
// rounded up) makes room among its own only, and one under its share takes from a client over its share first.
import { describe, expect, it } from 'vitest';
import type { GrantedClient } from '../../src/proxy/grants.js';
import { roomFor } from '../../src/proxy/http-sessions.js';

const client = (name: string) => ({ name }) as unknown as GrantedClient;
const [A, B, C] = [client('a'), client('b'), client('c')];
/** A session of `owner`, unused since tick `since` (undefined: in use, never ended to make room). */
const session = (id: string, owner: GrantedClient | undefined, since: number | undefined) => ({
  id,
  client: owner,
  idleSince: since,
});

describe('roomFor', () => {
  it('without --grants: the one unused longest, whoever holds it', () => {
    const sessions = [session('x', undefined, 5), session('y', undefined, 2), session('z', undefined, undefined)];
    expect(roomFor(undefined, sessions, { maxSessions: 3 })?.id).toBe('y');
  });

  it.each([
    // [who asks, sessions (id, owner, since), maxSessions, the id ended (undefined: busy)]
    [
      'a at its share ends its own, not b',
      A,
      [
        ['b1', B, 1],
        ['a1', A, 5],
      ],
      2,
      'a1',
    ],
    [
      'a at its share with its own busy: none, though b idles',
      A,
      [
        ['b1', B, 1],
        ['a1', A, undefined],
      ],
      2,
      undefined,
    ],
    [
      'b under its share takes from a, over its share',
      B,
      [
        ['a1', A, 9],
        ['a2', A, 7],
        ['c1', C, 1],
      ],
      3,
      'a2',
    ],
    [
      'b under its share, nobody over: the unused longest',
      B,
      [
        ['a1', A, 9],
        ['c1', C, 1],
      ],
      2,
      'c1',
    ],
    [
      'over-share sessions all busy: the unused longest of all',
      B,
      [
        ['a1', A, undefined],
        ['a2', A, undefined],
        ['c1', C, 4],
      ],
      3,
      'c1',
    ],
    [
      'a share rounds up: 5 over 3 clients is 2 each',
      A,
      [
        ['a1', A, 8],
        ['b1', B, 1],
        ['b2', B, 2],
        ['c1', C, 3],
        ['c2', C, 4],
      ],
      5,
      'b1',
    ],
  ] as const)('%s', (_, asking, rows, maxSessions, ended) => {
    const sessions = rows.map(([id, owner, since]) => session(id, owner, since));
    expect(roomFor(asking, sessions, { maxSessions, clients: [A, B, C] })?.id).toBe(ended);
  });

  it('counts the sessions a client is opening toward its share', () => {
    const sessions = [session('b1', B, 1), session('a1', A, 5)];
    // a holds one and opens one more: at its share of 2 (max 4, two clients), it ends its own.
    const opening = new Map([[A, 1]]);
    expect(roomFor(A, sessions, { maxSessions: 4, clients: [A, B] }, opening)?.id).toBe('a1');
    expect(roomFor(A, sessions, { maxSessions: 4, clients: [A, B] })?.id).toBe('b1');
  });
});
