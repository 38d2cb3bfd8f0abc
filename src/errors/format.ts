import type { GateError, Violation } from '../result.js';
import { ownData } from '../util/own-field.js';
import { describeValue } from '../util/describe-value.js';
import { sortViolations } from './violations.js';

/** How formatForModel renders; every field optional. */
export interface FormatOptions {
  /** Most violation lines shown; the rest are summed up as "… and N more". Default 20. */
  readonly maxLines?: number;
}

/** Default number of violation lines a model reads before the rest are summed up. */
export const DEFAULT_MAX_LINES = 20;

/** A line must stay one line: a newline inside a message would let it pose as another violation. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
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

/** The violations of a caller's error, read as plain data; entries that are not objects are left out. */
function violationsOf(error: unknown): Violation[] {
  const list = ownData(error, 'violations');
  if (!Array.isArray(list)) return [];
  const out: Violation[] = [];
  for (let i = 0; i < list.length; i++) {
    const v: unknown = ownData(list, String(i));
    if (v === null || typeof v !== 'object') continue;
    out.push({
      path: textField(v, 'path', '$'),
      pointer: '',
      keyword: textField(v, 'keyword', ''),
      message: textField(v, 'message', 'invalid value'),
      schemaPath: '',
    });
  }
  return out;
}

/**
 * The tool-result text a model reads for a failed call: a header naming the tool, then one
 * `path: message` line per violation (sorted by path then message, de-duplicated), at most
 * `maxLines` of them, then "… and N more". Never throws, whatever it is given (a null error, null
 * violations, getters and Proxies are read as plain data only, see own-field.ts); output depends
 * only on its input.
 */
export function formatForModel(toolName: string, error: GateError, options: FormatOptions = {}): string {
  // A name that is not a string is described by its type: stringifying it would run its getters or toJSON.
  const name = oneLine(typeof toolName === 'string' ? toolName : describeValue(toolName));
  try {
    const errorClass = ownData(error, 'class');
    const lead =
      typeof errorClass === 'string' && Object.hasOwn(LEAD, errorClass)
        ? LEAD[errorClass as GateError['class']]
        : 'invalid arguments for';
    const message = oneLine(textField(error, 'message', 'no reason given'));
    const violations = sortViolations(violationsOf(error));
    // A text that is not JSON has no per-property violations; its message says where it broke.
    const onlyJson = violations.every((v) => v.keyword === 'json');
    if (violations.length === 0 || onlyJson) return `error: ${lead} ${name}: ${message}`;
    const maxLines = ownData(options, 'maxLines');
    const max = typeof maxLines === 'number' && maxLines >= 0 ? Math.floor(maxLines) : DEFAULT_MAX_LINES;
    const lines = violations.slice(0, max).map((v) => `${oneLine(v.path)}: ${oneLine(v.message)}`);
    if (violations.length > max) lines.push(`… and ${violations.length - max} more`);
    return [`error: ${lead} ${name}:`, ...lines].join('\n');
  } catch {
    // Only a hostile array (a Proxy whose length trap throws) gets here; the model still reads a line.
    return `error: could not check arguments for ${name}`;
  }
}
