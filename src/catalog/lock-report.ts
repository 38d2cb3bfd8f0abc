// How `check --lock` and `lock` show drift from a lock: one line per new, changed (with the fields that differ)
// or gone tool, each with the word "drift" so a CI log can be searched for it; in --format json, a `drift` flag
// and the lists under `lock`. Names from the server are cut and kept on one line (the JSON has them whole).
import type { ChangedTool, LockDrift } from './lock-diff.js';
import { hasDrift } from './lock-diff.js';
import { clip, oneLine } from '../util/describe-value.js';

const shortLine = (text: string): string => oneLine(clip(text, 80));
const paint = (colour: boolean, code: number, text: string): string =>
  colour ? `\u001b[${code}m${text}\u001b[0m` : text;

/**
 * A changed tool's values, one line each: `field: old -> new`, or `field /pointer: old -> new` inside it
 * (`(absent)` for a side without the value), then how many more, then the note saying why values are missing.
 */
export function changeLines(c: ChangedTool): string[] {
  const lines = c.changes.map(
    (v) =>
      `${shortLine(v.field)}${v.pointer === '' ? '' : ` ${shortLine(v.pointer)}`}: ` +
      `${v.old ?? '(absent)'} -> ${v.new ?? '(absent)'}`,
  );
  if (c.more > 0) lines.push(`(${c.more} more change${c.more === 1 ? '' : 's'} not shown)`);
  if (c.note !== undefined) lines.push(`(${c.note})`);
  return lines;
}

/** The text report of drift from the lock in `file`; `pinned` is how many tools the lock pins. */
export function driftText(file: string, drift: LockDrift, pinned: number, colour: boolean): string {
  const counts = `${drift.added.length} new, ${drift.changed.length} changed, ${drift.removed.length} gone`;
  if (!hasDrift(drift)) return `lock ${file}: every listed tool matches its pin (${pinned} pinned)\n`;
  const label = (kind: string): string => paint(colour, 31, `drift ${kind.padEnd(7)}`);
  const lines = [`lock ${file}: ${paint(colour, 31, 'drift')} (${counts})`];
  for (const name of drift.added) lines.push(`  ${label('new')} ${shortLine(name)}`);
  for (const c of drift.changed) {
    lines.push(`  ${label('changed')} ${shortLine(c.name)}: ${c.fields.map(shortLine).join(', ')}`);
    for (const line of changeLines(c)) lines.push(`      ${line}`);
  }
  for (const n of drift.removed) lines.push(`  ${label('gone')} ${shortLine(n)}`);
  return `${lines.join('\n')}\n`;
}

/** The JSON report's part: `drift` (any at all) and `lock` with the file and the three lists. */
export function driftJson(file: string, drift: LockDrift): Record<string, unknown> {
  return {
    drift: hasDrift(drift),
    lock: {
      file,
      new: drift.added,
      changed: drift.changed.map((c) => ({
        name: c.name,
        fields: c.fields,
        changes: c.changes,
        ...(c.more > 0 ? { more: c.more } : {}),
        ...(c.note === undefined ? {} : { note: c.note }),
      })),
      gone: drift.removed,
    },
  };
}

/** Each drifted tool and why, for the proxy: what was withheld (a gone tool is only named). */
export function driftWithheld(drift: LockDrift): { name: string; reason: string }[] {
  return [
    ...drift.added.map((n) => ({ name: shortLine(n), reason: 'drift (new): not pinned in the lock' })),
    ...drift.changed.map((c) => ({
      name: shortLine(c.name),
      reason: `drift (changed: ${c.fields.map(shortLine).join(', ')})`,
    })),
    ...drift.removed.map((n) => ({ name: shortLine(n), reason: 'drift (gone): pinned in the lock, no longer listed' })),
  ];
}

/**
 * One stderr line per drifted tool, for the proxy: what was withheld and why (a gone tool is only named), each
 * changed tool followed by its values, indented.
 */
export function driftLines(drift: LockDrift): string[] {
  const [added, changed, removed] = [drift.added.length, drift.changed.length, drift.removed.length];
  const withheld = driftWithheld(drift).map((w) => `${w.name}: ${w.reason}`);
  return [
    ...withheld.slice(0, added),
    ...drift.changed.flatMap((c, i) => [withheld[added + i] as string, ...changeLines(c).map((l) => `  ${l}`)]),
    ...withheld.slice(added + changed, added + changed + removed),
  ];
}
