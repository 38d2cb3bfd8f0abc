import { DEFAULT_LIMITS } from '../util/limits.js';
import { boundedRegExp, underPatternBudget } from '../regex/bound.js';
import { regexHazard } from '../regex/guard.js';
import { readPattern, uModeSource } from '../regex/u-mode.js';
import { isObject } from '../util/plain-json.js';
import type { LintRule, LintWarning } from './warning.js';
import { quote } from '../util/describe-value.js';
import { charge } from './budget.js';

/**
 * Does some `patternProperties` key (ECMA-262, `u` flag or its regex/u-mode.ts spelling, Validation §10.3.2.2)
 * match the name?
 * Undefined means no verdict: a key that does not compile, one the regex guard refuses (it could
 * backtrack exponentially or cubically on a hostile required name), or a quadratic one whose run
 * would pass the default pattern limits. The keys are schema text, so they get the same guard and
 * bound as `patternProperties` at validation time; a lint rule must never be the slow path.
 */
export function matchedByPattern(name: string, patterns: unknown): boolean | undefined {
  if (!isObject(patterns)) return false;
  const tests = matchersOf(patterns);
  if (tests === undefined) return undefined;
  const run = underPatternBudget(DEFAULT_LIMITS, () => {
    try {
      return tests.some((t) => t.test(name));
    } catch {
      return undefined;
    }
  });
  return run.kind === 'done' ? run.value : undefined;
}

/** A pattern key as its bounded matcher. */
type Matcher = { test(s: string): boolean };

// Per `patternProperties` object: its keys as bounded matchers, or null when one does not compile or the guard
// refuses it. Decided once, not once per required name: the guard's analysis takes about a millisecond a pattern,
// and the matchers made for every name took 5 s for 40,000 names and 100 patterns.
const matchers = new WeakMap<object, readonly Matcher[] | null>();

function matchersOf(patterns: object): readonly Matcher[] | undefined {
  const known = matchers.get(patterns);
  if (known !== undefined) return known ?? undefined;
  const sources = Object.keys(patterns);
  let made: readonly Matcher[] | null = null;
  if (sources.every((source) => 'source' in readPattern(source) && regexHazard(source) === undefined))
    try {
      made = sources.map((source) => boundedRegExp(uModeSource(source), 'u'));
    } catch {
      made = null;
    }
  matchers.set(patterns, made);
  return made ?? undefined;
}

/**
 * A property in `required` that `additionalProperties: false` forbids, because neither `properties`
 * nor `patternProperties` of the same schema declares it (Core §10.3.2.3 only counts those two
 * siblings): no object can satisfy the schema, so the tool can never be called.
 */
export const REQUIRED_BUT_CLOSED: LintRule = {
  id: 'required-but-closed',
  check({ node, at, budget }) {
    if (node['additionalProperties'] !== false || !Array.isArray(node['required'])) return [];
    const props = isObject(node['properties']) ? node['properties'] : {};
    const out: LintWarning[] = [];
    // Each name is tried against every pattern: charged one unit a try (about a microsecond), as compiling rules are.
    const patterns = node['patternProperties'];
    if (isObject(patterns)) {
      const tries = node['required'].length * Object.keys(patterns).length;
      const skipped = charge(budget, tries, 'required-but-closed', `${at.pointer}/required`);
      if (skipped !== undefined) return [skipped];
    }
    node['required'].forEach((name, i) => {
      if (typeof name !== 'string' || Object.hasOwn(props, name)) return;
      if (matchedByPattern(name, node['patternProperties']) !== false) return;
      out.push({
        rule: 'required-but-closed',
        message:
          `property ${quote(name)} is required but "additionalProperties": false forbids it (not in ` +
          `"properties"): no arguments can ever be valid`,
        schemaPath: `${at.pointer}/required/${i}`,
      });
    });
    return out;
  },
};
