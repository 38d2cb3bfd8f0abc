// What the aggregate shows of its servers' tools: the `tools/list` a client gets (every served server's
// published tools, in the config's order, each under `<server>__<tool>`; how long it waits for re-admissions under
// way), where a published name leads back to (the server and the tool's own name), and the start-up report (what
// startProxy's handle lists).
import { toolFor } from '../mcp/revision-fields.js';
import { NEWEST_INITIALIZE, type ProtocolRevision } from '../mcp/versions.js';
import { NOTHING, type Published, type Withheld } from './published.js';
import { SEPARATOR, publishedName } from './names.js';
import type { Slot } from './servers.js';

/**
 * The tools of every server as one tools/list, each definition as admitted but for its published name (and the tool
 * fields `revision` lacks: src/mcp/revision-fields.ts); with `visible` (a `--grants` client's), only the names it
 * may see.
 */
export function listedTools(
  slots: readonly Slot[],
  visible?: (name: string) => boolean,
  revision: ProtocolRevision = NEWEST_INITIALIZE,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const slot of slots)
    for (const [name, tool] of slot.published.tools) {
      const published = publishedName(slot.name, name);
      if (visible === undefined || visible(published)) out.push({ ...toolFor(tool, revision), name: published });
    }
  return out;
}

/**
 * Settles once none of `readmissions` (each server's under way, or undefined) is, or after `ms`, whichever is
 * first: a gateway's tools/list waits no longer for them (a hunt's find: one server answering each re-listing just
 * under --timeout, announcing a change during each, held every client's tools/list 87 s, past the MCP SDK client's
 * 60 s). What it then lists of a server still re-admitting is its tools admitted last.
 */
export async function readmittedWithin(
  readmissions: readonly (Promise<unknown> | undefined)[],
  ms: number,
): Promise<void> {
  const under = readmissions.filter((r) => r !== undefined);
  if (under.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(under), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * The server and tool a published name leads to, or undefined. Server names hold no `__` and do not end in `_`
 * (src/proxy/names.ts), so the first `__` is where the server's name ends: the split is the only one.
 */
export function routeOf(slots: readonly Slot[], name: string): { slot: Slot; tool: string } | undefined {
  const at = name.indexOf(SEPARATOR);
  if (at <= 0) return undefined;
  const server = name.slice(0, at);
  const slot = slots.find((s) => s.name === server);
  return slot === undefined ? undefined : { slot, tool: name.slice(at + SEPARATOR.length) };
}

/** The whole set as one Published for the start-up report: tools by published name, every server's withheld. */
export function combinedPublished(slots: readonly Slot[]): Published {
  const tools = new Map<string, Record<string, unknown>>();
  const withheld: Withheld[] = [];
  let listed = 0;
  for (const slot of slots) {
    for (const [name, tool] of slot.published.tools) tools.set(publishedName(slot.name, name), tool);
    withheld.push(...slot.published.withheld);
    if (slot.down !== undefined) withheld.push({ name: slot.name, reason: `server not served: ${slot.down}` });
    listed += slot.published.listed;
  }
  return { ...NOTHING, tools, withheld, listed };
}
