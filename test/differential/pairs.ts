// A generated schema with the instances it is checked against, and the run configuration shared by
// the CI test and the long fuzz runs.
import type fc from 'fast-check';
import { instancesFor } from './instance-arbitrary.js';
import { schemaArbitrary } from './schema-arbitrary.js';

/** One schema and its instances. */
export interface Pair {
  readonly schema: unknown;
  readonly instances: readonly unknown[];
}

/** Instances per schema: both engines compile a schema once and answer for each. */
export const INSTANCES_PER_SCHEMA = { min: 4, max: 8 } as const;

/** Schemas with their instances. */
export const pairArbitrary: fc.Arbitrary<Pair> = schemaArbitrary.chain((schema) =>
  instancesFor(schema, INSTANCES_PER_SCHEMA).map((instances) => ({ schema, instances })),
);

/** Every keyword the generator writes; the CI test checks that each one is generated. */
export const GENERATED_KEYWORDS: readonly string[] = [
  ...['$schema', '$ref', '$dynamicRef', '$dynamicAnchor', '$anchor', '$id', '$defs'],
  ...['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas'],
  ...['prefixItems', 'items', 'contains', 'minContains', 'maxContains'],
  ...['properties', 'patternProperties', 'additionalProperties', 'propertyNames'],
  ...['unevaluatedItems', 'unevaluatedProperties', 'type', 'const', 'enum'],
  ...['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern'],
  ...['maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'dependentRequired'],
];
