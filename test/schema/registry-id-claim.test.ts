// A registry document whose `$id` claims a URI the registry holds another document under: two schemas identify as
// one URI (Core §9.1.2), refused as duplicate_id whatever order the references come in. Before, a schema whose
// first reference pulled the claiming document was admitted, every reference to the claimed URI reaching it and
// never the registry's own document, while the same schema with its references the other way round was refused.
import { describe, expect, it } from 'vitest';
import { validateSchema, type Result } from '../../src/index.js';

const schemaRegistry = { 'a.json': { $id: 'b.json', type: 'string' }, 'b.json': { type: 'number' } };
const verdict = (r: Result<unknown>): string => (r.ok ? 'ok' : `${r.error.class} ${r.error.violations[0]?.code}`);
const rooted = (first: string, second: string): unknown => ({
  type: 'object',
  properties: { x: { $ref: first }, y: { $ref: second } },
});

describe("a registry document claiming another registry entry's URI", () => {
  it('is a duplicate in either order of references', () => {
    expect(verdict(validateSchema(rooted('b.json', 'a.json'), { schemaRegistry }))).toBe('validation duplicate_id');
    expect(verdict(validateSchema(rooted('a.json', 'b.json'), { schemaRegistry }))).toBe('validation duplicate_id');
  });

  it('one document registered under its own `$id` and an alias is that document', () => {
    const doc = { $id: 'b.json', type: 'string' };
    const c = validateSchema(rooted('a.json', 'a.json'), { schemaRegistry: { 'a.json': doc, 'b.json': doc } });
    expect(c.ok && c.value.validate({ x: 's' }).ok).toBe(true);
  });

  // The root's claims too (a hunt's find): a tool embedding the `$id` of the host's registry document replaced it for
  // its own references, and `/etc/shadow` passed the registry's `pattern: "^/srv/"`.
  const safePath = { type: 'string', pattern: '^/srv/' };
  const claiming = (claim: unknown): unknown => ({
    type: 'object',
    properties: { path: { $ref: 'https://host.example/safe-path' } },
    $defs: { x: claim },
  });
  const registry = { 'https://host.example/safe-path': safePath };

  it("is a duplicate when the root embeds another document under a registry entry's URI", () => {
    const c = validateSchema(claiming({ $id: 'https://host.example/safe-path' }), { schemaRegistry: registry });
    expect(verdict(c)).toBe('validation duplicate_id');
  });

  it('is the same document when the root embeds a copy of the registry entry (a bundle, Core §9.3)', () => {
    const bundled = { pattern: '^/srv/', $id: 'https://host.example/safe-path', type: 'string' };
    const c = validateSchema(claiming(bundled), { schemaRegistry: registry });
    expect(c.ok && [c.value.validate({ path: '/srv/a' }).ok, c.value.validate({ path: '/etc/shadow' }).ok]).toEqual([
      true,
      false,
    ]);
  });

  it('a root registered under its own `$id` is that root', () => {
    const root = { $id: 'https://host.example/root', type: 'object', properties: { n: { type: 'integer' } } };
    const c = validateSchema(root, { schemaRegistry: { 'https://host.example/root': root } });
    expect(c.ok && c.value.validate({ n: 1.5 }).ok).toBe(false);
  });

  it('is a duplicate when the document comes from the loader (registry and loader are one source, rule 9)', () => {
    const schemaLoader = (uri: string): object | undefined =>
      uri === 'https://host.example/safe-path' ? safePath : undefined;
    const c = validateSchema(claiming({ $id: 'https://host.example/safe-path' }), { schemaLoader });
    expect(verdict(c)).toBe('validation duplicate_id');
  });

  it('is judged whatever was compiled before: a compile without the registry is not served to one with it', () => {
    const schema = claiming({ $id: 'https://host.example/safe-path', type: 'string' });
    expect(verdict(validateSchema(schema))).toBe('ok');
    expect(verdict(validateSchema(schema, { schemaRegistry: registry }))).toBe('validation duplicate_id');
    expect(verdict(validateSchema(schema))).toBe('ok');
  });

  it('charges each document a claim reads as a pulled one (maxDocuments)', () => {
    const uris = Array.from({ length: 5 }, (_, i) => `https://host.example/d${i}`);
    const schema = { type: 'object', $defs: Object.fromEntries(uris.map((u, i) => [`c${i}`, { $id: u }])) };
    const schemaRegistry = Object.fromEntries(uris.map((u) => [u, { type: 'string', maxLength: 9 }]));
    const r = validateSchema(schema, { schemaRegistry, limits: { maxDocuments: 3 } });
    expect(r.ok ? 'ok' : `${r.error.class} ${r.error.message}`).toMatch(/^execution_failure .*maxDocuments/);
  });
});
