import { compileSchema, type CompiledSchema } from '../schema/compile.js';
import { estimateCompileCost } from '../schema/compile-cost.js';
import { charge } from './budget.js';
import { definitionsFor } from './branch-definitions.js';
import { canonicalJson } from '../util/canonical-json.js';
import { isObject } from '../util/plain-json.js';
import type { Limits } from '../util/limits.js';
import type { LintContext, LintRule, LintWarning } from './warning.js';
import { quote } from '../util/describe-value.js';

/** Branch pairs examined per `oneOf`; beyond this the rule stays silent rather than slow. */
const MAX_BRANCHES = 16;
const ALL_DIALECTS = ['2020-12', '2019-09', 'draft-07'] as const;

/** A plain sample of what a schema asks for: const, first enum value, or the simplest value of its type. */
function sample(schema: unknown, outer: Record<string, unknown> | undefined, depth: number): unknown {
  if (!isObject(schema)) return {};
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  const t = Array.isArray(schema['type']) ? schema['type'][0] : schema['type'];
  switch (t) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return [];
    default:
      return depth > 3 ? {} : minimalObject(schema, outer, depth + 1);
  }
}

/** The smallest object a branch asks for: only its required properties, each with a sample value. */
function minimalObject(
  branch: Record<string, unknown>,
  outer: Record<string, unknown> | undefined,
  depth: number,
): Record<string, unknown> {
  const own = isObject(branch['properties']) ? branch['properties'] : {};
  const shared = outer !== undefined && isObject(outer['properties']) ? outer['properties'] : {};
  const out: Record<string, unknown> = {};
  const required = Array.isArray(branch['required']) ? branch['required'] : [];
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const sub = Object.hasOwn(own, name) ? own[name] : Object.hasOwn(shared, name) ? shared[name] : undefined;
    out[name] = sample(sub, undefined, depth);
  }
  return out;
}

/**
 * One branch as a document of its own, with the root's definitions it reaches (branch-definitions.ts)
 * so local `$ref`s still resolve: copying every definition into every branch made the work grow as
 * branches x definitions.
 */
function wrapBranch(branch: unknown, root: unknown): Record<string, unknown> {
  const wrapper: Record<string, unknown> = { allOf: [branch] };
  if (isObject(root) && '$schema' in root) wrapper['$schema'] = root['$schema'];
  return { ...wrapper, ...definitionsFor(branch, root) };
}

function compileBranch(wrapper: unknown, limits: Limits): CompiledSchema | undefined {
  const compiled = compileSchema(wrapper, { dialects: ALL_DIALECTS, limits }, { toolRoot: false });
  return compiled.ok ? compiled.value : undefined;
}

/**
 * `oneOf` branches that both accept the same value (Core §10.2.1.3: such a value is rejected). The
 * check is conservative: it only speaks when it holds a witness, the smallest value one branch asks
 * for, that the other branch accepts too. Mutually exclusive `required` sets are not reported.
 */
export const ONEOF_OVERLAP: LintRule = {
  id: 'oneof-overlap',
  check({ node, at, root, budget }: LintContext) {
    const branches = node['oneOf'];
    if (!Array.isArray(branches) || branches.length < 2 || branches.length > MAX_BRANCHES) return [];
    const wrappers = branches.map((b) => wrapBranch(b, root));
    // Charged by estimate before anything compiles, cached or not, so the verdict never depends on earlier calls.
    const cost = wrappers.reduce((sum, w) => sum + estimateCompileCost(w).total, 0);
    const skipped = charge(budget, cost, 'oneof-overlap', `${at.pointer}/oneOf`);
    if (skipped !== undefined) return [skipped];
    const compiled = wrappers.map((w) => compileBranch(w, budget.limits));
    const keys = branches.map((b) => canonicalJson(b));
    const out: LintWarning[] = [];
    for (let i = 0; i < branches.length; i++) {
      for (let j = i + 1; j < branches.length; j++) {
        const a = compiled[i];
        const b = compiled[j];
        if (a === undefined || b === undefined || keys[i] === keys[j]) continue; // duplicates: duplicate-branch
        const witnesses = [sample(branches[i], node, 0), sample(branches[j], node, 0)];
        const both = witnesses.find((w) => a.validate(w).ok && b.validate(w).ok);
        if (both === undefined) continue;
        out.push({
          rule: 'oneof-overlap',
          message: `"oneOf" branches ${i} and ${j} both accept ${quote(both)}, so "oneOf" rejects it`,
          schemaPath: `${at.pointer}/oneOf/${j}`,
        });
      }
    }
    return out;
  },
};
