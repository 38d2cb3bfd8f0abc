import { fail, type Result } from '../result.js';
import { echo } from '../util/describe-value.js';

/** The one dialect toolgate enforces (Core §8.1.1). */
export const DIALECT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const FOREIGN: Readonly<Record<string, string>> = {
  'http://json-schema.org/draft-03/schema': 'draft-03',
  'http://json-schema.org/draft-04/schema': 'draft-04',
  'http://json-schema.org/draft-06/schema': 'draft-06',
  'http://json-schema.org/draft-07/schema': 'draft-07',
  'https://json-schema.org/draft/2019-09/schema': '2019-09',
  'https://json-schema.org/draft/next/schema': 'draft/next',
};

/**
 * The dialects enabled, as a refusal names them: 2020-12 and those option `dialects` turns on, sorted
 * (`2020-12, 2019-09 and draft-07`).
 */
export function enabledDialectNames(enabled: ReadonlySet<string>): string {
  const names = ['2020-12', ...[...enabled].filter((d) => d !== '2020-12').sort()];
  return names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What a `$schema` value means: the standard dialect, a candidate custom meta-schema, or a refusal. */
export type DialectVerdict = { readonly kind: 'standard' } | { readonly kind: 'custom'; readonly uri: string };

/**
 * Classifies a `$schema` value. Absent or the 2020-12 URI (with or without an empty fragment) is
 * standard; a known older draft, a non-string or a non-absolute URI is refused; any other absolute URI
 * may name a custom meta-schema, which the caller must find in the registry or loader. `enabled`
 * (the older dialects option `dialects` turns on) only changes the refusal's wording below the root.
 */
export function classifyDialect(
  value: unknown,
  schemaPath: string,
  enabled: ReadonlySet<string> = new Set(),
): Result<DialectVerdict> {
  if (value === undefined) return { ok: true, value: { kind: 'standard' } };
  if (typeof value !== 'string') {
    return fail('unsupported_capability', `unsupported dialect: "$schema" must be a string, got ${echo(value)}`, [
      {
        path: '$',
        pointer: '',
        keyword: '$schema',
        message: `"$schema" must be a string, got ${echo(value)}`,
        schemaPath,
        code: 'dialect_unsupported',
        params: {},
      },
    ]);
  }
  const bare = value.endsWith('#') ? value.slice(0, -1) : value;
  if (bare === DIALECT_2020_12) return { ok: true, value: { kind: 'standard' } };
  const foreign = FOREIGN[bare.replace(/^https:\/\/json-schema\.org\/draft-0/, 'http://json-schema.org/draft-0')];
  const named = foreign ?? (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(bare) ? undefined : 'not an absolute URI');
  if (named !== undefined) {
    // Here means below the root of the call (an embedded resource or a referenced document): an
    // older dialect enabled by option `dialects` applies to a root document only (schema/front-ends.ts).
    const message = enabled.has(named)
      ? `unsupported dialect ${echo(value)} (${named}) below the root: option dialects enables ${named} ` +
        `for the root document of a call only; embedded resources and referenced documents must use ${DIALECT_2020_12}`
      : enabled.size > 0
        ? `unsupported dialect ${echo(value)} (${named}): the enabled dialects are ${enabledDialectNames(enabled)}`
        : `unsupported dialect ${echo(value)} (${named}): only ${DIALECT_2020_12} is supported`;
    return fail('unsupported_capability', message, [
      { path: '$', pointer: '', keyword: '$schema', message, schemaPath, code: 'dialect_unsupported', params: {} },
    ]);
  }
  return { ok: true, value: { kind: 'custom', uri: bare } };
}
