// Custom meta-schemas that leave vocabularies out (Core §8.1.2): the keywords of an absent
// vocabulary are not applied. One meta-schema per subset of the applicator, unevaluated and
// validation vocabularies; core is always there. Both engines get the same documents.

const BASE = 'https://json-schema.org/draft/2020-12';
/** The vocabularies a generated meta-schema may leave out. */
export const OPTIONAL_VOCABULARIES = ['applicator', 'unevaluated', 'validation'] as const;
export type OptionalVocabulary = (typeof OPTIONAL_VOCABULARIES)[number];

/** The URI of the meta-schema that keeps exactly these vocabularies (and core). */
export function metaSchemaUri(kept: readonly OptionalVocabulary[]): string {
  const names = OPTIONAL_VOCABULARIES.filter((v) => kept.includes(v));
  return `https://toolgate.test/meta/core${names.map((n) => `-${n}`).join('')}.json`;
}

function metaSchema(kept: readonly OptionalVocabulary[]): object {
  const vocabularies = ['core', ...OPTIONAL_VOCABULARIES.filter((v) => kept.includes(v))];
  return {
    $schema: `${BASE}/schema`,
    $id: metaSchemaUri(kept),
    $vocabulary: Object.fromEntries(vocabularies.map((v) => [`${BASE}/vocab/${v}`, true])),
    $dynamicAnchor: 'meta',
    allOf: vocabularies.map((v) => ({ $ref: `${BASE}/meta/${v}` })),
  };
}

const subsets = (): OptionalVocabulary[][] =>
  Array.from({ length: 2 ** OPTIONAL_VOCABULARIES.length }, (_, mask) =>
    OPTIONAL_VOCABULARIES.filter((_v, i) => (mask & (2 ** i)) !== 0),
  );

/** Every generated meta-schema by URI, for toolgate's schemaRegistry and the peer's registry. */
export const META_SCHEMAS: Readonly<Record<string, object>> = Object.fromEntries(
  subsets().map((kept) => [metaSchemaUri(kept), metaSchema(kept)]),
);
