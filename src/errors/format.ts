import type { GateError, Violation } from '../result.js';
import { ownData } from '../util/own-field.js';
import { clip, describeValue, oneLine } from '../util/describe-value.js';
import { inViolationOrder, sortViolations } from './violations.js';
import { MAX_COLLECTED_ERRORS } from '../util/limits.js';
import { readTable, rule, type OptionRule, type OptionTable } from '../util/option-table.js';

/** How formatForModel renders; every field optional. */
export interface FormatOptions {
  /** Most violation lines shown (a whole number from 0, or Infinity); the rest read "… and N more". Default 20. */
  readonly maxLines?: number;
}

/** A count of violation lines: formatForModel's `maxLines`, the Registry's `maxViolationLines`. */
export const LINE_COUNT: OptionRule = rule(
  'a whole number from 0, or Infinity',
  (v) => v === Infinity || (Number.isSafeInteger(v) && (v as number) >= 0),
);

/** Every option formatForModel reads. */
const FORMAT_TABLE: OptionTable<FormatOptions> = { maxLines: LINE_COUNT };

/** Default number of violation lines a model reads before the rest are summed up. */
export const DEFAULT_MAX_LINES = 20;

/**
 * Whether the text holds a carriage return or a Unicode line or paragraph separator. Three native
 * searches: each is a quick scan, and V8 answers a search for a character the string cannot hold
 * (U+2028 in a one-byte string) at once, which a regular expression does not.
 */
function hasOtherBreak(text: string): boolean {
  return text.indexOf('\r') !== -1 || text.indexOf('\u2028') !== -1 || text.indexOf('\u2029') !== -1;
}

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

// A model reads every character: a tool name or a path built from property names is foreign text and
// is cut (a 100,000-character key must not come back whole), and so is any one line.
const MAX_NAME = 200;
const MAX_LINE = 1000;

/** One violation line, its path and message each cut. */
function lineOf(v: Shown): string {
  return `${clip(v.path, MAX_NAME)}: ${clip(v.message, MAX_LINE)}`;
}

/** A line must stay one line: a newline inside a message would let it pose as another violation. */
function singleLine(text: string): string {
  return text.indexOf('\n') !== -1 || hasOtherBreak(text) ? oneLine(text) : text;
}

const LEAD: Record<GateError['class'], string> = {
  validation: 'invalid arguments for',
  unsupported_capability: 'cannot check arguments for',
  execution_failure: 'could not check arguments for',
};

/** A caller field as text: a string as is, anything else (absent, an accessor, an object) as a fallback. */
function textField(source: unknown, key: string, fallback: string): string {
  const value = ownData(source, key);
  return typeof value === 'string' ? value : fallback;
}

/** What the model's text shows of a violation. */
type Shown = Pick<Violation, 'path' | 'keyword' | 'message'>;

/** Most entries of an error's violations read (a host's error may claim more). */
const MAX_READ_VIOLATIONS = 100_000;

/** The violations of a caller's error, read as plain data; entries that are not objects are left out. */
function violationsOf(error: unknown): Shown[] {
  const list = ownData(error, 'violations');
  if (!Array.isArray(list)) return [];
  const out: Shown[] = [];
  // A host's array may claim any length (a sparse one of 2^32 - 1 held the loop for minutes): toolgate's own
  // lists are far shorter, and the model reads a few lines of them anyway.
  const n = Math.min(list.length, MAX_READ_VIOLATIONS);
  for (let i = 0; i < n; i++) {
    const v: unknown = ownData(list, String(i));
    if (v === null || typeof v !== 'object') continue;
    out.push({
      path: textField(v, 'path', '$'),
      keyword: textField(v, 'keyword', ''),
      message: textField(v, 'message', 'invalid value'),
    });
  }
  return out;
}

/**
 * The tool-result text a model reads for a failed call: a header naming the tool, then one
 * `path: message` line per violation (sorted by path then message, de-duplicated), at most
 * `maxLines` of them, then "… and N more". Options are read against FORMAT_TABLE: a misspelt or mistyped one gives
 * the header and the refusal in place of the violations. Never throws, whatever it is given (a null error, null
 * violations, getters and Proxies are read as plain data only, see own-field.ts); output depends
 * only on its input.
 */
export function formatForModel(toolName: string, error: GateError, options: FormatOptions = {}): string {
  // A name that is not a string is described by its type: stringifying it would run its getters or toJSON.
  const name = typeof toolName === 'string' ? toolName : describeValue(toolName);
  try {
    // A text cannot carry a failure, and a bad option must be neither ignored nor replaced by the default
    // (docs/api.md, Options): the host reads the refusal in the text itself, the first time it looks (a hunt's find:
    // `{ maxLinez: 3 }` was ignored, `-1` and "x" read as 20, 2.5 as 2).
    const read = readTable(options, FORMAT_TABLE);
    if (read.problems.length > 0) {
      const refusal = `the violations are not shown: invalid formatForModel options: ${read.problems.join('; ')}`;
      return render(name, ownData(error, 'class'), refusal, [], { maxLines: undefined });
    }
    const violations = violationsOf(error);
    return render(name, ownData(error, 'class'), textField(error, 'message', 'no reason given'), violations, {
      maxLines: read.values['maxLines'],
    });
  } catch {
    // Only a hostile array (a Proxy whose length trap throws) gets here; the model still reads a line.
    return `error: could not check arguments for ${singleLine(clip(name, MAX_NAME))}`;
  }
}

/**
 * formatForModel for an error toolgate has just built and no caller has seen yet (the registry's
 * own validation failure): plain data, so its fields are read directly rather than as a caller's
 * object. The same text as formatForModel gives for it.
 */
export function formatOwnError(toolName: string, error: GateError, maxLines?: number): string {
  return render(toolName, error.class, error.message, error.violations, { maxLines });
}

function render(
  name: string,
  errorClass: unknown,
  message: string,
  given: readonly Shown[],
  options: { readonly maxLines: unknown },
): string {
  const lead =
    typeof errorClass === 'string' && Object.hasOwn(LEAD, errorClass)
      ? LEAD[errorClass as GateError['class']]
      : 'invalid arguments for';
  const shownName = singleLine(clip(name, MAX_NAME));
  // One pass and no copy when the list is already in order, as toolgate's own lists are.
  const violations = inViolationOrder(given) ? given : sortViolations(given);
  // A text that is not JSON has no per-property violations; its message says where it broke.
  if (violations.every((v) => v.keyword === 'json'))
    return `error: ${lead} ${shownName}: ${singleLine(clip(message, MAX_LINE))}`;
  const { maxLines } = options;
  const max = typeof maxLines === 'number' && maxLines >= 0 ? Math.floor(maxLines) : DEFAULT_MAX_LINES;
  const shown = Math.min(max, violations.length);
  let body = '';
  for (let i = 0; i < shown; i++) body += `\n${lineOf(violations[i]!)}`;
  // One look at all the lines together: a break other than the one '\n' put before each line means
  // some part holds one, and only then is each line made one line by itself.
  if (hasOtherBreak(body) || newlines(body) !== shown) {
    body = '';
    for (let i = 0; i < shown; i++) body += `\n${singleLine(lineOf(violations[i]!))}`;
  }
  // A validation records at most MAX_COLLECTED_ERRORS: a list that long may be cut, so its rest is a floor (a hunt's
  // find: 150 unexpected properties read "… and 80 more").
  const floor = violations.length >= MAX_COLLECTED_ERRORS ? 'at least ' : '';
  if (violations.length > max) body += `\n… and ${floor}${violations.length - max} more`;
  return `error: ${lead} ${shownName}:${body}`;
}
