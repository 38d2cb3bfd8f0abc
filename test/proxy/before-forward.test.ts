// A request waiting to be forwarded is withdrawn by its client's cancellation at once, not when what it waits for
// settles (MCP "Cancellation": the receiver frees what the request holds); nothing is kept once it is done.
import { describe, expect, it } from 'vitest';
import { BeforeForward, cancelledId, WITHDRAWN } from '../../src/proxy/before-forward.js';

/** A promise and its resolver. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve = (_: T): void => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('BeforeForward', () => {
  it('settles whenEmpty once the last request stops waiting, two under one id (an id reused) included', async () => {
    const waiting = new BeforeForward();
    let empty = false;
    await waiting.whenEmpty();
    const [first, second] = [later<string>(), later<string>()];
    const a = waiting.wait('x', first.promise);
    const b = waiting.wait('x', second.promise);
    void waiting.whenEmpty().then(() => {
      empty = true;
    });
    // The later one under the id (the map's entry) settles first.
    second.resolve('two');
    await b;
    await new Promise((resolve) => setImmediate(resolve));
    // The first still waits: the proxy must not close the server's input yet (src/proxy/stdio.ts).
    expect(empty).toBe(false);
    first.resolve('one');
    await a;
    await new Promise((resolve) => setImmediate(resolve));
    expect(empty).toBe(true);
  });

  it('gives the value when nothing cancels, and keeps nothing after', async () => {
    const waiting = new BeforeForward();
    const until = later<string>();
    const got = waiting.wait(1, until.promise);
    expect(waiting.size).toBe(1);
    until.resolve('tools');
    expect(await got).toBe('tools');
    expect(waiting.size).toBe(0);
    expect(waiting.cancel(1)).toBe(false);
  });

  it('withdraws at once when cancelled, while what it waits for never settles', async () => {
    const waiting = new BeforeForward();
    const got = waiting.wait('a', new Promise<string>(() => undefined));
    expect(waiting.cancel('a')).toBe(true);
    expect(await got).toBe(WITHDRAWN);
    expect(waiting.size).toBe(0);
  });

  it('tells ids apart by their JSON: 1 and "1" are two requests', async () => {
    const waiting = new BeforeForward();
    const until = later<string>();
    const number = waiting.wait(1, until.promise);
    const text = waiting.wait('1', until.promise);
    expect(waiting.cancel('1')).toBe(true);
    until.resolve('tools');
    expect(await number).toBe('tools');
    expect(await text).toBe(WITHDRAWN);
  });

  it('a request reusing a waiting id is the one a cancellation names; the first leaves it in place', async () => {
    const waiting = new BeforeForward();
    const first = later<string>();
    const firstGot = waiting.wait(7, first.promise);
    const secondGot = waiting.wait(7, new Promise<string>(() => undefined));
    first.resolve('tools');
    expect(await firstGot).toBe('tools');
    // The first's end did not remove the second's entry: its cancellation still finds it.
    expect(waiting.cancel(7)).toBe(true);
    expect(await secondGot).toBe(WITHDRAWN);
    expect(waiting.size).toBe(0);
  });

  it.each([
    [{ requestId: 3 }, 3],
    [{ requestId: 'x' }, 'x'],
    [{}, undefined],
    [null, undefined],
    ['text', undefined],
  ])('cancelledId(%j) is %j', (params, id) => {
    expect(cancelledId(params)).toBe(id);
  });
});
