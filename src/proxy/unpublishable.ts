// Why the proxy withholds a tool its admission passed, whatever the grants: a `__proto__` member (published as
// listed, it would reach the client), invalid `x-mcp-header` annotations (an invalid tool: param-header-rules.ts)
// or an `execution.taskSupport` of "required" (task-support.ts), or a number holding a secret the proxy masks
// (a server wrote a numeric token into a `default`: masked, the schema's number would be the string "<redacted>",
// a `maximum` no longer JSON Schema; a review's find). One list, read by the proxy's admission and by
// `check` and `lock`, so what they say of a catalog is what the proxy publishes (a review's find: check admitted
// and lock pinned, silently, a task-only tool the proxy never published).
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { paramHeaderProblem } from '../mcp/param-header-rules.js';
import { ownData } from '../util/own-field.js';
import { holdsSecretNumber, SECRET_NUMBER } from './client-masker.js';
import { taskOnlyReason } from './task-support.js';

/** Why a tool holding a secret as a number is withheld. */
export const SECRET_NUMBER_REASON = `its definition holds ${SECRET_NUMBER}`;

/**
 * The proxy's reason for withholding `tool` (as listed) from every client, or undefined when it is published once
 * admitted and granted. `secrets`: what the proxy masks in what its clients read (the same array each call: its
 * masker is made once per array). `protoFree`: no page of the listing holds a member named `__proto__` (its walk
 * is skipped).
 */
export function unpublishable(tool: unknown, secrets: readonly string[], protoFree = false): string | undefined {
  const proto = protoFree ? undefined : protoMemberPath(tool);
  if (proto !== undefined) return protoRefusal(proto);
  const reason = paramHeaderProblem(ownData(tool, 'inputSchema')) ?? taskOnlyReason(tool);
  if (reason !== undefined) return reason;
  return holdsSecretNumber(tool, secrets) ? SECRET_NUMBER_REASON : undefined;
}
