// Which session makes room for a new one at --max-sessions (src/proxy/session-room.ts): without --grants the one
// unused longest; with --grants a client holding its share makes room among its own only, one under its share
// takes from a client over its share (even one whose stream is open), else only from one at least two ahead.
import { describe, expect, it } from 'vitest';
import type { GrantedClient } from '../../src/proxy/grants.js';
import { roomFor } from '../../src/proxy/session-room.js';

const client = (name: string) => ({ name }) as unknown as GrantedClient;
const [A, B, C] = [client('a'), client('b'), client('c')];
const CLIENTS = [A, B, C];
/**
 * A session of `owner`, last used at tick `since`; `state`: idle, a stream open (ended only for another client
 * when its owner is over its share), or a request waiting (never ended).
 */
const session = (id: string, owner: GrantedClient | undefined, since: number, state = 'idle') => ({
  id,
  client: owner,
  idleSince: state === 'idle' ? since : undefined,
  quietSince: state === 'waiting' ? undefined : since,
});
type Row = readonly [string, GrantedClient, number, string?];

describe('roomFor', () => {
  it('without --grants: the one unused longest, whoever holds it', () => {
    const sessions = [session('x', undefined, 5), session('y', undefined, 2), session('z', undefined, 1, 'waiting')];
    expect(roomFor(undefined, sessions, { maxSessions: 3 })?.id).toBe('y');
  });

  it.each<[string, GrantedClient, readonly Row[], number, string | undefined]>([
    // [case, who asks, sessions (id, owner, last used, state), --max-sessions, the one ended (undefined: 503)]
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
      'a at its share with its own in use: none, though b idles',
      A,
      [
        ['b1', B, 1],
        ['a1', A, 5, 'waiting'],
      ],
      2,
      undefined,
    ],
    [
      'b under its share takes from a, over it',
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
      'b takes from a, over its share, even a session with a stream open',
      B,
      [
        ['a1', A, 3, 'stream'],
        ['a2', A, 2, 'waiting'],
        ['c1', C, 1],
      ],
      3,
      'a1',
    ],
    [
      'nobody over, nobody two ahead: none (no two clients take turns)',
      B,
      [
        ['a1', A, 9],
        ['c1', C, 1],
      ],
      2,
      undefined,
    ],
    [
      'b (1) and c (1) at share 2, a (2) in use: b does not end c',
      B,
      [
        ['a1', A, 1, 'waiting'],
        ['a2', A, 2, 'waiting'],
        ['b1', B, 3],
        ['c1', C, 4],
      ],
      4,
      undefined,
    ],
    [
      'nobody over, c two ahead of b: from c',
      B,
      [
        ['c1', C, 5],
        ['c2', C, 6],
        ['a1', A, 1],
      ],
      3,
      'c1',
    ],
    [
      'a share rounds up: 5 over 3 clients is 2, so a (1) is under it',
      A,
      [
        ['a1', A, 8],
        ['b1', B, 1],
        ['b2', B, 2],
        ['b3', B, 3],
        ['c1', C, 4],
      ],
      5,
      'b1',
    ],
  ])('%s', (_, asking, rows, maxSessions, ended) => {
    const sessions = rows.map(([id, owner, since, state]) => session(id, owner, since, state));
    expect(roomFor(asking, sessions, { maxSessions, clients: CLIENTS })?.id).toBe(ended);
  });

  it('counts the sessions a client is opening toward its share', () => {
    const sessions = [session('b1', B, 1), session('b2', B, 2), session('b3', B, 3), session('a1', A, 5)];
    // a holds one and opens one more: at its share of 2 (max 4, two clients), it ends its own; not opening, it is
    // under its share and b is over it.
    expect(roomFor(A, sessions, { maxSessions: 4, clients: [A, B] }, new Map([[A, 1]]))?.id).toBe('a1');
    expect(roomFor(A, sessions, { maxSessions: 4, clients: [A, B] })?.id).toBe('b1');
  });
});
