import { describe, expect, it } from 'vitest';
import { admitBatch, formatForModel, Registry, validate, validateSchema } from '../../src/index.js';

// A schemaLoader is host code: what it throws (a path, a password, an address) is the host's text. Every
// refusal that names it reaches the model through formatForModel, so the text is withheld there and the
// thrown value is kept whole as `error.cause`, for the host's logs.
const SECRET = 'db password hunter2 at 10.0.0.5';
const withRef = { type: 'object', properties: { a: { $ref: 'https://store.test/a.json' } } };
const thrown = new Error(SECRET);
const throwing = (): never => {
  throw thrown;
};
const backend = (): string => 'ok';
const tool = (inputSchema: unknown): object => ({ name: 't', description: 'd', inputSchema, backend, revision: 'r1' });

describe("a schemaLoader's thrown text never reaches the model", () => {
  it('validate: the model reads that the loader threw, not what; the host keeps it as the cause', () => {
    const r = validate(withRef, { a: 1 }, { schemaLoader: throwing });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.violations[0]?.code).toBe('loader_failed');
    const text = formatForModel('t', r.error);
    expect(text).toMatch(/schemaLoader threw for https:\/\/store\.test\/a\.json \(its text is withheld/);
    expect(text).not.toContain('hunter2');
    expect(r.error.cause).toBe(thrown);
  });

  it('validateSchema: message and violations without the text', () => {
    const r = validateSchema(withRef, { schemaLoader: throwing });
    expect(r.ok ? '' : JSON.stringify({ ...r.error, cause: undefined })).not.toContain('hunter2');
  });

  it('Registry.register: the refusal of the tool without the text', () => {
    const registry = new Registry({ schemaLoader: throwing });
    const r = registry.register({ name: 't', description: 'd', inputSchema: withRef, execute: backend });
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : `${r.error.message} ${JSON.stringify(r.error.violations)}`).not.toContain('hunter2');
  });

  it.each([
    ['throws', throwing],
    ['rejects', async (): Promise<never> => Promise.reject(thrown)],
  ])('admitBatch with a loader that %s: no diagnostic holds the text', async (_, schemaLoader) => {
    const r = await admitBatch([tool(withRef)], { schemaLoader });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = JSON.stringify(r.error, (key, value) => (key === 'cause' ? undefined : value));
    expect(text).toContain('loader_failed');
    expect(text).toContain('withheld');
    expect(text).not.toContain('hunter2');
  });
});
