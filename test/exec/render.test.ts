import { describe, expect, it } from 'vitest';
import { renderArgv, renderValue } from '../../src/exec/render.js';
import { parseTemplates } from '../../src/exec/template.js';

describe('renderValue', () => {
  it.each([
    ['hello world', 'hello world'],
    ['$(id); rm -rf / "q" \'s\'\nnext', '$(id); rm -rf / "q" \'s\'\nnext'],
    [JSON.parse('3.0'), '3'],
    [JSON.parse('1e2'), '100'],
    [JSON.parse('-0.5'), '-0.5'],
    [JSON.parse('1E400') === Infinity ? 1e21 : 1e21, '1e+21'],
    [true, 'true'],
    [false, 'false'],
  ])('%j renders %j', (value, text) => {
    expect(renderValue(value)).toBe(text);
  });

  it.each([[null], [[1]], [{}], [Number.NaN], [undefined]])('%j is not a scalar', (value) => {
    expect(renderValue(value)).toBeUndefined();
  });
});

describe('renderArgv', () => {
  const templates = parseTemplates(['--q={q}', '{n}', 'lit{{}}']);
  if (!templates.ok) throw new Error('fixture');

  it('renders each template as exactly one argv element', () => {
    expect(renderArgv(templates.value, { q: 'a b;c', n: 2.5 })).toEqual({
      ok: true,
      value: ['--q=a b;c', '2.5', 'lit{}'],
    });
  });

  it('refuses a NUL character instead of truncating', () => {
    const r = renderArgv(templates.value, { q: 'a\u0000b', n: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.violations[0]).toMatchObject({ path: '$.q', keyword: 'render' });
  });

  it('refuses a missing value rather than rendering an empty argument', () => {
    const r = renderArgv(templates.value, { n: 1 });
    expect(r.ok).toBe(false);
  });
});

describe('renderArgv: exact bytes', () => {
  const templates = parseTemplates(['--q={q}']);
  if (!templates.ok) throw new Error('fixture');

  // spawn writes argv as UTF-8, where a lone surrogate becomes U+FFFD: the program would get another value.
  it('refuses a lone surrogate instead of passing U+FFFD', () => {
    for (const q of ['a\uD800b', '\uDC00', 'x\uDBFF']) {
      const r = renderArgv(templates.value, { q });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.violations[0]).toMatchObject({ path: '$.q', keyword: 'render' });
    }
    expect(renderArgv(templates.value, { q: 'a\uD83D\uDE00b' })).toEqual({ ok: true, value: ['--q=a\uD83D\uDE00b'] });
  });

  it('refuses a template whose own text holds a lone surrogate (parsing refuses it first)', () => {
    expect(parseTemplates(['a\uD800']).ok).toBe(false);
    const own = [{ source: 'a\uD800', parts: [{ kind: 'text' as const, text: 'a\uD800' }] }];
    expect(renderArgv(own, {}).ok).toBe(false);
  });
});
