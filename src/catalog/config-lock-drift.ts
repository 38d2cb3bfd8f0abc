// Drift of a whole config from its lock (config-lock.ts), server by server: each listed server's tools against
// its own pins (lock-diff.ts, so a tool is new, changed or gone exactly as for a single lock), a server the lock
// does not name with every tool new, a server the lock names and the config no longer has with every tool gone,
// and a server that could not be listed not compared (its tools are unknown, not gone). The reports name each
// server: one text block per server (lock-report.ts' lines), and in JSON one entry per server.
import { byCodeUnits } from '../util/code-unit-order.js';
import { quote } from '../util/describe-value.js';
import { type ConfigLock, serverPins } from './config-lock.js';
import { hasDrift, type LockDrift, listingDrift } from './lock-diff.js';
import { driftJson, driftText } from './lock-report.js';
import type { ValueMask } from './lock-values.js';

/** One server's part of a config's drift. */
export type ServerDrift =
  | { readonly server: string; readonly state: 'listed' | 'gone'; readonly drift: LockDrift; readonly pinned: number }
  | { readonly server: string; readonly state: 'unread' };

/**
 * Each server's drift: the config's servers in their order (`tools` undefined: it could not be listed), then the
 * lock's servers the config no longer has, sorted. Values shown go through `mask` (lock-diff.ts, listingDrift).
 */
export function configDrift(
  lock: ConfigLock,
  listings: readonly { readonly server: string; readonly tools: readonly unknown[] | undefined }[],
  mask?: ValueMask,
): ServerDrift[] {
  const out: ServerDrift[] = listings.map(({ server, tools }) => {
    if (tools === undefined) return { server, state: 'unread' };
    const pins = serverPins(lock, server);
    return { server, state: 'listed', drift: listingDrift(pins, tools, mask), pinned: Object.keys(pins.tools).length };
  });
  const named = new Set(listings.map((l) => l.server));
  for (const server of Object.keys(lock.servers).sort(byCodeUnits)) {
    if (named.has(server)) continue;
    const pins = serverPins(lock, server);
    out.push({ server, state: 'gone', drift: listingDrift(pins, []), pinned: Object.keys(pins.tools).length });
  }
  return out;
}

/** Whether any server drifted (an unread server is not drift: its input problem fails the run anyway). */
export function configHasDrift(drifts: readonly ServerDrift[]): boolean {
  return drifts.some((d) => d.state !== 'unread' && hasDrift(d.drift));
}

/** How a report names one server of the lock in `file`: the name clipped and written out (quote), as check does. */
const label = (file: string, server: string): string => `${file}, server ${quote(server)}`;

/** The text report: one block per server, each headed `lock <file>, server "<name>": ...`. */
export function configDriftText(file: string, drifts: readonly ServerDrift[], colour: boolean): string {
  return drifts
    .map((d) => {
      if (d.state === 'unread') return `lock ${label(file, d.server)}: not compared (the server could not be listed)\n`;
      const gone =
        d.state === 'gone' ? `lock ${label(file, d.server)}: the server is in the lock, not in the config\n` : '';
      return gone + driftText(label(file, d.server), d.drift, d.pinned, colour);
    })
    .join('');
}

/** The JSON report's part: `drift` (any at all) and `lock` with the file and each server's lists. */
export function configDriftJson(file: string, drifts: readonly ServerDrift[]): Record<string, unknown> {
  const servers = drifts.map((d) => {
    if (d.state === 'unread') return { server: d.server, compared: false };
    const { file: _, ...lists } = driftJson(file, d.drift)['lock'] as Record<string, unknown>;
    return { server: d.server, compared: true, ...(d.state === 'gone' ? { serverGone: true } : {}), ...lists };
  });
  return { drift: configHasDrift(drifts), lock: { file, servers } };
}
