import { _, str, type CodeKeywordDefinition, type KeywordCxt, type KeywordErrorDefinition } from 'ajv';
import { firstDuplicate } from './unique-items.js';

// The meta-schemas ask `uniqueItems` of a schema's `type` array with items given by `$ref` (Validation §6.1.1),
// where Ajv's own keyword knows no item type and compares every pair: a `type` of 50,000 unknown names took 8.4 s
// of one admission. This keyword asks firstDuplicate instead (linear), and it is code, not a closure, so that
// Ajv's standalone output (meta-schema.generated.ts) carries it as an import of unique-items.ts.

/** The specifier the generated meta-schema check loads firstDuplicate from (scripts/generate-meta-validator.ts). */
export const UNIQUE_ITEMS_MODULE = './unique-items.js';

const error: KeywordErrorDefinition = {
  message: ({ params: { i, j } }) => str`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
  params: ({ params: { i, j } }) => _`{i: ${i}, j: ${j}}`,
};

/**
 * Ajv's `uniqueItems` deciding by firstDuplicate, for the meta-schema engines of 2020-12. The same verdicts (the
 * test against Ajv's own keyword); its error names the first repeat where Ajv's names the last, and also reports
 * a repeat among items of the wrong type (`required: [1, 1]`), which Ajv's typed loop skips.
 */
export const META_UNIQUE_ITEMS: CodeKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  error,
  code(cxt: KeywordCxt) {
    const { gen, data, schema } = cxt;
    if (schema !== true) return;
    const find = gen.scopeValue('func', {
      ref: firstDuplicate,
      code: _`require(${UNIQUE_ITEMS_MODULE}).firstDuplicate`,
    });
    const dup = gen.const('dup', _`${find}(${data})`);
    cxt.setParams({ i: _`${dup}.i`, j: _`${dup}.j` });
    cxt.fail(_`${dup} !== undefined`);
  },
};
