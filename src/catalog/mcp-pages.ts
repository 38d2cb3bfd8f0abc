import { failExecution, ok, type Result } from '../result.js';
import { quote } from '../util/describe-value.js';

/** One page of an MCP `tools/list` result, as far as paging reads it. */
export interface ToolsPage<T> {
  readonly tools: readonly T[];
  readonly nextCursor?: string | undefined;
}

/**
 * Reads every page of `tools/list` (MCP "Pagination": follow `nextCursor` until it is absent), one
 * request at a time. A server that never stops paging is refused rather than followed: more than
 * `maxPages` pages, or a cursor it returned before (which would page forever), is an
 * `execution_failure`. What `fetchPage` throws or rejects with is the caller's to catch.
 */
export async function listAllPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<ToolsPage<T>>,
  maxPages: number,
): Promise<Result<T[]>> {
  const tools: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await fetchPage(cursor);
    tools.push(...result.tools);
    const next = result.nextCursor;
    if (next === undefined) return ok(tools);
    if (seen.has(next)) return failExecution('upstream', `tools/list returned cursor ${quote(String(next))} twice`);
    seen.add(next);
    cursor = next;
  }
  return failExecution('limit', `tools/list had more than ${maxPages} pages`, [], 'maxPages');
}
