// Why the proxy withholds a tool its admission passed, whatever the grants: a `__proto__` member (published as
// listed, it would reach the client), invalid `x-mcp-header` annotations (an invalid tool: param-header-rules.ts)
// or an `execution.taskSupport` of "required" (task-support.ts). One list, read by the proxy's admission and by
// `check` and `lock`, so what they say of a catalog is what the proxy publishes (a review's find: check admitted
// and lock pinned, silently, a task-only tool the proxy never published).
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { paramHeaderProblem } from '../mcp/param-header-rules.js';
import { ownData } from '../util/own-field.js';
import { taskOnlyReason } from './task-support.js';

/**
 * The proxy's reason for withholding `tool` (as listed) from every client, or undefined when it is published once
 * admitted and granted. `protoFree`: no page of the listing holds a member named `__proto__` (its walk is skipped).
 */
export function unpublishable(tool: unknown, protoFree = false): string | undefined {
  const proto = protoFree ? undefined : protoMemberPath(tool);
  if (proto !== undefined) return protoRefusal(proto);
  return paramHeaderProblem(ownData(tool, 'inputSchema')) ?? taskOnlyReason(tool);
}
