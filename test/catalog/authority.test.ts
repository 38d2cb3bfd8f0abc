import { describe, expect, it } from 'vitest';
import { narrowAuthority } from '../../src/catalog/authority.js';

const batchNames = new Set(['search', 'fetch', 'delete']);

describe('narrowAuthority', () => {
  it('removes only grants of rejected tools and keeps every other field by reference', () => {
    const caller = { id: 'u1' };
    const run = { id: 'r9', budget: 3 };
    const extra = { scopes: ['read'] };
    const authority = { caller, run, grants: ['search', 'delete', 'fetch'], extra, tenant: 't' };
    const r = narrowAuthority(authority, { batchNames, rejectedNames: new Set(['delete']), unknownGrants: 'reject' });
    expect(r.ok && r.value !== undefined).toBe(true);
    if (!r.ok || r.value === undefined) return;
    expect(r.value.grants).toEqual(['search', 'fetch']);
    expect(r.value['caller']).toBe(caller);
    expect(r.value['run']).toBe(run);
    expect(r.value['extra']).toBe(extra);
    expect(r.value['tenant']).toBe('t');
    expect(authority.grants).toEqual(['search', 'delete', 'fetch']);
  });

  it('refuses a grant for a tool outside the batch unless unknownGrants is keep', () => {
    const authority = { caller: 'c', run: 'r', grants: ['search', 'ghost'] };
    const refused = narrowAuthority(authority, { batchNames, rejectedNames: new Set(), unknownGrants: 'reject' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.class).toBe('validation');
      expect(refused.error.violations).toEqual([
        expect.objectContaining({ keyword: 'authority', schemaPath: '/grants/1' }),
      ]);
    }
    const kept = narrowAuthority(authority, { batchNames, rejectedNames: new Set(), unknownGrants: 'keep' });
    expect(kept.ok && kept.value?.grants).toEqual(['search', 'ghost']);
  });

  const malformed: { why: string; authority: unknown }[] = [
    { why: 'not an object', authority: 'root' },
    { why: 'without grants', authority: { caller: 'c' } },
    { why: 'with non-string grants', authority: { grants: ['a', 1] } },
    {
      why: 'with an accessor field',
      authority: Object.defineProperty({ grants: [] }, 'caller', { get: () => 'x', enumerable: true }),
    },
  ];
  it.each(malformed)('refuses an authority $why', ({ authority }) => {
    const r = narrowAuthority(authority, { batchNames, rejectedNames: new Set(), unknownGrants: 'keep' });
    expect(r.ok).toBe(false);
  });

  it('keeps a __proto__ field an ordinary field', () => {
    const authority = JSON.parse('{"grants":[],"__proto__":{"admin":true}}') as unknown;
    const r = narrowAuthority(authority, { batchNames, rejectedNames: new Set(), unknownGrants: 'reject' });
    expect(r.ok && r.value !== undefined).toBe(true);
    if (!r.ok || r.value === undefined) return;
    expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect(Object.hasOwn(r.value, '__proto__')).toBe(true);
  });

  it('gives undefined when no authority was passed', () => {
    expect(narrowAuthority(undefined, { batchNames, rejectedNames: new Set(), unknownGrants: 'reject' })).toEqual({
      ok: true,
      value: undefined,
    });
  });
});
