// The JSON text `check --format json` and `validate --format json` print. Its strings are mostly the catalog's own
// (a tool's name, a key in a location), and a hostile catalog's name may be megabytes long: every string is cut at
// MAX_REPORT_STRING characters, as the text report clips what it echoes, and every character that would act on a
// terminal is escaped (escapedJson). A script reads the same fields; no real name or location comes near the cut.
import { cutWhole } from '../util/describe-value.js';
import { escapedJson } from '../util/hidden-text.js';

/** Most characters of any one string in a JSON report; a longer one ends in `…` at this length. */
export const MAX_REPORT_STRING = 4096;

/** A string cut at MAX_REPORT_STRING characters, `…` last where it was cut. */
function clipped(value: string): string {
  return value.length > MAX_REPORT_STRING ? `${cutWhole(value, MAX_REPORT_STRING - 1)}…` : value;
}

/**
 * A report as printed: indented JSON with every string clipped and escaped, one newline after it. `whole` names
 * one top-level field of toolgate's own text kept as it is (`modelText`: its foreign parts are clipped already).
 */
export function reportJson(report: object, whole?: string): string {
  const replacer = function (this: unknown, key: string, value: unknown): unknown {
    if (typeof value !== 'string' || (this === report && key === whole)) return value;
    return clipped(value);
  };
  return `${escapedJson(JSON.stringify(report, replacer, 2))}\n`;
}
