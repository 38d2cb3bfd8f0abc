import type { ValidateFunction } from 'ajv';
import { fail, ok, type Result } from '../result.js';
import { allKeysOf, readOptions } from '../util/own-field.js';

/**
 * The process-wide cache of compiled validators, shared by every dialect: one entry per schema
 * (its canonical content and every switch the validator depends on, see compile.ts), least
 * recently used evicted first. Re-admitting a catalog of up to `size` distinct schemas therefore
 * compiles nothing, and a larger one keeps its most recently used schemas instead of losing
 * all of them to a first-in-first-out sweep.
 */

/** How the compiled-schema cache is sized; see configureCache. */
export interface CacheOptions {
  /**
   * Most compiled schemas kept (default 10,000); 0 turns the cache off. Each entry is one Ajv
   * validator, a few KB of generated code: at the default, a catalog of 5,000 distinct tools can
   * be re-admitted without a compile.
   */
  readonly size?: number;
}

/** Every CacheOptions field (typed: a field added to the interface must be listed). */
export const CACHE_OPTION_KEYS = allKeysOf<CacheOptions>()(['size']);

/** Default number of compiled schemas kept. */
export const DEFAULT_CACHE_SIZE = 10_000;

// A Map keeps insertion order: a hit is moved to the end, so the first key is the least recently used.
const entries = new Map<string, ValidateFunction>();
let capacity = DEFAULT_CACHE_SIZE;
const counters = { compiles: 0, hits: 0 };

/** The validator cached under `key`, now the most recently used; counts a hit. */
export function cachedValidator(key: string): ValidateFunction | undefined {
  const hit = entries.get(key);
  if (hit === undefined) return undefined;
  entries.delete(key);
  entries.set(key, hit);
  counters.hits++;
  return hit;
}

/** Records a validator the engine just compiled; stored under `key` unless `key` is undefined. */
export function rememberValidator(key: string | undefined, validator: ValidateFunction): void {
  counters.compiles++;
  if (key === undefined || capacity === 0) return;
  entries.delete(key);
  entries.set(key, validator);
  while (entries.size > capacity) entries.delete(entries.keys().next().value as string);
}

/** Engine compiles and cache hits since the process started, every dialect included (tests, benchmarks). */
export function compileCounters(): { readonly compiles: number; readonly hits: number; readonly size: number } {
  return { ...counters, size: entries.size };
}

/**
 * Empties the compiled-schema cache. Compiled schemas already handed out keep working; the next
 * validateSchema or admission of any schema compiles it again. Never throws.
 */
export function clearCache(): void {
  entries.clear();
}

/**
 * Sets how many compiled schemas the process keeps (see CacheOptions); a smaller size evicts the
 * least recently used at once. Returns the size now in force. Options are read once as own data;
 * a size that is not a whole number from 0 to 2^31-1 is `validation` and changes nothing.
 */
export function configureCache(options: CacheOptions): Result<{ readonly size: number }> {
  const read = readOptions(options, CACHE_OPTION_KEYS);
  if (read.problems.length > 0) return fail('validation', `invalid cache options: ${read.problems.join('; ')}`);
  const size = read.copy['size'];
  if (size !== undefined) {
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0 || size > 2 ** 31 - 1)
      return fail(
        'validation',
        `invalid cache options: size must be a whole number from 0 to 2147483647, got ${
          typeof size === 'number' ? String(size) : typeof size
        }`,
      );
    capacity = size;
    while (entries.size > capacity) entries.delete(entries.keys().next().value as string);
  }
  return ok({ size: capacity });
}
