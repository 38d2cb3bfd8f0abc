// A line a peer can make repeat (src/proxy/seldom-said.ts): the first said, then at most one in a while, with how
// many went unsaid. The clock is vitest's (performance.now faked): nothing here waits.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seldomSaid } from '../../src/proxy/seldom-said.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a line said seldom', () => {
  it('is said first, then once a while has passed, with how many came meanwhile', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const said: string[] = [];
    const say = seldomSaid((line) => said.push(line), 1000);
    const line = (n: number): string => `dropped${n === 0 ? '' : `, and ${n} more`}`;
    for (let i = 0; i < 500; i++) say(line);
    expect(said).toEqual(['dropped']);
    vi.advanceTimersByTime(999);
    say(line);
    expect(said).toEqual(['dropped']);
    vi.advanceTimersByTime(1);
    say(line);
    expect(said).toEqual(['dropped', 'dropped, and 500 more']);
    vi.advanceTimersByTime(5000);
    say(line);
    expect(said).toEqual(['dropped', 'dropped, and 500 more', 'dropped']);
  });

  // A review's find: what a flood that then stopped left unsaid was never said.
  it('says what was left unsaid when the window ends, with no further line to carry it', () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout'] });
    const said: string[] = [];
    const say = seldomSaid((line) => said.push(line), 1000);
    const line = (n: number): string => `dropped${n === 0 ? '' : `, and ${n} more`}`;
    for (let i = 0; i < 500; i++) say(line);
    expect(said).toEqual(['dropped']);
    vi.advanceTimersByTime(1000);
    expect(said).toEqual(['dropped', 'dropped, and 498 more']);
    vi.advanceTimersByTime(5000);
    expect(said).toHaveLength(2);
  });
});
