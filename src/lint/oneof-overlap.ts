import { compileSchema, type CompiledSchema } from '../schema/compile.js';
import { estimateCompileCost } from '../schema/compile-cost.js';
import { charge, skippedWarning, spend } from './budget.js';
import { definitionsFor } from './branch-definitions.js';
import { holderRest, witnessFor } from './overlap-witness.js';
import { canonicalJson } from '../util/canonical-json.js';
import { isObject } from '../util/plain-json.js';
import type { Limits } from '../util/limits.js';
import type { LintContext, LintRule, LintWarning } from './warning.js';
import { quote } from '../util/describe-value.js';

const RULE = 'oneof-overlap';
/** Branches compared per `oneOf`; past this the rule is skipped, with a lint-skipped warning that says so. */
const MAX_BRANCHES = 16;
const ALL_DIALECTS = ['2020-12', '2019-09', 'draft-07'] as const;
/**
 * Units a character of the documents costs to estimate: the estimate reads their text, as compile-cost.ts charges
 * a character. A hunt's find: 499 `oneOf`s reaching one 612 KB definition were each estimated after the budget had
 * refused the first (1.2 s of lint uncharged); now what an estimate reads is paid for, and one that cannot be is
 * not made.
 */
const LOOK = 0.4;

/** Compact JSON text length of each schema object seen, so a definition many branches reach is measured once. */
const sizes = new WeakMap<object, number>();
function textSize(value: unknown): number {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value)?.length ?? 0;
  const known = sizes.get(value);
  if (known !== undefined) return known;
  const size = JSON.stringify(value)?.length ?? 0;
  sizes.set(value, size);
  return size;
}

/**
 * One branch (or the holder's rest) as a document of its own, with the root's `$id` and `$schema` and the root's
 * definitions it reaches (branch-definitions.ts), so its `$ref`s still resolve: copying every definition into
 * every branch made the work grow as branches x definitions. `chars` is about its text's length.
 */
function wrap(branch: unknown, root: unknown): { doc: Record<string, unknown>; chars: number } {
  const doc: Record<string, unknown> = { allOf: [branch] };
  if (isObject(root) && typeof root['$id'] === 'string') doc['$id'] = root['$id'];
  if (isObject(root) && '$schema' in root) doc['$schema'] = root['$schema'];
  const defs = definitionsFor(branch, root);
  let chars = textSize(branch);
  for (const held of Object.values(defs))
    for (const [name, def] of Object.entries(held)) chars += name.length + textSize(def);
  return { doc: { ...doc, ...defs }, chars };
}

function compileDoc(doc: unknown, limits: Limits): CompiledSchema | undefined {
  const compiled = compileSchema(doc, { dialects: ALL_DIALECTS, limits }, { toolRoot: false });
  return compiled.ok ? compiled.value : undefined;
}

/** Branches and the holder's rest compiled, each charged by estimate first; or the warnings that say why not. */
function compiledOrSkipped(
  { node, at, root, budget }: LintContext,
  docs: readonly unknown[],
): { docs?: (CompiledSchema | undefined)[]; skipped?: LintWarning | undefined } {
  const where = `${at.pointer}/oneOf`;
  const wrapped = docs.map((d) => wrap(d, root));
  const look = Math.ceil(LOOK * wrapped.reduce((sum, w) => sum + w.chars, 0));
  if (budget.spent + look > budget.limits.maxCompileCost) return { skipped: charge(budget, look, RULE, where) };
  // Charged by estimate before anything compiles, cached or not, so the verdict never depends on earlier calls.
  const cost = wrapped.reduce((sum, w) => sum + estimateCompileCost(w.doc).total, 0);
  const skipped = charge(budget, cost, RULE, where);
  if (skipped !== undefined) {
    spend(budget, look);
    return { skipped };
  }
  const compiled = wrapped.map((w) => compileDoc(w.doc, budget.limits));
  if (compiled.length > (node['oneOf'] as unknown[]).length && compiled.at(-1) === undefined)
    return { skipped: skippedWarning(RULE, where, 'the keywords beside "oneOf" do not compile on their own') };
  return { docs: compiled };
}

/**
 * `oneOf` branches that both accept the same value (Core §10.2.1.3: such a value is rejected). The
 * check is conservative: it only speaks when it holds a witness, the smallest value one branch asks
 * for, that the other branch and the holder's other keywords accept too. Mutually exclusive
 * `required` sets are not reported. What it cannot check (too many branches, past its budget, a
 * branch that does not compile on its own) is a lint-skipped warning, never silence.
 */
export const ONEOF_OVERLAP: LintRule = {
  id: RULE,
  check(ctx: LintContext) {
    const { node, at } = ctx;
    const branches = node['oneOf'];
    if (!Array.isArray(branches) || branches.length < 2) return [];
    if (branches.length > MAX_BRANCHES) {
      const why = `it compares at most ${MAX_BRANCHES} branches, and this "oneOf" has ${branches.length}`;
      return [skippedWarning(RULE, `${at.pointer}/oneOf`, why)];
    }
    const rest = holderRest(node);
    const { docs, skipped } = compiledOrSkipped(ctx, rest === undefined ? branches : [...branches, rest]);
    if (docs === undefined) return skipped === undefined ? [] : [skipped];
    const holder = rest === undefined ? undefined : docs[branches.length];
    const keys = branches.map((b) => canonicalJson(b));
    const out: LintWarning[] = [];
    branches.forEach((_, i) => {
      if (docs[i] === undefined)
        out.push(skippedWarning(RULE, `${at.pointer}/oneOf/${i}`, 'the branch does not compile on its own'));
    });
    for (let i = 0; i < branches.length; i++) {
      for (let j = i + 1; j < branches.length; j++) {
        const a = docs[i];
        const b = docs[j];
        if (a === undefined || b === undefined || keys[i] === keys[j]) continue; // duplicates: duplicate-branch
        const witnesses = [witnessFor(branches[i], node), witnessFor(branches[j], node)];
        const both = witnesses.find(
          (w) => a.validate(w).ok && b.validate(w).ok && (holder === undefined || holder.validate(w).ok),
        );
        if (both === undefined) continue;
        out.push({
          rule: RULE,
          message: `"oneOf" branches ${i} and ${j} both accept ${quote(both)}, so "oneOf" rejects it`,
          schemaPath: `${at.pointer}/oneOf/${j}`,
        });
      }
    }
    return out;
  },
};
