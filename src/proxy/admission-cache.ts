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
import { valuesOf } from '../mcp/message-depth.js';
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
/**
 * Most values (src/mcp/message-depth.ts) of one page remembered. Characters do not show what a page costs parsed:
 * `[{},{},...]` is three characters a value and some 60 bytes each once parsed. The first recall freezes the page
 * in one turn, and freezing 250,000 values takes 15-35 ms here (a 2,000-tool page has 54,000).
 */
export const MEMO_MAX_PAGE_VALUES = 250_000;
/** Most values of the remembered pages per proxy, together. */
export const MEMO_MAX_VALUES = 4 * MEMO_MAX_PAGE_VALUES;

/** One tools/list page as it arrived: the reply's text and the message it was read as. */
export interface ListedPage {
  readonly text: string;
  readonly message: RpcMessage;
}

/** A remembered page: the message its text was read as, the text's own digest and the message's values. */
interface Known {
  readonly message: RpcMessage;
  readonly text: string;
  readonly digest: string;
  readonly values: number;
}

/**
 * A kept catalog: its admission (`settled` once it ended), the texts of its pages that are remembered, and
 * whether its pages may be (not once its listing was refused).
 */
interface Kept {
  readonly admitted: Promise<unknown>;
  readonly settled: { done: boolean };
  texts: readonly string[];
  remembers: boolean;
}

/** One proxy's kept catalogs (by digest, in order of use, oldest first) and their pages' texts. */
interface Cache {
  readonly catalogs: Map<string, Kept>;
  readonly pages: Map<string, Known>;
  readonly memo: MessageMemo;
  /** The turns in which sessions that waited for an admission under way go on (`admitOnce`). */
  readonly turns: Turnstile;
  /** Characters of the remembered pages' texts, and values of their messages. */
  chars: number;
  values: number;
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
    cache = { catalogs: new Map(), pages, memo, turns: turnstile(), chars: 0, values: 0 };
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
 * every page came with its text: what the digest hashes, and what is remembered for `listingMemo` unless
 * `keepsPages` says no of the admission's outcome (a refused listing is not recalled). An admission that
 * rejects is not kept: the next session admits its listing again.
 */
export function admitOnce<T>(
  settings: ProxySettings,
  listed: readonly unknown[],
  admit: () => Promise<T>,
  pages?: readonly ListedPage[],
  keepsPages: (outcome: T) => boolean = () => true,
): Promise<T> {
  const cache = cacheOf(settings);
  const texts = pages?.map((p) => p.text);
  const pageDigests = texts?.map((text) => cache.pages.get(text)?.digest ?? sha256(text));
  const digest = digestOf(listed, pageDigests);
  const known = cache.catalogs.get(digest);
  // Re-inserted: the Map's order is the order of use, oldest first.
  cache.catalogs.delete(digest);
  const admitted = (known?.admitted as Promise<T> | undefined) ?? admit();
  const kept: Kept = known ?? { admitted, settled: endOf(admitted), texts: [], remembers: true };
  cache.catalogs.set(digest, kept);
  for (const [oldest, { texts: gone }] of cache.catalogs) {
    if (cache.catalogs.size <= KEPT_CATALOGS) break;
    cache.catalogs.delete(oldest);
    forget(cache, gone);
  }
  // Only pages remembered are the catalog's to let go of later: one too large to remember is not held for it.
  if (kept.remembers && pages !== undefined)
    kept.texts = pages
      .filter((page, i) => remember(cache, page, pageDigests?.[i] ?? sha256(page.text)))
      .map((p) => p.text);
  if (known === undefined)
    admitted.then(
      (outcome) => {
        if (!keepsPages(outcome)) release(cache, kept);
      },
      () => {
        if (cache.catalogs.get(digest) === kept) cache.catalogs.delete(digest);
        release(cache, kept);
      },
    );
  // Sessions that came while the catalog was being admitted are all released when it ends: each goes on in a turn
  // of its own (publishing a 2,000-tool listing is about a millisecond a session), not all in one turn that other
  // sessions' requests would wait behind; one that comes while they do takes its turn after them.
  if (known === undefined || (kept.settled.done && !cache.turns.busy())) return admitted;
  return admitted.finally(() => cache.turns.turn());
}

/** Lets go of a catalog's remembered pages for good (but those another kept catalog has too). */
function release(cache: Cache, kept: Kept): void {
  const texts = kept.texts;
  kept.remembers = false;
  kept.texts = [];
  forget(cache, texts);
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

/** Remembers a page, within the memo's bounds; whether it is remembered (now or before). */
function remember(cache: Cache, page: ListedPage, digest: string): boolean {
  const { text, message } = page;
  if (text.length < MEMO_MIN_CHARS) return false;
  if (cache.pages.has(text)) return true;
  if (cache.chars + text.length > MEMO_MAX_CHARS) return false;
  const values = valuesOf(message);
  if (values > MEMO_MAX_PAGE_VALUES || cache.values + values > MEMO_MAX_VALUES) return false;
  // The message as it was parsed, frozen once it is shared (recall).
  cache.pages.set(text, { message, text, digest, values });
  cache.chars += text.length;
  cache.values += values;
  return true;
}

function drop(cache: Cache, text: string): void {
  const known = cache.pages.get(text);
  if (known === undefined) return;
  cache.pages.delete(text);
  cache.chars -= text.length;
  cache.values -= known.values;
}

/** Lets go of the pages of a catalog no longer kept, but for those a kept catalog has too. */
function forget(cache: Cache, texts: readonly string[]): void {
  if (texts.length === 0) return;
  const kept = new Set<string>();
  for (const c of cache.catalogs.values()) for (const t of c.texts) kept.add(t);
  for (const text of texts) if (!kept.has(text)) drop(cache, text);
}
