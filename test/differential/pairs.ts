// A generated schema with the instances it is checked against, and the run configuration shared by
// the CI test and the long fuzz runs, per dialect.
import type fc from 'fast-check';
import type { Dialect } from './dialect.js';
import { instancesFor } from './instance-arbitrary.js';
import { schemaArbitrary } from './schema-arbitrary.js';

/** One schema and its instances. */
export interface Pair {
  readonly schema: unknown;
  readonly instances: readonly unknown[];
}

/** Instances per schema: both engines compile a schema once and answer for each. */
export const INSTANCES_PER_SCHEMA = { min: 4, max: 8 } as const;

/** Schemas of the dialect with their instances. */
export const pairArbitrary = (dialect: Dialect): fc.Arbitrary<Pair> =>
  schemaArbitrary(dialect).chain((schema) =>
    instancesFor(schema, INSTANCES_PER_SCHEMA).map((instances) => ({ schema, instances })),
  );

const COMMON: readonly string[] = [
  ...['$schema', '$ref', '$id', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else'],
  ...['items', 'contains', 'properties', 'patternProperties', 'additionalProperties', 'propertyNames'],
  ...['type', 'const', 'enum', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  ...['maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties'],
  ...['required', 'format'],
];

/** Every keyword the generator writes in each dialect; the CI test checks that each one is generated. */
export const GENERATED_KEYWORDS: Readonly<Record<Dialect, readonly string[]>> = {
  '2020-12': [
    ...COMMON,
    ...['$dynamicRef', '$dynamicAnchor', '$anchor', '$defs', 'dependentSchemas', 'prefixItems'],
    ...['minContains', 'maxContains', 'unevaluatedItems', 'unevaluatedProperties', 'dependentRequired'],
  ],
  '2019-09': [
    ...COMMON,
    ...['$recursiveRef', '$recursiveAnchor', '$anchor', '$defs', 'dependentSchemas', 'additionalItems'],
    ...['minContains', 'maxContains', 'unevaluatedItems', 'unevaluatedProperties', 'dependentRequired'],
  ],
  'draft-07': [...COMMON, 'definitions', 'dependencies', 'additionalItems'],
};
