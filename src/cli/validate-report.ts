// Prints what `validate` found: as text (what the model would read, or the schema refusal as a host reports it)
// or, with --format json, as one JSON object for scripts and CI, the way `check --format json` reports. The exit
// status is the same in both formats.
import { formatForModel } from '../errors/format.js';
import { sortViolations } from '../errors/violations.js';
import type { GateError, Violation } from '../result.js';
import { oneLine, printable, shownPlace } from '../util/describe-value.js';
import { cliError } from './hints.js';
import { reportJson } from './report-json.js';

/** What one `validate` run found. */
export type ValidateOutcome =
  | { readonly verdict: 'valid' }
  | { readonly verdict: 'invalid' | 'schema-refused'; readonly error: GateError };

/**
 * The error as reported: a refused schema's hints name the flags to use (`pass --dialect draft-07`); invalid
 * arguments are shown exactly as the model reads them.
 */
function reported(outcome: Exclude<ValidateOutcome, { verdict: 'valid' }>): GateError {
  return outcome.verdict === 'schema-refused' ? cliError(outcome.error) : outcome.error;
}

/** The text output: the model's tool-result text, or the refused schema's mistakes at their schema locations. */
export function validateText(name: string, outcome: ValidateOutcome): string {
  if (outcome.verdict === 'valid') return `ok: arguments are valid for ${name}\n`;
  const error = reported(outcome);
  if (outcome.verdict === 'invalid') return `${formatForModel(name, error)}\n`;
  // The schema's own text (its keys, its values) on one line each, control characters written out, places clipped.
  const line = (text: string): string => printable(oneLine(text));
  return (
    `schema refused (${error.class}): ${line(error.message)}\n` +
    error.violations.map((v) => `  ${line(shownPlace(v.schemaPath || '/'))}: ${line(v.message)}\n`).join('')
  );
}

/** A violation as the JSON report gives it: named fields in a fixed order, nothing else of the object. */
function violationJson(v: Violation): Record<string, string> {
  return { path: v.path, pointer: v.pointer, keyword: v.keyword, message: v.message, schemaPath: v.schemaPath };
}

/**
 * The JSON output: `verdict`, `tool`, and unless valid the error's `class`, `message`, its `violations` (sorted
 * as the model reads them) and, for invalid arguments, `modelText`, the tool result the model would read. A
 * host's thrown text (`cause`) is never part of it.
 */
export function validateJson(name: string, outcome: ValidateOutcome): string {
  if (outcome.verdict === 'valid') return reportJson({ verdict: 'valid', tool: name, violations: [] });
  const error = reported(outcome);
  const body = {
    verdict: outcome.verdict,
    tool: name,
    class: error.class,
    message: error.message,
    violations: sortViolations(error.violations).map(violationJson),
    ...(outcome.verdict === 'invalid' ? { modelText: formatForModel(name, error) } : {}),
  };
  return reportJson(body, 'modelText');
}

/** The JSON output of a run stopped by a usage or input error (exit 2); the message also goes to stderr. */
export function validateUsageJson(message: string): string {
  return reportJson({ verdict: 'error', error: { kind: 'usage', message } });
}
