import type { Validator } from './engine/validator.js';
import { fail, ok, type Result } from '../result.js';
import { readTable, rule, type OptionRule, type OptionTable } from '../util/option-table.js';

/**
 * The process-wide cache of compiled validators, shared by every dialect: one entry per schema
 * (its canonical content and every switch the validator depends on, see compile.ts), least
 * recently used evicted first, bounded by count (`size`) and by estimated bytes (`maxBytes`).
 * Re-admitting a catalog that fits both compiles nothing, and a larger one keeps its most recently
 * used schemas instead of losing all of them to a first-in-first-out sweep.
 */

/** How the compiled-schema cache is sized; see configureCache. */
export interface CacheOptions {
  /**
   * Most compiled schemas kept (default 10,000); 0 turns the cache off. Each entry is one Ajv
   * validator, a few KB of generated code: at the default, a catalog of 5,000 distinct tools can
   * be re-admitted without a compile.
   */
  readonly size?: number;
  /**
   * Most estimated bytes kept over all entries (default 268,435,456, 256 MiB); see entryBytes. Without
   * it, 10,000 entries of large schemas (an `enum` of 100,000 values is about 5 MB compiled) could hold
   * gigabytes. An entry larger than the whole bound is not kept.
   */
  readonly maxBytes?: number;
}

/** A whole number from 0 to `max`. */
const whole = (max: number): OptionRule => ({
  ...rule(`a whole number from 0 to ${max}`, (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max),
  showsValue: true,
});

/** What each CacheOptions field may hold (a field added to the interface must be given a rule). */
export const CACHE_OPTION_TABLE: OptionTable<CacheOptions> = {
  size: whole(2 ** 31 - 1),
  maxBytes: whole(Number.MAX_SAFE_INTEGER),
};

/** Default number of compiled schemas kept. */
export const DEFAULT_CACHE_SIZE = 10_000;
/** Default bound on the estimated bytes of every compiled schema kept. */
export const DEFAULT_CACHE_BYTES = 268_435_456;

/**
 * Ajv compiles a `$ref` target again at every reference it inlines, which the key's text does not show: 1.6 KB of
 * text held 1.1 MB, 13 times its estimate (a hunt's find). The compile cost estimate counts those copies; the heap
 * held per unit was 2.9-4.3 bytes (an inlined target, 40 objects in 12 copies, a small tool), so an entry is
 * charged at least 4 bytes a unit.
 */
const BYTES_PER_COST_UNIT = 4;

/**
 * Heap an entry holds, estimated from its key (which holds the schema's canonical text): measured
 * on Node 20, about 1.3 KB per schema object (generated code, Ajv's schema environment) and 5 bytes
 * per character of schema text (the engine's copies of the schema; the key was kept whole then, now only its
 * digest is, so this errs on the safe side), plus 4 KB for the validator; or from the compile `cost`, when it says
 * more. Within a factor of two of the measured heap for corpus tools, large `allOf`s and `enum`s, and inlined `$ref`s.
 */
export function entryBytes(key: string, cost = 0): number {
  let objects = 0;
  for (let i = key.indexOf('{'); i !== -1; i = key.indexOf('{', i + 1)) objects++;
  return Math.max(4096 + 5 * key.length + 1300 * objects, BYTES_PER_COST_UNIT * cost);
}

/** A cached validator and the compile cost estimate of what it was compiled from (compile.ts's linked estimate). */
export interface CachedValidator {
  readonly validator: Validator;
  /** Kept so that a batch charges a warm admission what it charged the cold one (catalog/batch-cost.ts). */
  readonly cost: number;
}

interface Entry extends CachedValidator {
  readonly bytes: number;
}

// A Map keeps insertion order: a hit is moved to the end, so the first key is the least recently used. Keyed by
// the SHA-256 of the cache key (digestOf): the key holds the schema's whole canonical text, a KB per corpus tool.
const entries = new Map<string, Entry>();

/**
 * The Map key for a cache key: its SHA-256 (44 characters of base64), about 2 µs for a 1 KB key. A hash an
 * attacker could collide would hand a crafted schema another schema's validator; SHA-256 rules that out.
 * node:crypto is loaded on the first compile, not when toolgate is imported (see lock-pins.ts).
 */
function digestOf(key: string): string {
  return process.getBuiltinModule('node:crypto').hash('sha256', key, 'base64');
}
let capacity = DEFAULT_CACHE_SIZE;
let maxBytes = DEFAULT_CACHE_BYTES;
let bytes = 0;
const counters = { compiles: 0, hits: 0 };

/** Evicts the least recently used entries until both bounds hold. */
function evict(): void {
  while (entries.size > capacity || bytes > maxBytes) {
    const oldest = entries.keys().next();
    if (oldest.done === true) break;
    forget(oldest.value);
  }
}

function forget(digest: string): void {
  const entry = entries.get(digest);
  if (entry === undefined) return;
  bytes -= entry.bytes;
  entries.delete(digest);
}

/** The validator cached under `key` and its estimate, now the most recently used; counts a hit. */
export function cachedValidator(key: string): CachedValidator | undefined {
  if (capacity === 0 || entries.size === 0) return undefined;
  const digest = digestOf(key);
  const hit = entries.get(digest);
  if (hit === undefined) return undefined;
  entries.delete(digest);
  entries.set(digest, hit);
  counters.hits++;
  return hit;
}

/**
 * Records a validator the engine just compiled, `cost` the estimate of what it compiled; stored under `key` unless
 * `key` is undefined.
 */
export function rememberValidator(key: string | undefined, validator: Validator, cost: number): void {
  counters.compiles++;
  if (key === undefined || capacity === 0) return;
  const digest = digestOf(key);
  forget(digest);
  const size = entryBytes(key, cost);
  if (size > maxBytes) return;
  entries.set(digest, { validator, cost, bytes: size });
  bytes += size;
  evict();
}

/** Engine compiles and cache hits since the process started, every dialect included (tests, benchmarks). */
export function compileCounters(): {
  readonly compiles: number;
  readonly hits: number;
  readonly size: number;
  readonly bytes: number;
} {
  return { ...counters, size: entries.size, bytes };
}

/**
 * Empties the compiled-schema cache. Compiled schemas already handed out keep working; the next
 * validateSchema or admission of any schema compiles it again. Never throws.
 */
export function clearCache(): void {
  entries.clear();
  bytes = 0;
}

/**
 * Sets how many compiled schemas, and how many estimated bytes of them, the process keeps (see
 * CacheOptions); smaller bounds evict the least recently used at once. Returns the bounds now in
 * force. Options are read once as own data; a size that is not a whole number from 0 to 2^31-1, or a
 * maxBytes that is not one from 0 to 2^53-1, is `validation` and changes nothing.
 */
export function configureCache(options: CacheOptions): Result<{ readonly size: number; readonly maxBytes: number }> {
  const read = readTable(options, CACHE_OPTION_TABLE);
  if (read.problems.length > 0)
    return fail('validation', `invalid cache options: ${read.problems.join('; ')}`, read.violations);
  const size = read.values['size'];
  const most = read.values['maxBytes'];
  if (size !== undefined) capacity = size as number;
  if (most !== undefined) maxBytes = most as number;
  evict();
  return ok({ size: capacity, maxBytes });
}
