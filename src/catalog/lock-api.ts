// The lock's drift and text functions as the package exports them: no input makes them throw (docs/api.md). A
// value that is not a lock, a listing or a drift report is read on the side of drift, never of none: the gates
// toolgate builds check their locks before (lockOf), and a host's own gate reading `hasDrift` stays closed.
import { thrownMessage } from '../result.js';
import { clip } from '../util/describe-value.js';
import * as diff from './lock-diff.js';
import { lockOf, lockText as textOf } from './lock-file.js';
import { createMasker } from '../exec/mask-secrets.js';
import { type OptionTable, readTable } from '../util/option-table.js';
import { STRING_LIST, type ToolLock } from './lock-pins.js';

/** listingDrift's options, read through one table (a misspelt `withhold` would show the values it names). */
const DRIFT_OPTIONS_TABLE: OptionTable<{ withhold?: readonly string[] }> = { withhold: STRING_LIST };

/** A drift report that says only why the input could not be compared. */
function unreadable(why: string): diff.LockDrift {
  const note = clip(why, 200);
  return { added: [], changed: [{ name: '', fields: ['(unreadable)'], changes: [], more: 0, note }], removed: [] };
}

/** The value checked as a lock, or why it is not one. */
function checked(value: unknown, what: string): ToolLock | string {
  const lock = lockOf(value);
  return lock.ok ? lock.value : `${what} is not a lock: ${lock.error.message}`;
}

/** Whether a drift report holds anything; a value that is not one reads as drift. */
export function hasDrift(drift: diff.LockDrift): boolean {
  try {
    return diff.hasDrift(drift) !== false;
  } catch {
    return true;
  }
}

/**
 * Compares two sets of pins: `current` against the `locked` ones. Both must leave out the same fields (pin
 * `current` with `{ ignore: locked.ignore }`); with different ignore lists every tool reads as changed. Either not
 * a lock: a report of one unreadable entry saying why.
 */
export function comparePins(locked: ToolLock, current: ToolLock): diff.LockDrift {
  try {
    const then = checked(locked, 'the locked pins');
    const now = checked(current, 'the current pins');
    if (typeof then === 'string') return unreadable(then);
    if (typeof now === 'string') return unreadable(now);
    return diff.comparePins(then, now);
  } catch (thrown) {
    return unreadable(`the pins could not be compared: ${thrownMessage(thrown)}`);
  }
}

/**
 * The drift of a listing (tools as a server listed them) from a lock, tool by tool; `withhold` (values given to
 * the server, as pinTools takes them): masked in every value shown. A lock that is not one, tools that are not an
 * array, or `withhold` not an array of strings: a report of one unreadable entry saying why.
 */
export function listingDrift(
  lock: ToolLock,
  tools: readonly unknown[],
  options: { readonly withhold?: readonly string[] } = {},
): diff.LockDrift {
  try {
    const pins = checked(lock, 'the lock');
    if (typeof pins === 'string') return unreadable(pins);
    if (!Array.isArray(tools)) return unreadable('the tools are not an array');
    const read = readTable(options, DRIFT_OPTIONS_TABLE);
    if (read.problems.length > 0) return unreadable(`invalid listingDrift options: ${read.problems.join('; ')}`);
    const withhold = (read.values['withhold'] ?? []) as string[];
    return diff.listingDrift(pins, [...tools], createMasker(withhold, undefined, 'whole-values').text);
  } catch (thrown) {
    return unreadable(`the listing could not be compared: ${thrownMessage(thrown)}`);
  }
}

/** The lock file's text: keys sorted at every level, one newline; the empty string for a value that is not a lock. */
export function lockText(lock: ToolLock): string {
  try {
    const checkedLock = lockOf(lock);
    return checkedLock.ok ? textOf(checkedLock.value) : '';
  } catch {
    return '';
  }
}
