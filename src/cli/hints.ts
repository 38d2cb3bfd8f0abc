// The library's messages name its options (`dialects: [...]`, `schemaRegistry`); on the command line the same
// hint must name the flag a user types. Every message the CLI prints goes through cliHints; the tests produce each
// library message below from the library itself, so a reworded message fails a test instead of slipping through.
import type { GateError, Violation } from '../result.js';

/** Each library phrase and its command-line wording. */
const REWRITES: readonly (readonly [RegExp, string])[] = [
  // front-ends.ts: "pass the option dialects: ['2020-12', 'draft-07']"
  [/pass the option dialects: \['2020-12', '([\w-]+)'\]/g, 'pass --dialect $1'],
  // pipeline.ts (every dialect): an unresolved external $ref
  [
    /\(not in schemaRegistry, schemaLoader found nothing; nothing is fetched\)/g,
    '(not in --registry; nothing is fetched)',
  ],
  // pipeline.ts: a custom meta-schema that is not available
  [/no meta-schema with that URI in schemaRegistry or schemaLoader/g, 'no meta-schema with that URI in --registry'],
  // tally.ts: the documents limit
  [/documents from schemaRegistry\/schemaLoader/g, 'documents from --registry'],
];

/** A message as the command line says it. */
export function cliHints(message: string): string {
  let out = message;
  for (const [pattern, replacement] of REWRITES) out = out.replace(pattern, replacement);
  return out;
}

/** A violation whose message names flags. */
export function cliViolation(v: Violation): Violation {
  return { ...v, message: cliHints(v.message) };
}

/** An error whose message and violations name flags. */
export function cliError(e: GateError): GateError {
  return { ...e, message: cliHints(e.message), violations: e.violations.map(cliViolation) };
}
