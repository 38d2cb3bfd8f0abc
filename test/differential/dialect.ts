// The dialects the differential test runs: toolgate's default 2020-12 and the opt-in 2019-09 and
// draft-07 engines, each compared with the peer's implementation of the same dialect. A generated
// schema names its dialect in its root `$schema`, so a finding or a known.json entry carries it.

/** A dialect toolgate enables. */
export type Dialect = '2020-12' | '2019-09' | 'draft-07';

/** Every dialect, in the order the CI test runs them. */
export const DIALECTS: readonly Dialect[] = ['2020-12', '2019-09', 'draft-07'];

/** The meta-schema URI a generated root declares (2020-12 roots may also declare none, or a custom one). */
export const DIALECT_URIS: Readonly<Record<Dialect, string>> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
};

/** Whether a string names a dialect (the fuzz CLI's `--dialect`). */
export const isDialect = (value: unknown): value is Dialect => DIALECTS.includes(value as Dialect);

/** The dialect of a generated schema, read from its root `$schema`. */
export function dialectOf(schema: unknown): Dialect {
  const declared = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>)['$schema'] : '';
  if (declared === DIALECT_URIS['2019-09']) return '2019-09';
  if (declared === DIALECT_URIS['draft-07']) return 'draft-07';
  return '2020-12';
}

/** toolgate's options for every generated schema: the older engines on, so the root's `$schema` decides. */
export const ENABLED_DIALECTS = { dialects: ['2019-09', 'draft-07'] } as const;
