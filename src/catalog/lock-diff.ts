// Drift: how a catalog's tools differ from the pins a lock recorded. A tool is new (no pin under its name),
// changed (its pin differs; the top-level fields that differ are named) or gone (pinned, no longer listed).
import { byCodeUnits } from '../util/code-unit-order.js';
import { ownData } from '../util/own-field.js';
import { pinTool, type ToolLock, type ToolPin } from './lock-pins.js';
import { type FieldChange, toolValues, type ValueMask } from './lock-values.js';

/**
 * One changed tool: the top-level fields whose pins differ (present on one side only included) and, where the
 * lock kept the definition, each changed value old and new (`note` says why not).
 */
export interface ChangedTool {
  readonly name: string;
  readonly fields: readonly string[];
  readonly changes: readonly FieldChange[];
  /** Changed paths not listed in `changes` (over the cap, or past the diff's budget). */
  readonly more: number;
  readonly note?: string;
}

/** How a catalog differs from a lock; every list sorted by name. No drift: all three empty. */
export interface LockDrift {
  /** Listed, not pinned. */
  readonly added: readonly string[];
  readonly changed: readonly ChangedTool[];
  /** Pinned, not listed. */
  readonly removed: readonly string[];
}

/** Whether a drift report holds anything. */
export function hasDrift(drift: LockDrift): boolean {
  return drift.added.length + drift.changed.length + drift.removed.length > 0;
}

const own = (record: Readonly<Record<string, unknown>>, key: string): boolean => Object.hasOwn(record, key);

/** A changed tool's entry: its fields, and its values from the two definitions. */
function changedTool(
  name: string,
  fields: readonly string[],
  then: ToolPin,
  now: ToolPin | undefined,
  mask?: ValueMask,
): ChangedTool {
  const kept = then.definition === undefined ? 'hash-only' : then.definition === null ? 'too-large' : 'kept';
  const values = toolValues(fields, then.definition ?? undefined, now?.definition ?? undefined, kept, mask);
  return { name, fields, ...values };
}

/** The fields whose pins differ between two pins of one tool (undefined `now`: it could not be pinned). */
export function changedFields(then: ToolPin, now: ToolPin | undefined): string[] {
  if (now === undefined) return ['(unpinnable)'];
  const names = new Set([...Object.keys(then.fields), ...Object.keys(now.fields)]);
  const differ = [...names].filter(
    (f) => !own(then.fields, f) || !own(now.fields, f) || then.fields[f] !== now.fields[f],
  );
  return differ.sort(byCodeUnits);
}

/**
 * Compares two sets of pins: `current` against the `locked` ones. Both must leave out the same fields
 * (pin `current` with `{ ignore: locked.ignore }`); with different ignore lists every tool reads as changed.
 */
export function comparePins(locked: ToolLock, current: ToolLock): LockDrift {
  const sameIgnore = locked.ignore.join('\u0000') === current.ignore.join('\u0000');
  const added: string[] = [];
  const changed: ChangedTool[] = [];
  for (const name of Object.keys(current.tools).sort(byCodeUnits)) {
    const now = current.tools[name] as ToolPin;
    if (!own(locked.tools, name)) added.push(name);
    else {
      const then = locked.tools[name] as ToolPin;
      if (sameIgnore && then.sha256 === now.sha256) continue;
      const fields = changedFields(then, now);
      changed.push(changedTool(name, fields.length > 0 ? fields : ['(whole object)'], then, now));
    }
  }
  const removed = Object.keys(locked.tools)
    .filter((n) => !own(current.tools, n))
    .sort(byCodeUnits);
  return { added, changed, removed };
}

/**
 * The drift of a listing (tools as a server listed them) from a lock, tool by tool, for the gates that publish
 * only matching tools: a tool without a string name is left out (admission refuses it anyway); one that cannot
 * be pinned is changed; a name listed twice is judged once per listing, and changed if they differ. Each value
 * shown goes through `mask` before it is clipped (a listing can carry a value given to the server).
 */
export function listingDrift(lock: ToolLock, tools: readonly unknown[], mask?: ValueMask): LockDrift {
  const added = new Set<string>();
  const changed = new Map<string, Set<string>>();
  const values = new Map<string, ChangedTool>();
  const seen = new Set<string>();
  for (const tool of tools) {
    const name = ownData(tool, 'name');
    if (typeof name !== 'string') continue;
    seen.add(name);
    if (!own(lock.tools, name)) {
      added.add(name);
      continue;
    }
    const then = lock.tools[name] as ToolPin;
    const now = pinTool(tool, lock.ignore);
    if (now.ok && now.value.sha256 === then.sha256) continue;
    const fields = changedFields(then, now.ok ? now.value : undefined);
    const set = changed.get(name) ?? new Set<string>();
    for (const f of fields.length > 0 ? fields : ['(whole object)']) set.add(f);
    changed.set(name, set);
    // The values of the first changed listing of a name; only a changed tool's definition is kept (its cost).
    if (!values.has(name)) {
      const kept = now.ok ? pinTool(tool, lock.ignore, true) : now;
      values.set(name, changedTool(name, [...set], then, kept.ok ? kept.value : undefined, mask));
    }
  }
  return {
    added: [...added].sort(byCodeUnits),
    changed: [...changed.keys()].sort(byCodeUnits).map((name) => {
      const { changes, more, note } = values.get(name) as ChangedTool;
      const fields = [...(changed.get(name) as Set<string>)].sort(byCodeUnits);
      return { name, fields, changes, more, ...(note === undefined ? {} : { note }) };
    }),
    removed: Object.keys(lock.tools)
      .filter((n) => !seen.has(n))
      .sort(byCodeUnits),
  };
}

/** The names a gate withholds under a lock: the new and the changed tools (a gone tool is not listed). */
export function driftedNames(drift: LockDrift): ReadonlySet<string> {
  return new Set([...drift.added, ...drift.changed.map((c) => c.name)]);
}
