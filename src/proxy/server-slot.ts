// One server of the gateway's set (servers.ts): its settings, its upstream while it is served, what it publishes,
// and its admissions again after its `tools/list_changed` (readmission.ts), each of whichever upstream serves it
// when it begins: one that went meanwhile publishes nothing of it.
import { admitUpstream } from './admission.js';
import { NOTHING, type Published } from './published.js';
import { GONE, heldLine, Readmission } from './readmission.js';
import { Backoff } from './restart.js';
import type { ProxySettings } from './settings.js';
import { readmissionLines } from './summary.js';
import type { Upstream } from './upstream.js';

/** One server of the set: its settings, and its upstream while it is served. */
export interface Slot {
  readonly name: string;
  readonly settings: ProxySettings;
  upstream: Upstream | undefined;
  /** What it publishes (NOTHING while down), by the server's own tool names. */
  published: Published;
  /** Why it is not served (undefined while it is). */
  down: string | undefined;
  readonly backoff: Backoff;
}

/** A server of the set before it is started. */
export function slotOf(settings: ProxySettings): Slot {
  return {
    name: settings.namespace ?? '',
    settings,
    upstream: undefined,
    published: NOTHING,
    down: 'starting',
    backoff: new Backoff(),
  };
}

/**
 * The admissions again of `slot`: each one's lines go to `say`; `published` runs once `slot` publishes what it
 * admitted.
 */
export function slotReadmission(slot: Slot, say: (line: string) => void, published: () => void): Readmission {
  return new Readmission({
    admit: async (meter) => {
      const upstream = slot.upstream;
      if (upstream === undefined) return GONE;
      const admitted = await admitUpstream(upstream.peer, slot.settings, meter);
      return slot.upstream === upstream ? admitted : GONE;
    },
    failed: (message) => say(`server ${slot.name}: re-admission failed, no tool published: ${message}`),
    held: (ms) => say(`server ${slot.name}: ${heldLine(ms)}`),
    done: (next) => {
      const upstream = slot.upstream;
      if (next === GONE || upstream === undefined) return slot.published;
      const { display, quiet } = slot.settings;
      for (const line of readmissionLines(slot.published, next, upstream.init, display, quiet === true)) say(line);
      slot.published = next;
      published();
      return next;
    },
  });
}
