/**
 * `relative-json-pointer` as Draft 2020-12 defines it (Validation §7.3.7, draft-bhutton-relative-json-pointer-00
 * §3): a non-negative integer, an optional index manipulation (`+` or `-` and a non-negative integer: `0+1/a`;
 * its ABNF allows `0+0`, a later draft does not), then a JSON Pointer (RFC 6901), or `#` without a manipulation.
 * Draft-07 and 2019-09 cite draft-handrews-relative-json-pointer, without index manipulation: their engines keep
 * ajv-formats' check.
 */
const INTEGER = '(?:0|[1-9][0-9]*)';
const POINTER = '(?:/(?:[^~/]|~[01])*)*';
const RELATIVE_JSON_POINTER = new RegExp(`^${INTEGER}(?:(?:[+-]${INTEGER})?${POINTER}|#)$`);

/** Draft 2020-12 `relative-json-pointer`. */
export const isRelativeJsonPointer2020 = (s: string): boolean => RELATIVE_JSON_POINTER.test(s);
