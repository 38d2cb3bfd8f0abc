import type { GateError } from '../result.js';
import { LOADER_DEADLINE } from '../schema/documents.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { withDeadline } from '../tools/deadline.js';

/**
 * A schema loader that may answer later: hosts often keep shared schemas in a store. `signal`
 * aborts when the batch stops waiting for this URI (its deadline, `loaderTimeoutMs`).
 */
export type AsyncSchemaLoader = (
  uri: string,
  context: { readonly signal: AbortSignal },
) => object | boolean | undefined | PromiseLike<object | boolean | undefined>;

/** How long admitBatch waits for one URI from an async schemaLoader unless `loaderTimeoutMs` says otherwise. */
export const DEFAULT_LOADER_TIMEOUT_MS = 10_000;

/**
 * Loader rounds per batch: each round must load a new URI, so this bounds a chain of documents. An MCP listing's
 * output schemas and input schemas share them (BatchLoader.rounds), so neither can lengthen the other's chain.
 */
export const MAX_LOADER_ROUNDS = 32;

/** A schema's verdict once its documents referenced further documents more than MAX_LOADER_ROUNDS deep. */
export function tooManyRounds(): GateError {
  return {
    class: 'execution_failure',
    message: `schemaLoader documents reference further documents more than ${MAX_LOADER_ROUNDS} levels deep`,
    violations: [],
    kind: 'limit',
    limit: 'MAX_LOADER_ROUNDS',
  };
}

type Entry =
  | { readonly found: true; readonly value: object | boolean | undefined }
  | { readonly found: false; readonly cause: unknown }
  | { readonly found: false; readonly error: string; readonly deadline: true };

/**
 * validateSchema is synchronous, so an asynchronous loader is bridged per batch: compiling uses
 * `sync`, which answers from the batch cache and records every URI it could not answer; the batch
 * then awaits `loadMissing` and compiles again. Each URI reaches the host loader at most once per
 * batch, and every tool of the batch sees the same answer for it.
 */
export interface BatchLoader {
  /** The synchronous loader handed to validateSchema. */
  readonly sync: (uri: string) => object | boolean | undefined;
  /** URIs asked for since the last `takeMisses`. */
  takeMisses(): ReadonlySet<string>;
  /** Loads the given URIs that are not cached yet; resolves to how many were new. */
  loadMissing(uris: Iterable<string>): Promise<number>;
  /** How many distinct URIs reached the host loader. */
  readonly loads: () => number;
  /** How many `loadMissing` calls loaded a new URI: the batch's rounds so far, whichever schemas asked. */
  readonly rounds: () => number;
}

/** One attempt at a schema: settled (compiled, or refused for good), failed, or the end of every round. */
export type Attempt = 'settled' | 'failed' | 'stop';

/**
 * Attempts each of `pending`, then, once the URIs their failures asked the loader for are loaded, again those that
 * failed asking: one round per load, counted on the loader (MAX_LOADER_ROUNDS a batch, whichever schemas asked).
 * 'stop' ends every round (a spent compile budget). Resolves to those still failing for want of documents when
 * the bound is reached: the caller's to refuse with tooManyRounds.
 */
export async function inLoaderRounds(
  pending: readonly number[],
  loader: BatchLoader | undefined,
  attempt: (index: number) => Promise<Attempt>,
): Promise<readonly number[]> {
  for (let next = pending; next.length > 0; ) {
    const retry: number[] = [];
    const wanted = new Set<string>();
    for (const index of next) {
      loader?.takeMisses();
      const outcome = await attempt(index);
      const misses = loader?.takeMisses() ?? new Set<string>();
      if (outcome === 'stop') return [];
      if (outcome === 'settled' || misses.size === 0) continue;
      retry.push(index);
      for (const uri of misses) wanted.add(uri);
    }
    if (loader === undefined || wanted.size === 0) return [];
    if (loader.rounds() + 1 >= MAX_LOADER_ROUNDS) return retry;
    if ((await loader.loadMissing(wanted)) === 0) return [];
    next = retry;
  }
  return [];
}

/** The batch loader of admission options that hold a `schemaLoader`; undefined without one. */
export function batchLoaderOf(options: {
  readonly schemaLoader?: AsyncSchemaLoader | undefined;
  readonly loaderTimeoutMs?: number | undefined;
}): BatchLoader | undefined {
  const { schemaLoader, loaderTimeoutMs } = options;
  return typeof schemaLoader === 'function'
    ? createBatchLoader(schemaLoader, loaderTimeoutMs ?? DEFAULT_LOADER_TIMEOUT_MS)
    : undefined;
}

/**
 * Wraps a host loader for one batch; see BatchLoader. Each URI gets `timeoutMs` (default
 * DEFAULT_LOADER_TIMEOUT_MS; callers check it with timeoutProblem): past it the loader's signal is
 * aborted, its late answer is dropped, and compiling against that URI is `execution_failure`.
 */
export function createBatchLoader(
  loader: AsyncSchemaLoader,
  timeoutMs: number = DEFAULT_LOADER_TIMEOUT_MS,
): BatchLoader {
  const cache = new Map<string, Entry>();
  let misses = new Set<string>();
  let rounds = 0;
  const sync = (uri: string): object | boolean | undefined => {
    const entry = cache.get(uri);
    if (entry === undefined) {
      misses.add(uri);
      return undefined;
    }
    // What the loader threw is thrown again as it was, so findDocument reports it like any throwing loader
    // (a `validation` error naming the URI, the text withheld); a passed deadline is marked, and reported as
    // the `execution_failure` it is.
    if (!entry.found) {
      if ('cause' in entry) throw entry.cause;
      throw Object.assign(new Error(entry.error), { [LOADER_DEADLINE]: true });
    }
    return entry.value;
  };
  const loadOne = async (uri: string): Promise<Entry> => {
    const outcome = await withDeadline((signal) => loader(uri, { signal }), { timeoutMs });
    switch (outcome.kind) {
      case 'done':
        return { found: true, value: outcome.value };
      case 'timeout':
        return { found: false, error: `no answer within ${outcome.ms} ms (loaderTimeoutMs)`, deadline: true };
      case 'threw':
        return { found: false, cause: outcome.cause };
      default:
        return { found: false, cause: new Error('aborted') };
    }
  };
  return {
    sync,
    takeMisses() {
      const taken = misses;
      misses = new Set();
      return taken;
    },
    async loadMissing(uris) {
      const fresh = [...new Set(uris)].filter((u) => !cache.has(u)).sort(byCodeUnits);
      if (fresh.length > 0) rounds++;
      const entries = await Promise.all(fresh.map(loadOne));
      fresh.forEach((uri, i) => {
        cache.set(uri, entries[i] as Entry);
      });
      return fresh.length;
    },
    loads: () => cache.size,
    rounds: () => rounds,
  };
}
