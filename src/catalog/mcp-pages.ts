import { failExecution, ok, type Result } from '../result.js';
import { quote } from '../util/describe-value.js';
import { MAX_BATCH_DESCRIPTORS } from './batch-input.js';

/** One page of an MCP `tools/list` result, as far as paging reads it. */
export interface ToolsPage<T> {
  readonly tools: readonly T[];
  readonly nextCursor?: string | undefined;
  /**
   * The page's length as JSON text in characters, its cursor included, when the caller knows it (charged to
   * MAX_LISTING_BYTES); without it, the cursor alone is charged.
   */
  readonly bytes?: number;
}

/** Most tools one listing may hold: the most one batch admits (a server listing more is refused, not cut). */
export const MAX_LISTED_TOOLS = MAX_BATCH_DESCRIPTORS;
/** Most characters of JSON text one listing's pages may hold together: 64 Mi (5,000 real tools are about 2 M). */
export const MAX_LISTING_BYTES = 64 * 1024 * 1024;

/**
 * Reads every page of `tools/list` (MCP "Pagination": follow `nextCursor` until it is absent), one
 * request at a time. A server that never stops paging is refused rather than followed: more than
 * `maxPages` pages, more than MAX_LISTED_TOOLS tools or MAX_LISTING_BYTES bytes in all, or a cursor it
 * returned before (which would page forever), is an `execution_failure`. What `fetchPage` throws or rejects
 * with is the caller's to catch.
 */
export async function listAllPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<ToolsPage<T>>,
  maxPages: number,
): Promise<Result<T[]>> {
  const tools: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let bytes = 0;
  for (let page = 0; page < maxPages; page++) {
    const result = await fetchPage(cursor);
    // Kept across pages, so each bound holds for the whole listing, not for one page.
    if (tools.length + result.tools.length > MAX_LISTED_TOOLS)
      return failExecution(
        'limit',
        `tools/list listed more than ${MAX_LISTED_TOOLS} tools, the most one catalog admits`,
        [],
        'maxListedTools',
      );
    // Every cursor is held until the listing ends (`seen`): a server answering a few tools and a cursor of megabytes
    // on each page would otherwise hold a gigabyte within maxPages (1.1 GB measured, 9 MB cursors).
    bytes += result.bytes ?? (typeof result.nextCursor === 'string' ? result.nextCursor.length : 0);
    if (bytes > MAX_LISTING_BYTES)
      return failExecution(
        'limit',
        `tools/list pages held more than ${MAX_LISTING_BYTES} bytes together`,
        [],
        'maxListingBytes',
      );
    for (const tool of result.tools) tools.push(tool);
    const next = result.nextCursor;
    if (next === undefined) return ok(tools);
    if (seen.has(next)) return failExecution('upstream', `tools/list returned cursor ${quote(String(next))} twice`);
    seen.add(next);
    cursor = next;
  }
  return failExecution('limit', `tools/list had more than ${maxPages} pages`, [], 'maxPages');
}
