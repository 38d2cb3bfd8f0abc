// A glob character other than `*` and `?` means itself: each of the 95 printable ASCII characters and non-ASCII
// ones, astral included. Before the fix a glob was turned into a `u` regular expression and `-` was escaped as
// `\-`, which `u` refuses: `--allow get-env` stopped the proxy at start-up.
import { describe, expect, it } from 'vitest';
import { proxySettings } from '../../src/cli/proxy-options.js';
import { compileGrants, compileMethodDenials } from '../../src/proxy/grants.js';
import { matchGlob } from '../../src/util/glob.js';

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i));
const LITERAL = PRINTABLE.filter((c) => c !== '*' && c !== '?');
const NON_ASCII = ['é', 'ß', 'Ω', '中', '\u00a0', '\u200b', '\u2028', '\ufeff', '😀', '𝔸', '\u{10fffd}'];
NON_ASCII.push('e\u0301');

describe('glob characters other than * and ? are literal', () => {
  it.each([...LITERAL, ...NON_ASCII].map((c) => [c]))('%j matches itself and nothing else', (c) => {
    for (const glob of [c, `a${c}b`, `${c}${c}`, `*${c}*`])
      expect(matchGlob(glob, glob.replaceAll('*', 'x'))).toBe(true);
    expect(matchGlob(`a${c}b`, `a${c}b`)).toBe(true);
    expect(matchGlob(`a${c}b`, 'a_b'.replace('_', c === '~' ? '!' : '~'))).toBe(false);
    expect(matchGlob(`a${c}b`, `A${c}b`)).toBe(false);
    expect(matchGlob(`a${c}b`, `a${c}${c}b`)).toBe(false);
    expect(matchGlob(`a${c}b`, 'ab')).toBe(false);
    expect(matchGlob(c, '')).toBe(false);
    expect(compileGrants([`x${c}`], []).granted(`x${c}`)).toBe(true);
    expect(compileGrants([], [`x${c}`]).granted(`x${c}`)).toBe(false);
  });

  it.each([
    ['.', 'x'],
    ['[ab]', 'a'],
    ['a{2}', 'aa'],
    ['a+', 'aa'],
    ['(a|b)', 'a'],
    ['a|b', 'a'],
    ['\\d', '1'],
    ['\\w', 'w'],
    ['^a$', 'a'],
    ['a-c', 'b'],
    ['[a-c]', 'b'],
  ])('%j, a regular expression elsewhere, does not match %j', (glob, text) => {
    expect(matchGlob(glob, text)).toBe(false);
    expect(matchGlob(glob, glob)).toBe(true);
  });
});

describe('* and ?', () => {
  it.each([
    ['*', '', true],
    ['*', 'any.name-at/all', true],
    ['?', '', false],
    ['?', '😀', true],
    ['?', 'e\u0301', false],
    ['??', 'e\u0301', true],
    ['a?c', 'a😀c', true],
    ['a?c', 'a😀😀c', false],
    ['a*c', 'a😀😀c', true],
    ['get-*', 'get-env', true],
    ['get-*', 'get', false],
    ['*-id', 'resolve-library-id', true],
    ['*a*b*c*', 'xxaxxbxxcxx', true],
    ['*a*b*c*', 'xxaxxcxxbxx', false],
    ['a**b', 'ab', true],
    ['*?', '', false],
    ['*?', 'x', true],
  ])('%j on %j: %s', (glob, text, matches) => {
    expect(matchGlob(glob, text)).toBe(matches);
  });

  it('matches many stars against a long name without backtracking blow-up', () => {
    const started = performance.now();
    expect(matchGlob('*a*a*a*a*a*a*a*a*b', 'a'.repeat(5000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('toolgate proxy --allow / --deny with kebab-case names', () => {
  it.each([
    ['--allow', 'get-env'],
    ['--deny', 'resolve-library-id'],
    ['--allow', 'a\\b[c]{d}(e)|f^g$h.i+j/k'],
  ])('%s %j starts (it once exited 2 with "Invalid regular expression")', (flag, glob) => {
    const read = proxySettings([flag, glob, '--', 'node', 'server.js']);
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.value.grants.granted(glob)).toBe(flag === '--allow');
  });
});

describe('--deny-method globs share the glob rule', () => {
  it.each([
    ['prompts/*', 'prompts/get', true],
    ['prompts/*', 'Prompts/get', false],
    ['x-vendor/*', 'x-vendor/ping', true],
    ['resources/read?', 'resources/read', false],
  ])('%j withholds %j: %s', (glob, method, denied) => {
    expect(compileMethodDenials([glob])(method)).toBe(denied);
  });
});
