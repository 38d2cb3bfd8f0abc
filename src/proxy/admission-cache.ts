// Admission once per catalog: sessions of one proxy whose upstreams list the same tools (the same digest of the
// listing) share one admission, its compiled validators included, instead of each admitting the catalog again.
// Sessions that start while a catalog is being admitted wait for that admission. What a listing admits to is
// decided by the listing and the proxy's settings alone, so sharing changes nothing a session sees.
//
// The text of each kept catalog's pages is remembered too, with the message it was read as: a session whose
// upstream sends a page of a kept catalog again gets that message without the page being parsed again
// (`listingMemo`, read by the upstream's channel). A 2,000-tool page is about 700 KB; parsing it was most of what
// a session over an admitted catalog cost the proxy's event loop. The same text always parses to the same value
// (RFC 8259: JSON has no state), so a page recalled is the page parsed; it is frozen once it is shared.
import { createHash } from 'node:crypto';
import type { MessageMemo, RpcMessage } from '../mcp/channel.js';
import { deepFreeze } from '../util/plain-json.js';
import { type Turnstile, turnstile } from '../util/time-slice.js';
import type { ProxySettings } from './settings.js';

/** Distinct catalogs kept admitted per proxy, the most recently listed; an older one is admitted again. */
export const KEPT_CATALOGS = 4;

/** Pages shorter than this are parsed again: a lookup would cost about what the parse does. */
const MEMO_MIN_CHARS = 4096;
/**
 * Most characters of page text remembered per proxy (the parsed pages beside them): past it a page is parsed as
 * it comes, so a server that pads its pages cannot make the proxy hold more.
 */
export const MEMO_MAX_CHARS = 32 * 1024 * 1024;

/** One tools/list page as it arrived: the reply's text and the message it was read as. */
export interface ListedPage {
  readonly text: string;
  readonly message: RpcMessage;
}

/** A remembered page: the message its text was read as, and the text's own digest. */
interface Known {
  readonly message: RpcMessage;
  readonly text: string;
  readonly digest: string;
}

/** A kept catalog: its admission (`settled` once it ended) and its pages' texts. */
interface Kept {
  readonly admitted: Promise<unknown>;
  readonly texts: readonly string[];
  readonly settled: { done: boolean };
}

/** One proxy's kept catalogs (by digest, in order of use, oldest first) and their pages' texts. */
interface Cache {
  readonly catalogs: Map<string, Kept>;
  readonly pages: Map<string, Known>;
  readonly memo: MessageMemo;
  /** The turns in which sessions that waited for an admission under way go on (`admitOnce`). */
  readonly turns: Turnstile;
  /** Characters of the remembered pages' texts. */
  chars: number;
}

// Keyed by the settings object: one proxy's sessions share it, another proxy (startProxy twice) has its own.
const byProxy = new WeakMap<ProxySettings, Cache>();

function cacheOf(settings: ProxySettings): Cache {
  let cache = byProxy.get(settings);
  if (cache === undefined) {
    const pages = new Map<string, Known>();
    const memo: MessageMemo = {
      recall: (text) => {
        const known = text.length < MEMO_MIN_CHARS || pages.size === 0 ? undefined : pages.get(text);
        // Frozen when first shared, so a proxy with one upstream session never pays for it.
        if (known !== undefined && !Object.isFrozen(known.message)) deepFreeze(known.message);
        return known;
      },
    };
    cache = { catalogs: new Map(), pages, memo, turns: turnstile(), chars: 0 };
    byProxy.set(settings, cache);
  }
  return cache;
}

/** The messages of the pages of `settings`' kept catalogs, by their text: for the upstream's channel. */
export function listingMemo(settings: ProxySettings): MessageMemo {
  return cacheOf(settings).memo;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The digest of a listing: of the text of its pages as they arrived (`texts`, one per page: each page's own
 * digest), else of the parsed JSON of its tools. The same text always parses to the same listing; hashing it
 * saves serializing the parsed listing again.
 */
export function catalogDigest(listed: readonly unknown[], texts?: readonly string[]): string {
  return digestOf(listed, texts?.map(sha256));
}

function digestOf(listed: readonly unknown[], pageDigests: readonly string[] | undefined): string {
  const hash = createHash('sha256');
  if (pageDigests === undefined) hash.update('json\n').update(JSON.stringify(listed));
  else for (const page of pageDigests) hash.update(`page ${page}\n`);
  return hash.digest('hex');
}

/**
 * The admission of `listed` under `settings`: the one already made or under way, else `admit()`'s. `pages`, when
 * every page came with its text: what the digest hashes, and what is remembered for `listingMemo`.
 */
export function admitOnce<T>(
  settings: ProxySettings,
  listed: readonly unknown[],
  admit: () => Promise<T>,
  pages?: readonly ListedPage[],
): Promise<T> {
  const cache = cacheOf(settings);
  const texts = pages?.map((p) => p.text);
  const pageDigests = texts?.map((text) => cache.pages.get(text)?.digest ?? sha256(text));
  const digest = digestOf(listed, pageDigests);
  const known = cache.catalogs.get(digest);
  // Re-inserted: the Map's order is the order of use, oldest first.
  cache.catalogs.delete(digest);
  const admitted = (known?.admitted as Promise<T> | undefined) ?? admit();
  const settled = known?.settled ?? endOf(admitted);
  cache.catalogs.set(digest, { admitted, texts: texts ?? [], settled });
  for (const [oldest, { texts: gone }] of cache.catalogs) {
    if (cache.catalogs.size <= KEPT_CATALOGS) break;
    cache.catalogs.delete(oldest);
    forget(cache, gone);
  }
  for (const [i, page] of (pages ?? []).entries()) remember(cache, page, pageDigests?.[i] ?? sha256(page.text));
  // Sessions that came while the catalog was being admitted are all released when it ends: each goes on in a turn
  // of its own (publishing a 2,000-tool listing is about a millisecond a session), not all in one turn that other
  // sessions' requests would wait behind; one that comes while they do takes its turn after them.
  if (known === undefined || (settled.done && !cache.turns.busy())) return admitted;
  return admitted.finally(() => cache.turns.turn());
}

/** Marks when `admission` ends; the session that asked awaits the admission itself, a rejection included. */
function endOf(admission: Promise<unknown>): { done: boolean } {
  const settled = { done: false };
  const end = (): void => {
    settled.done = true;
  };
  admission.then(end, end);
  return settled;
}

function remember(cache: Cache, page: ListedPage, digest: string): void {
  const { text } = page;
  if (text.length < MEMO_MIN_CHARS || cache.pages.has(text) || cache.chars + text.length > MEMO_MAX_CHARS) return;
  // The message as it was parsed, frozen once it is shared (recall).
  cache.pages.set(text, { message: page.message, text, digest });
  cache.chars += text.length;
}

/** Lets go of the remembered pages of a listing that was refused. */
export function forgetPages(settings: ProxySettings, pages: readonly ListedPage[]): void {
  const cache = cacheOf(settings);
  for (const { text } of pages) drop(cache, text);
}

function drop(cache: Cache, text: string): void {
  if (cache.pages.delete(text)) cache.chars -= text.length;
}

/** Lets go of the pages of a catalog no longer kept, but for those a kept catalog has too. */
function forget(cache: Cache, texts: readonly string[]): void {
  const kept = new Set<string>();
  for (const c of cache.catalogs.values()) for (const t of c.texts) kept.add(t);
  for (const text of texts) if (!kept.has(text)) drop(cache, text);
}
