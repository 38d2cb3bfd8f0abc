// What the model reads of an invalid call names the schema's values (a `const`, an `enum`, a `pattern`, a required
// property's name), each quoted and clipped (errors/messages.ts). The proxy masks every secret it was given in what
// its client reads, but whole values only (client-masker.ts: a mask of a clipped beginning would answer a client's
// guesses), so a value clipped inside a secret showed the secret's beginning (a hunt's find: 77 characters of a
// 100-character token a server had put in a `const`, 44 of a 50-character one inside an `enum` URL). A tool whose
// listed inputSchema holds a secret has its violations shown without the schema's values: each that could quote one
// says what kind of rule failed, and the text ends by saying why.
import { formatForModel } from '../errors/format.js';
import type { Masker } from '../exec/mask-secrets.js';
import type { GateError, Violation, ViolationCode } from '../result.js';
import { clientMasker } from './client-masker.js';

/**
 * Violations whose messages quote no text of the schema, each group for its reason; every other code, one added
 * later too, is shown by kind alone.
 */
const QUOTES_NO_SCHEMA_TEXT: ReadonlySet<ViolationCode> = new Set<ViolationCode>([
  // A number of the schema (a bound, a count, a divisor): short, never clipped, so a secret in it is masked whole.
  'below_minimum',
  'above_maximum',
  'not_multiple_of',
  'string_too_short',
  'string_too_long',
  'too_few_items',
  'too_many_items',
  'too_few_properties',
  'too_many_properties',
  'contains_count',
  'limit_exceeded',
  // A JSON type's name, which admission allows no other text for.
  'type_mismatch',
  // The client's own arguments, or nothing of the schema at all.
  'unexpected_property',
  'unexpected_items',
  'duplicate_items',
  'false_schema',
  'invalid_json',
  'not_json_value',
]);

/** What a violation shown by kind says, by code; any other code says FAILS_A_RULE. */
const BY_KIND: Readonly<Partial<Record<ViolationCode, string>>> = {
  const_mismatch: 'not the value the schema requires',
  not_in_enum: 'not one of the values the schema allows',
  pattern_mismatch: 'does not match the pattern the schema requires',
  format_mismatch: 'not in the format the schema requires',
  content_mismatch: 'not the content the schema requires',
  required_missing: 'a property the schema requires is missing',
  dependent_required_missing: 'a property another property requires is missing',
  invalid_property_name: 'a property name the schema does not allow',
  no_branch_matched: 'matches none of the schemas it may match',
  several_branches_matched: 'matches more than one of the schemas it must match one of',
  if_branch_failed: 'fails the schema its "if" chose',
  matches_not: 'matches a schema it must not match',
};
const FAILS_A_RULE = 'fails a rule of the schema';
/** The message of an error without violations, in their place. */
const REASON_NOT_SHOWN = 'the reason is not shown';

/** The last line of a text whose violations were shown by kind. */
export const RULES_NOT_SHOWN =
  "(the tool's schema holds a value the proxy keeps secret: its rules are shown by kind, without their values)";

// Whether a listed tool's inputSchema holds a secret, found once per listed tool.
const holding = new WeakMap<object, boolean>();

/** Whether the inputSchema of `listed` (a tool as the upstream listed it) holds any form of a secret. */
function holdsSecret(listed: object, masker: Masker): boolean {
  let holds = holding.get(listed);
  if (holds === undefined) {
    const text = JSON.stringify((listed as { inputSchema?: unknown }).inputSchema ?? null);
    holds = masker.json(text) !== text;
    holding.set(listed, holds);
  }
  return holds;
}

/** `v` with a message that quotes nothing of the schema. */
function byKind(v: Violation): Violation {
  return QUOTES_NO_SCHEMA_TEXT.has(v.code) ? v : { ...v, message: BY_KIND[v.code] ?? FAILS_A_RULE };
}

/**
 * The text of an invalid call of the tool `listed`: `text` (the call gate's) unless the tool's inputSchema holds one
 * of `secrets`, then `error`'s violations shown by kind where they could quote the schema.
 */
export function secretSafeText(
  text: string,
  listed: object | undefined,
  error: GateError | undefined,
  calledAs: string,
  secrets: readonly string[],
): string {
  if (error === undefined || secrets.length === 0) return text;
  // A secret is what the masking of what the client reads would mask.
  const masker = clientMasker(secrets);
  if (masker.empty || (listed !== undefined && !holdsSecret(listed, masker))) return text;
  const { violations } = error;
  if (violations.length > 0 && violations.every((v) => QUOTES_NO_SCHEMA_TEXT.has(v.code))) return text;
  // Without violations the text is the error's message, which may quote the schema too (a first call's compile
  // refused as admission would have: a deferred tool, src/schema/deferral.ts).
  const shown = formatForModel(
    calledAs,
    violations.length === 0
      ? { ...error, message: REASON_NOT_SHOWN }
      : { ...error, violations: violations.map(byKind) },
  );
  return `${shown}\n${RULES_NOT_SHOWN}`;
}
