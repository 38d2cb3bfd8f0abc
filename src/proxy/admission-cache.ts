// Admission once per catalog: sessions of one proxy whose upstreams list the same tools (the same digest of the
// listing) share one admission, its compiled validators included, instead of each admitting the catalog again.
// Sessions that start while a catalog is being admitted wait for that admission. What a listing admits to is
// decided by the listing and the proxy's settings alone, so sharing changes nothing a session sees.
import { createHash } from 'node:crypto';
import type { ProxySettings } from './settings.js';

/** Distinct catalogs kept admitted per proxy, the most recently listed; an older one is admitted again. */
export const KEPT_CATALOGS = 4;

// Keyed by the settings object: one proxy's sessions share it, another proxy (startProxy twice) has its own.
const byProxy = new WeakMap<ProxySettings, Map<string, Promise<unknown>>>();

/**
 * The digest of a listing: of the text of its pages as they arrived (`texts`, one per page), else of the parsed
 * JSON of its tools. The same text always parses to the same listing; hashing it saves serializing the parsed
 * listing again, which cost a session over a 2,000-tool catalog a few ms of the event loop.
 */
export function catalogDigest(listed: readonly unknown[], texts?: readonly string[]): string {
  const hash = createHash('sha256');
  if (texts === undefined) hash.update('json\n').update(JSON.stringify(listed));
  else for (const text of texts) hash.update(`text ${text.length}\n`).update(text);
  return hash.digest('hex');
}

/** The admission of `listed` under `settings`: the one already made or under way, else `admit()`'s. */
export function admitOnce<T>(
  settings: ProxySettings,
  listed: readonly unknown[],
  admit: () => Promise<T>,
  texts?: readonly string[],
): Promise<T> {
  let cache = byProxy.get(settings);
  if (cache === undefined) {
    cache = new Map();
    byProxy.set(settings, cache);
  }
  const digest = catalogDigest(listed, texts);
  const known = cache.get(digest) as Promise<T> | undefined;
  // Re-inserted: the Map's order is the order of use, oldest first.
  cache.delete(digest);
  const admitted = known ?? admit();
  cache.set(digest, admitted);
  for (const oldest of cache.keys()) {
    if (cache.size <= KEPT_CATALOGS) break;
    cache.delete(oldest);
  }
  return admitted;
}
