// What a JSON text parse is given and gives back, apart from the parsers (json-text-strict.ts and its native fast
// path json-text-native.ts), so that both read one declaration and neither imports the other for it.
import type { Limits } from '../util/limits.js';

/** What the parser needs from the limits: depth stops the parse; the other counts are only noted. */
export type TextLimits = Pick<
  Limits,
  'maxArgumentDepth' | 'maxArgumentValues' | 'maxStringLength' | 'maxObjectProperties' | 'maxArrayItems'
>;

/** A parsed value and whether every argument count stayed within its limit while it was built. */
export interface ParsedText {
  readonly value: unknown;
  /** False: some count passed its limit; the caller walks the value again to say which and where. */
  readonly withinLimits: boolean;
}

/** Limits that stop no parse: for texts bounded where they were read (a file, a listing), parsed only for exactness. */
export const NO_TEXT_LIMITS: TextLimits = Object.freeze({
  maxArgumentDepth: Number.POSITIVE_INFINITY,
  maxArgumentValues: Number.POSITIVE_INFINITY,
  maxStringLength: Number.POSITIVE_INFINITY,
  maxObjectProperties: Number.POSITIVE_INFINITY,
  maxArrayItems: Number.POSITIVE_INFINITY,
});
