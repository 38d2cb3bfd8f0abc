import { thrownMessage } from '../result.js';
import { byCodeUnits } from '../util/code-unit-order.js';

/** A schema loader that may answer later: hosts often keep shared schemas in a store. */
export type AsyncSchemaLoader = (
  uri: string,
) => object | boolean | undefined | PromiseLike<object | boolean | undefined>;

type Entry =
  | { readonly found: true; readonly value: object | boolean | undefined }
  | { readonly found: false; readonly error: string };

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
}

/** Wraps a host loader for one batch; see BatchLoader. */
export function createBatchLoader(loader: AsyncSchemaLoader): BatchLoader {
  const cache = new Map<string, Entry>();
  let misses = new Set<string>();
  const sync = (uri: string): object | boolean | undefined => {
    const entry = cache.get(uri);
    if (entry === undefined) {
      misses.add(uri);
      return undefined;
    }
    // Rethrown so findDocument reports it like any throwing loader: a `validation` error naming the URI.
    if (!entry.found) throw new Error(entry.error);
    return entry.value;
  };
  const loadOne = async (uri: string): Promise<Entry> => {
    try {
      const value = await loader(uri);
      return { found: true, value };
    } catch (thrown) {
      return { found: false, error: thrownMessage(thrown) };
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
      const entries = await Promise.all(fresh.map(loadOne));
      fresh.forEach((uri, i) => {
        cache.set(uri, entries[i] as Entry);
      });
      return fresh.length;
    },
    loads: () => cache.size,
  };
}
