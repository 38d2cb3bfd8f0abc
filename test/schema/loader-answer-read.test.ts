// What a synchronous schemaLoader answers is host data, read as a schema document is (rule 13): a getter or a
// Proxy trap of it never runs, and whatever it would have thrown cannot leave validateSchema as toolgate's own
// failure (execution_failure `internal`, its text in the message). A Promise is recognised without reading
// its `then`.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';

const root = { type: 'object', properties: { a: { $ref: 'other.json' } } };

describe('a schemaLoader answer is read without running its code', () => {
  it('a Proxy answer is refused before any trap runs', () => {
    const traps: string[] = [];
    const get = (t: object, k: string | symbol): unknown => {
      traps.push(String(k));
      return Reflect.get(t, k);
    };
    const answer = new Proxy({ type: 'string' }, { get });
    const r = validateSchema(root, { schemaLoader: () => answer });
    expect(traps).toEqual([]);
    expect(r.ok ? '' : r.error.violations[0]?.code).toBe('loader_failed');
  });

  it('a revoked Proxy answer is loader_failed, not an internal failure', () => {
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    const r = validateSchema(root, { schemaLoader: () => revocable.proxy });
    expect(r.ok ? '' : `${r.error.class} ${r.error.violations[0]?.code}`).toBe('validation loader_failed');
  });

  it('a `then` getter never runs, and its text is not in the message', () => {
    let ran = 0;
    const answer = {
      type: 'string',
      get then(): never {
        ran++;
        throw new Error('SECRET /etc/shadow');
      },
    };
    const r = validateSchema(root, { schemaLoader: () => answer });
    expect(ran).toBe(0);
    expect(r.ok ? '' : `${r.error.class} ${r.error.violations[0]?.code}`).toBe('validation loader_failed');
    expect(JSON.stringify(r)).not.toContain('SECRET');
  });

  it('a thrown Proxy is loader_failed: no trap runs and its text is not in the message', () => {
    const traps: string[] = [];
    const trap = (what: string) => (): never => {
      traps.push(what);
      throw new Error('SECRET /etc/shadow');
    };
    const thrown = new Proxy(new Error('x'), { getOwnPropertyDescriptor: trap('gopd'), get: trap('get') });
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    for (const value of [thrown, revocable.proxy]) {
      const r = validateSchema(root, {
        schemaLoader: () => {
          throw value;
        },
      });
      expect(r.ok ? '' : `${r.error.class} ${r.error.violations[0]?.code}`).toBe('validation loader_failed');
      // The thrown value is the host's, kept as the cause for its logs; toolgate's own text never reads it.
      expect(r.ok ? '' : JSON.stringify({ ...r.error, cause: undefined })).not.toContain('SECRET');
      expect(r.ok ? undefined : r.error.cause).toBe(value);
    }
    expect(traps).toEqual([]);
  });

  it('a Promise is still named as one', () => {
    const r = validateSchema(root, { schemaLoader: async () => ({ type: 'string' }) });
    expect(r.ok ? '' : r.error.message).toMatch(/returned a Promise/);
  });
});
