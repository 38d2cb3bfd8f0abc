// Every tools/list page of an initialized upstream, as the proxy asks for them: read by the proxy's admission
// (admission.ts) and by `check`/`lock --url` (http-lister.ts), so a server is sent the same requests by both.
import { listAllPages } from '../catalog/mcp-pages.js';
import { maskSecrets } from '../exec/mask-secrets.js';
import { thrownMessage } from '../result.js';
import { clip } from '../util/describe-value.js';
import { ownData } from '../util/own-field.js';
import { type Peer, RPC } from '../mcp/peer.js';
import type { ListedPage } from './admission-cache.js';

/** Most tools/list pages read per listing: a server that keeps paging cannot hold start-up forever. */
const MAX_PAGES = 100;

/** A whole listing: its tools, and each page as it arrived while every one came with its text. */
export type UpstreamListing =
  | { readonly ok: true; readonly tools: unknown[]; readonly pages: readonly ListedPage[] | undefined }
  | {
      readonly ok: false;
      readonly message: string;
      /** Past a listing's bounds (tools, bytes, pages): the catalog is what it is, not a failure of the moment. */
      readonly bound?: true;
    };

/** Lists every tool of `upstream`; `timeoutMs` bounds the whole listing, `secrets` are masked in what it says. */
export async function listUpstreamTools(
  upstream: Peer,
  timeoutMs: number,
  secrets: readonly string[],
): Promise<UpstreamListing> {
  let pages: ListedPage[] | undefined = [];
  // --timeout bounds the whole listing, every page: per page, 100 pages each answered just under it held a
  // re-admission (and what waits for it) 50 min (a hunt's find).
  const deadline = performance.now() + timeoutMs;
  const overdue = `tools/list failed: the listing did not end within ${timeoutMs / 1000} s (--timeout)`;
  try {
    const listing = await listAllPages(async (cursor) => {
      const left = Math.ceil(deadline - performance.now());
      if (left <= 0) throw new Error(overdue);
      const { reply } = upstream.request('tools/list', cursor === undefined ? {} : { cursor }, left);
      const r = await reply;
      // The page's timeout is what is left of the listing's: a timeout once that is spent is the listing's; a server's
      // own -32001 before it is the server's message (a review's find: "quota exhausted" read as --timeout). A timer
      // starts from the loop's time, which may lag this clock: a margin of 100 ms.
      if ('error' in r && r.error.code === RPC.requestTimeout && performance.now() >= deadline - 100)
        throw new Error(overdue);
      // Masked before it is clipped: a secret cut in two would escape the mask.
      if ('error' in r)
        throw new Error(`tools/list failed: ${clip(maskSecrets(String(r.error.message), secrets), 200)}`);
      if (r.line === undefined || r.message === undefined) pages = undefined;
      else pages?.push({ text: r.line, message: r.message });
      const tools = ownData(r.result, 'tools');
      if (!Array.isArray(tools)) throw new Error('tools/list result has no "tools" array');
      const next = ownData(r.result, 'nextCursor');
      // A cursor of another type was read as the listing's end: its later pages went unread and a partial catalog
      // was published as whole, where check and guardClient refuse the page (a hunt's find).
      if (next !== undefined && typeof next !== 'string')
        throw new Error('tools/list failed: "nextCursor" is no string');
      return {
        tools: tools as unknown[],
        nextCursor: next,
        ...(r.line === undefined ? {} : { bytes: r.line.length }),
      };
    }, MAX_PAGES);
    if (!listing.ok) return { ok: false, message: listing.error.message, bound: true };
    return { ok: true, tools: listing.value, pages };
  } catch (thrown) {
    return { ok: false, message: thrownMessage(thrown) };
  }
}
