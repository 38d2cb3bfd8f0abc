// Which gateway servers a --grants client's grant reaches (src/proxy/grant-servers.ts): those under whose
// `<server>__` a name of the published form (`^[A-Za-z0-9_-]{1,64}$`) is matched by an `allow` glob and no `deny`
// glob, decided from the globs alone. Each row a grant and the answer; then every answer checked against matchGlob
// over short names, so a server with a granted short name is never judged unreached.
import { describe, expect, it } from 'vitest';
import { grantReaches } from '../../src/proxy/grant-servers.js';
import { matchGlob } from '../../src/util/glob.js';

describe('grantReaches', () => {
  it.each<[string, string[], string[], string, boolean]>([
    ['its own prefix', ['a__*'], [], 'a', true],
    ["another server's prefix", ['a__*'], [], 'b', false],
    ['every name', ['*'], [], 'b', true],
    ['an empty allow (grants nothing)', [], [], 'b', false],
    ['one tool of it', ['b__echo'], [], 'b', true],
    ['a tool of any server', ['*__echo'], [], 'b', true],
    ['a prefix that only starts its name', ['b*'], [], 'bb', true],
    ['a server whose name the glob does not start', ['b*'], [], 'a', false],
    ['one character before the separator', ['?__*'], [], 'b', true],
    ['one character, the server longer', ['?__*'], [], 'bb', false],
    ['a tool named from an underscore on', ['b___x'], [], 'b', true],
    ['all of it denied', ['*'], ['b__*'], 'b', false],
    ['all of it denied, others not', ['*'], ['b__*'], 'a', true],
    ['every published name denied (each has __)', ['*'], ['*__*'], 'a', false],
    ['its one granted tool denied', ['b__echo'], ['b__e*'], 'b', false],
    ['every tool of one character or more denied', ['b__*'], ['b__?*'], 'b', false],
    ['some tools denied, another left', ['b__*'], ['b__x', 'b__y*'], 'b', true],
    ['denied by two globs together', ['b__?'], ['b__[A-Za-z]', 'b__?'], 'b', false],
    ['a character no published name has', ['b__\u00e9'], [], 'b', false],
    ['a space', ['b__ x'], [], 'b', false],
    ['a name of 64 characters', [`b__${'x'.repeat(61)}`], [], 'b', true],
    ['a name of 65 characters', [`b__${'x'.repeat(62)}`], [], 'b', false],
    ['an allow and a deny that meet', ['*a'], ['*b'], 'c', true],
    ['an a 15 characters from the end', [`b__*a${'?'.repeat(15)}`], [`b__*a${'?'.repeat(15)}x`], 'b', true],
    // 2^15 states and more: past the bound the search fails closed (the server counts as unreached).
    ['a grant too intricate to search', [`b__*a${'?'.repeat(15)}`], [`b__*a${'?'.repeat(15)}`], 'b', false],
  ])('%s: allow %j, deny %j, server %s', (_, allow, deny, server, reached) => {
    expect(grantReaches(allow, deny, server)).toBe(reached);
  });

  // The search's work is bounded in glob steps, not states alone: 56 globs took 12 s within 10,000 states, holding
  // the loop as a client's first session opened (a review's find). Past the bound it fails closed.
  it('gives up, fail closed, once its steps are spent: a grant it reaches given the steps is unreached without', () => {
    const [allow, deny] = [['b__*'], ['b__?', 'b__??']];
    expect(grantReaches(allow, deny, 'b')).toBe(true);
    expect(grantReaches(allow, deny, 'b', 10)).toBe(false);
  });

  it('never judges unreached a server that a short granted name shows reached', () => {
    const pieces = ['a', 'b', '_', '*', '?', 'b__', 'a__'];
    const globs: string[] = [];
    for (const x of pieces) for (const y of pieces) for (const z of pieces) globs.push(`${x}${y}${z}`);
    const tools = ['a', 'b', '_', 'x', 'ab', 'a_', '_a', 'xx', 'a__', 'b_x'];
    for (const server of ['a', 'b', 'ab'])
      for (const [i, allow] of globs.entries()) {
        const deny = globs[(i * 7) % globs.length] as string;
        const named = tools.some((t) => matchGlob(allow, `${server}__${t}`) && !matchGlob(deny, `${server}__${t}`));
        if (named) expect(grantReaches([allow], [deny], server), `${allow} minus ${deny} under ${server}`).toBe(true);
      }
  });
});
