// A hunt's find: a form elicitation asking for what only 2025-11-25 defines (a multi-select array, titled choices
// in `oneOf`, a `default` beside a boolean's) reached a 2025-06-18 client, whose PrimitiveSchemaDefinition has none
// of them: the proxy rebuilt every form in 2025-11-25's shapes. They are refused toward such a client now.
import { describe, expect, it } from 'vitest';
import { revisionOf } from '../../src/mcp/versions.js';
import { serverRequest } from '../../src/proxy/server-messages.js';

/** What the proxy does with a form asking for `property` toward a client of `version`. */
function asked(property: Record<string, unknown>, version: string): string {
  const revision = revisionOf(version);
  if (revision === undefined) throw new Error(version);
  const params = { message: 'pick', requestedSchema: { type: 'object', properties: { p: property } } };
  const out = serverRequest('elicitation/create', params, { caps: { elicitation: {} }, revision, gateway: false });
  return 'error' in out ? out.error.message : 'passed';
}

const MULTI = { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] }, default: ['a'] };
const UNTITLED_MULTI = { type: 'array', items: { type: 'string', enum: ['a'] } };
const TITLED = { type: 'string', oneOf: [{ const: 'x', title: 'X' }] };

describe('a form elicitation toward a client of 2025-06-18', () => {
  it.each([
    [MULTI, 'multi-select array'],
    [UNTITLED_MULTI, 'multi-select array'],
    [TITLED, 'titled choice (oneOf)'],
    [{ type: 'string', default: 'x' }, 'default on a string'],
    [{ type: 'number', default: 1 }, 'default on a number'],
    [{ type: 'string', enum: ['a'], default: 'a' }, 'default on a string'],
  ])('%j: refused (%s)', (property, feature) => {
    expect(asked(property, '2025-06-18')).toBe(
      `the client's protocol revision 2025-06-18 has no ${feature} in a form elicitation`,
    );
  });

  it.each([
    [{ type: 'string', minLength: 1, format: 'email' }],
    [{ type: 'integer', minimum: 0 }],
    [{ type: 'boolean', default: true }],
    [{ type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] }],
  ])('%j: passed, as 2025-06-18 defines it', (property) => {
    expect(asked(property, '2025-06-18')).toBe('passed');
  });

  it.each([[MULTI], [UNTITLED_MULTI], [TITLED], [{ type: 'number', default: 1 }]])(
    '%j toward a 2025-11-25 client: passed',
    (property) => {
      expect(asked(property, '2025-11-25')).toBe('passed');
    },
  );
});
