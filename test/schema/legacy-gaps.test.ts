// The opt-in draft-07 engine on schema values Ajv mishandles: a `dependencies` key named "__proto__" was
// skipped (a wrong valid), and an `enum` of objects with an own `valueOf`/`toString` member made Ajv's
// meta-schema check throw (validateSchema's compile path threw a TypeError). The first is refused like a
// `properties` key named "__proto__"; the second is checked with toolgate's JSON equality.
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../src/schema/compile.js';

const D7 = 'http://json-schema.org/draft-07/schema#';
const D2019 = 'https://json-schema.org/draft/2019-09/schema';
const OPTIONS = { dialects: ['2020-12', '2019-09', 'draft-07'] } as const;
const compile = (text: string) => compileSchema(JSON.parse(text), OPTIONS, { toolRoot: false });

describe('draft-07 dependencies named "__proto__" are refused, never skipped', () => {
  it.each([
    `{"$schema":"${D7}","dependencies":{"__proto__":["constructor"]}}`,
    `{"$schema":"${D7}","dependencies":{"__proto__":{"required":["x"]}}}`,
    `{"$schema":"${D7}","not":{"dependencies":{"__proto__":["a"]}}}`,
  ])('%s', (text) => {
    const compiled = compile(text);
    expect(compiled.ok ? 'admitted' : compiled.error.class).toBe('unsupported_capability');
  });

  it('2019-09 dependentRequired named "__proto__" is enforced', () => {
    const compiled = compile(`{"$schema":"${D2019}","dependentRequired":{"__proto__":["constructor"]}}`);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.value.validateJSON('{"__proto__":{}}').ok).toBe(false);
    expect(compiled.value.validateJSON('{"__proto__":{},"constructor":1}').ok).toBe(true);
  });
});

describe('enum values with own valueOf or toString members are data in every dialect', () => {
  const CASES: readonly [string, readonly (readonly [string, boolean])[]][] = [
    [
      '{"enum":[{"valueOf":1},{"valueOf":2}]}',
      [
        ['{"valueOf":1}', true],
        ['{"valueOf":3}', false],
      ],
    ],
    [
      '{"then":{"enum":[{},{"toString":0}]}}',
      [
        ['1', true],
        ['{}', true],
      ],
    ],
    [
      '{"items":{"enum":[{},{"valueOf":{}}]}}',
      [
        ['[{"valueOf":{}}]', true],
        ['[{"valueOf":[]}]', false],
      ],
    ],
  ];
  for (const uri of [D7, D2019, undefined])
    it.each(CASES)(`${uri ?? '2020-12'}: %s`, (text, cases) => {
      const schema = uri === undefined ? text : `{"$schema":"${uri}",${text.slice(1)}`;
      const compiled = compile(schema);
      if (!compiled.ok) throw new Error(compiled.error.message);
      for (const [instance, valid] of cases) expect(compiled.value.validateJSON(instance).ok, instance).toBe(valid);
    });
});
