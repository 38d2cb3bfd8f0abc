// What `check` says of a tool admission accepts but `toolgate proxy` withholds from every client (a `__proto__`
// member, invalid `x-mcp-header` annotations, an `execution.taskSupport` of "required", a number holding a value
// given to the server: src/proxy/unpublishable.ts):
// "withheld", with the proxy's reason, where check said "accepted" of a tool the proxy never publishes. Like a
// quarantined tool it leaves the catalog admitted: the proxy starts and publishes the others.
import { unpublishable } from '../proxy/unpublishable.js';
import { clip, oneLine, printable, quote } from '../util/describe-value.js';
import { ownData } from '../util/own-field.js';
import type { CatalogVerdict } from './check-verdicts.js';

/**
 * The catalog's verdicts with each accepted MCP tool the proxy would withhold said so (`mcp`: an MCP listing;
 * `secrets`: the values given to the servers, as masked-io.ts's shownSecrets gives them).
 */
export function withholdUnpublishable(
  verdict: CatalogVerdict,
  entries: readonly unknown[],
  mcp: boolean,
  secrets: readonly string[],
): CatalogVerdict {
  if (!mcp) return verdict;
  const tools = verdict.tools.map((t) => {
    if (t.verdict !== 'accepted') return t;
    const reason = unpublishable(entries[t.index], secrets);
    return reason === undefined ? t : { ...t, verdict: 'withheld' as const, reason };
  });
  return { ...verdict, tools };
}

/**
 * `lock`'s lines for the tools of an MCP listing the proxy would withhold whatever its admission, with the proxy's
 * reason (`server`: a config's server, named; `secrets` as withholdUnpublishable's). They stay pinned, as every
 * listed tool is: `proxy --lock` compares every listed tool, and one left out of the lock would be drift there.
 */
export function withheldLines(tools: readonly unknown[], secrets: readonly string[], server?: string): string {
  const where = server === undefined ? '' : `server ${quote(server)}: `;
  return tools
    .flatMap((tool, index) => {
      const reason = unpublishable(tool, secrets);
      if (reason === undefined) return [];
      const name = ownData(tool, 'name');
      const shown = printable(oneLine(clip(typeof name === 'string' ? name : `#${index}`, 80)));
      return [`  pinned, withheld by toolgate proxy: ${where}${shown}: ${printable(oneLine(reason))}\n`];
    })
    .join('');
}
