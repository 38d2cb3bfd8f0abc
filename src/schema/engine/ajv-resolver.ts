import { createRequire } from 'node:module';
import runtimeUri from 'ajv/dist/runtime/uri.js';

// How Ajv's resolver finds and resolves identifiers (getSchemaRefs in ajv/dist/compile/resolve): it walks a schema
// with json-schema-traverse (`allKeys`) and resolves every `$id` with fast-uri against the enclosing base. Both read
// here from Ajv's own installation, so uri-lengths.ts follows the rules of the Ajv that will index the schema.
// fast-uri and WHATWG URL do not agree on length: fast-uri percent-encodes tabs and line breaks where URL deletes them
// and keeps `%2e%2e/` where URL climbs: a chain of relative `$id`s short by URL's measure grew Ajv's base to 119,507
// characters (19 s).

// Node's default import of a CommonJS module is its exports object; a test runner may give its `default` instead.
const loaded = runtimeUri as unknown as { default?: typeof runtimeUri.default } & Partial<typeof runtimeUri.default>;
const uri = (typeof loaded.resolve === 'function' ? loaded : loaded.default) as typeof runtimeUri.default;

/** `ref` resolved against `base` as Ajv's resolver resolves an `$id`; undefined when it throws. */
export function ajvResolved(ref: string, base: string): string | undefined {
  try {
    return uri.resolve(base, ref);
  } catch {
    return undefined;
  }
}

type KeywordSet = Readonly<Record<string, boolean>>;
/** json-schema-traverse as Ajv loads it (a dependency of Ajv's, not of toolgate's). */
const traverse = createRequire(createRequire(import.meta.url).resolve('ajv'))('json-schema-traverse') as {
  readonly arrayKeywords: KeywordSet;
  readonly propsKeywords: KeywordSet;
  readonly skipKeywords: KeywordSet;
};

/**
 * Where Ajv's resolver looks for identifiers under a member named `key`, by json-schema-traverse's own tables and
 * its own `in` test (which also matches Object.prototype's names, `toString` or `constructor`): the objects of an
 * array, the members of a map of names to schemas, the object itself, or nowhere (data keywords, other arrays).
 */
export function ajvSearches(key: string, array: boolean): 'items' | 'members' | 'object' | 'nowhere' {
  if (array) return key in traverse.arrayKeywords ? 'items' : 'nowhere';
  if (key in traverse.propsKeywords) return 'members';
  return key in traverse.skipKeywords ? 'nowhere' : 'object';
}

/**
 * The tokens of a reference's JSON Pointer fragment as Ajv's resolver reads them (getJsonPointer in
 * ajv/dist/compile/index): the fragment as written split at `/`, then each token percent-decoded and unescaped, so a
 * `%2F` stays inside its token. Undefined where Ajv reads no pointer there (the fragment does not start with `/`).
 */
export function ajvPointerTokens(fragment: string): string[] | undefined {
  if (!fragment.startsWith('/')) return undefined;
  return fragment
    .slice(1)
    .split('/')
    .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'));
}
