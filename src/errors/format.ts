import type { GateError } from '../result.js';
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

/**
 * The tool-result text a model reads for a failed call: a header naming the tool, then one
 * `path: message` line per violation (sorted by path then message, de-duplicated), at most
 * `maxLines` of them, then "… and N more". Never throws; output depends only on its input.
 */
export function formatForModel(toolName: string, error: GateError, options: FormatOptions = {}): string {
  const name = oneLine(String(toolName));
  const lead = LEAD[error.class] ?? 'invalid arguments for';
  const violations = sortViolations(Array.isArray(error.violations) ? error.violations : []);
  // A text that is not JSON has no per-property violations; its message says where it broke.
  const onlyJson = violations.every((v) => v.keyword === 'json');
  if (violations.length === 0 || onlyJson) return `error: ${lead} ${name}: ${oneLine(String(error.message))}`;
  const max = typeof options.maxLines === 'number' && options.maxLines >= 0 ? Math.floor(options.maxLines) : DEFAULT_MAX_LINES;
  const lines = violations.slice(0, max).map((v) => `${oneLine(v.path)}: ${oneLine(v.message)}`);
  if (violations.length > max) lines.push(`… and ${violations.length - max} more`);
  return [`error: ${lead} ${name}:`, ...lines].join('\n');
}
