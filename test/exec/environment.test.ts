// The one environment rule of started programs (`check --mcp` servers and `serve` commands).
import { describe, expect, it } from 'vitest';
import { childEnvironment, INHERITED_ENV, parseEnvItems } from '../../src/exec/environment.js';

const host = { PATH: '/bin', HOME: '/h', TOKEN: 't0ken', SHELL: '() { evil; }', EMPTY: '' };

describe('environment rule', () => {
  it('passes only the inherited names, skipping shell functions, then the requested variables', () => {
    expect(childEnvironment({}, host)).toEqual(
      Object.fromEntries(Object.entries({ PATH: '/bin', HOME: '/h' }).filter(([k]) => INHERITED_ENV.includes(k))),
    );
    expect(childEnvironment({ TOKEN: 'x', PATH: '/x' }, host)).toMatchObject({ TOKEN: 'x', PATH: '/x' });
  });

  it('reads KEY=VALUE and KEY (the host value), and keeps non-empty values as secrets', () => {
    const r = parseEnvItems(['A=1=2', 'TOKEN', 'EMPTY', '__proto__=p'], host);
    expect(r.ok && r.value.env).toEqual({ A: '1=2', TOKEN: 't0ken', EMPTY: '', ['__proto__']: 'p' });
    expect(r.ok && Object.getPrototypeOf(r.value.env)).toBe(Object.prototype);
    expect(r.ok && r.value.secrets).toEqual(['1=2', 't0ken', 'p']);
  });

  it.each([
    [['1A=x'], '--env needs KEY=VALUE or KEY'],
    [['UNSET_HERE'], '--env UNSET_HERE: UNSET_HERE is not set'],
    [['toString'], 'toString is not set'],
  ])('refuses %j', (items, message) => {
    const r = parseEnvItems(items, host);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toContain(message);
  });
});
