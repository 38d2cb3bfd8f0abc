import runtimeUri from 'ajv/dist/runtime/uri.js';

// Ajv's resolver indexes every `$id` it finds by the URI its own resolver (fast-uri) makes of it against the
// enclosing base (getSchemaRefs in ajv/dist/compile/resolve). fast-uri and WHATWG URL do not agree on length: fast-uri
// percent-encodes tabs and line breaks where URL deletes them (three times the text) and keeps `%2e%2e/` where URL
// climbs: a chain of relative `$id`s short by URL's measure grew Ajv's base to 119,507 characters (19 s).

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
