import { fail, ok, schemaViolation, type Result } from '../result.js';
import { DIALECT_2020_12, classifyDialect } from './dialect.js';
import { echo } from '../util/describe-value.js';
import { KNOWN_VOCABULARIES } from './keywords.js';
import { isObject } from '../util/plain-json.js';

/** The format-assertion vocabulary (Validation §7.2.2): a document whose meta-schema lists it asserts `format`. */
export const FORMAT_ASSERTION = 'https://json-schema.org/draft/2020-12/vocab/format-assertion';

/** Vocabularies of the standard 2020-12 meta-schema (format as annotation, Validation §7.2.1). */
export const DEFAULT_VOCABULARIES: ReadonlySet<string> = new Set(
  KNOWN_VOCABULARIES.filter((v) => v !== FORMAT_ASSERTION),
);

/** The vocabularies a document is processed with, and whether its meta-schema turns format assertion on. */
export interface VocabularyVerdict {
  readonly vocabularies: ReadonlySet<string>;
  readonly formatAssertion: boolean;
}

/**
 * Reads a custom meta-schema's `$vocabulary` (Core §8.1.2): an unknown vocabulary marked required is
 * refused; unknown optional ones are ignored; known ones set the keywords that apply. The
 * meta-schema itself must be a 2020-12 document.
 */
export function vocabulariesOf(metaUri: string, meta: unknown): Result<VocabularyVerdict> {
  const at = (p: string): string => `${metaUri}#${p}`;
  if (!isObject(meta)) {
    return fail('validation', `meta-schema ${echo(metaUri)} is not a schema object`, [
      schemaViolation('$schema', 'meta-schema must be an object', at(''), 'dialect_unsupported'),
    ]);
  }
  const own = classifyDialect(meta['$schema'], at('/$schema'));
  if (!own.ok) return own;
  if (own.value.kind === 'custom') {
    return fail('unsupported_capability', `meta-schema ${echo(metaUri)} must itself use ${DIALECT_2020_12}`, [
      schemaViolation(
        '$schema',
        'chained custom meta-schemas are not supported',
        at('/$schema'),
        'dialect_unsupported',
      ),
    ]);
  }
  const declared = meta['$vocabulary'];
  if (declared === undefined) return ok({ vocabularies: DEFAULT_VOCABULARIES, formatAssertion: false });
  if (!isObject(declared))
    return fail('validation', `"$vocabulary" of ${echo(metaUri)} must be an object`, [
      schemaViolation('$vocabulary', '"$vocabulary" must be an object', at('/$vocabulary'), 'vocabulary_unsupported'),
    ]);
  const vocabularies = new Set<string>();
  for (const [uri, required] of Object.entries(declared)) {
    if (typeof required !== 'boolean')
      return fail('validation', `"$vocabulary" values must be booleans`, [
        schemaViolation(
          '$vocabulary',
          `value for ${echo(uri)} must be a boolean`,
          at('/$vocabulary'),
          'vocabulary_unsupported',
        ),
      ]);
    if (KNOWN_VOCABULARIES.includes(uri)) vocabularies.add(uri);
    else if (required) {
      return fail('unsupported_capability', `required vocabulary ${echo(uri)} is not supported`, [
        schemaViolation(
          '$vocabulary',
          `unknown required vocabulary ${echo(uri)}`,
          at('/$vocabulary'),
          'vocabulary_unsupported',
        ),
      ]);
    }
  }
  // Presence, not the boolean, decides: the flag only tells implementations that do not know the
  // vocabulary whether they may go on (Core §8.1.2; suite optional/format-assertion.json).
  const formatAssertion = Object.hasOwn(declared, FORMAT_ASSERTION);
  if (formatAssertion) vocabularies.add(FORMAT_ASSERTION);
  return ok({ vocabularies, formatAssertion });
}
