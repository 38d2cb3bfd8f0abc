// A tool root without `type` is published with `"type": "object"` stated (withObjectType: MCP and every provider
// require it). That means the same only where nothing inside applies the root again: `{"properties": {"c": {"not":
// {"$ref": "#"}}}}` refuses `{"c": 5}` (5 matches the typeless root), while its published form, where `#` now asks for
// an object, admits it; with `{"$ref": "#"}` instead it is the other way round. The proxy, toolsFor and the Standard
// Schema output published a schema whose verdicts differ from the ones enforced (a hunt's find). Such a root is
// refused (rule 5); one that admits objects only anyway (its `$ref` or `allOf` says so: the spec's strict tree) is not.
import { describe, expect, it } from 'vitest';
import { admitMcpTools, validate, validateSchema } from '../../src/index.js';
import { compileSchema } from '../../src/schema/compile.js';
import { withObjectType } from '../../src/schema/tool-root.js';

const DIALECTS = {
  '2020-12': undefined,
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
} as const;
const OPTIONS = { dialects: ['2020-12', '2019-09', 'draft-07'] } as const;
const inDialect = (uri: string | undefined, s: Record<string, unknown>) =>
  uri === undefined ? s : { $schema: uri, ...s };

const refused: [string, Record<string, unknown>, string][] = [
  ['a "$ref": "#" below the root', { properties: { c: { $ref: '#' } } }, '/properties/c/$ref'],
  ['a "$ref": "#" under "not"', { properties: { c: { not: { $ref: '#' } } } }, '/properties/c/not/$ref'],
  [
    'a "$ref" to the root\'s "$id"',
    { $id: 'https://t.test/r.json', properties: { c: { $ref: 'r.json' } } },
    '/properties/c/$ref',
  ],
  [
    'a definition that applies the root',
    { properties: { c: { $ref: '#/$defs/a' } }, $defs: { a: { items: { $ref: '#' } } } },
    '/$defs/a/items/$ref',
  ],
  [
    'a root "$ref" to a typeless definition',
    { $ref: '#/definitions/A', definitions: { A: { properties: { c: { $ref: '#' } } } } },
    '/definitions/A/properties/c/$ref',
  ],
];

const admitted: [string, Record<string, unknown>][] = [
  ['"type": "object" stated', { type: 'object', properties: { c: { not: { $ref: '#' } } } }],
  [
    'no reference to the root',
    { properties: { c: { $ref: '#/definitions/a' } }, definitions: { a: { type: 'string' } } },
  ],
  [
    'a root whose "$ref" admits objects only',
    { $ref: '#/definitions/A', definitions: { A: { type: 'object', properties: { c: { $ref: '#' } } } } },
  ],
  [
    'a root whose "allOf" admits objects only',
    { allOf: [{ type: 'object' }], properties: { c: { not: { $ref: '#' } } } },
  ],
];

const samples = [{}, { c: 5 }, { c: {} }, { c: { c: 5 } }, { c: [] }, { c: [5] }];

describe('a typeless tool root applied again from inside is refused: published, it would mean another schema', () => {
  for (const [dialect, uri] of Object.entries(DIALECTS)) {
    it.each(refused)(`${dialect}: %s`, (_why, schema, schemaPath) => {
      const r = validateSchema(inDialect(uri, schema), OPTIONS);
      expect(r.ok ? 'admitted' : `${r.error.class} ${r.error.violations[0]?.schemaPath}`).toBe(
        `unsupported_capability ${schemaPath}`,
      );
      // Not a tool root (the differential harness, the suite): the schema is a schema like any other.
      expect(compileSchema(inDialect(uri, schema), OPTIONS, { toolRoot: false }).ok).toBe(true);
    });
    it.each(admitted)(`${dialect}: %s is admitted, and its published form gives its verdicts`, (_why, schema) => {
      const s = inDialect(uri, schema);
      expect(validateSchema(s, OPTIONS).ok).toBe(true);
      const published = withObjectType(s);
      for (const args of samples)
        expect([args, validate(published, args, OPTIONS).ok]).toEqual([args, validate(s, args, OPTIONS).ok]);
    });
  }

  it('the spec\'s strict tree (a typeless root, "$ref" to an object schema, "$dynamicRef" back) is admitted', () => {
    const tree = {
      $id: 'https://example.com/strict-tree',
      $dynamicAnchor: 'node',
      $ref: 'tree',
      unevaluatedProperties: false,
      $defs: {
        tree: {
          $id: 'tree',
          $dynamicAnchor: 'node',
          type: 'object',
          properties: { data: true, children: { type: 'array', items: { $dynamicRef: '#node' } } },
        },
      },
    };
    expect(validateSchema(tree).ok).toBe(true);
    const dynamicToRoot = { $id: 'https://t.test/r', $dynamicAnchor: 'n', properties: { c: { $dynamicRef: '#n' } } };
    const r = validateSchema(dynamicToRoot);
    expect(r.ok ? 'admitted' : r.error.class).toBe('unsupported_capability');
  });

  it('admitMcpTools no longer publishes a form admitting {"c": 5} where the server\'s schema refuses it', async () => {
    const inputSchema = { properties: { c: { not: { $ref: '#' } } } };
    expect(validate(inputSchema, { c: 5 }, { compile: 'eager' }).ok).toBe(false);
    const backend = () => async () => ({ content: [] });
    const bundle = await admitMcpTools({ tools: [{ name: 't', inputSchema }] }, { mode: 'quarantine', backend });
    expect(bundle.ok && [bundle.value.accepted.length, bundle.value.toolsFor('mcp').length]).toEqual([0, 0]);
  });
});
