import { canonicalJson } from '../util/canonical-json.js';
import { charge } from './budget.js';
import type { LintRule, LintWarning } from './warning.js';

/**
 * The same subschema twice in `anyOf` or `oneOf` (compared by canonical JSON). In `anyOf` it is
 * noise; in `oneOf` it is worse: a value matching that branch matches two, so `oneOf` rejects it
 * (Core §10.2.1.3).
 */
export const DUPLICATE_BRANCH: LintRule = {
  id: 'duplicate-branch',
  check({ node, at, budget }) {
    const out: LintWarning[] = [];
    for (const k of ['anyOf', 'oneOf'] as const) {
      const branches = node[k];
      if (!Array.isArray(branches)) continue;
      // Branches are told apart first by their own members (keys, and each value's type, length or text): written
      // out whole at every level they are nested in, 30 levels of `anyOf` around a 90,000-member `const` took 3 s and
      // 300 MB. Two branches alike that way are compared as canonical JSON, charged their size (a unit a value) past
      // FREE_COMPARISON.
      const alike = new Map<string, number[]>();
      branches.forEach((b, i) => {
        const shape = shapeOf(b);
        const earlier = alike.get(shape);
        if (earlier === undefined) {
          alike.set(shape, [i]);
          return;
        }
        const cost = sizeOf(b) * 2;
        const skipped =
          cost <= FREE_COMPARISON ? undefined : charge(budget, cost, 'duplicate-branch', `${at.pointer}/${k}/${i}`);
        if (skipped !== undefined) {
          out.push(skipped);
          return;
        }
        const key = canonicalJson(b);
        const same = earlier.find((j) => canonicalJson(branches[j]) === key);
        if (same === undefined) {
          earlier.push(i);
          return;
        }
        const why = k === 'oneOf' ? ': a value matching it matches two branches, so "oneOf" always rejects it' : '';
        out.push({
          rule: 'duplicate-branch',
          message: `"${k}" branch ${i} is the same as branch ${same}${why}`,
          schemaPath: `${at.pointer}/${k}/${i}`,
        });
      });
    }
    return out;
  },
};

/** Values two branches may hold together and be compared free of charge (a millisecond's work). */
const FREE_COMPARISON = 2000;

/** A value's own kind: a scalar as its JSON, an array or object by its length (its members are not looked into). */
function token(v: unknown): string {
  if (Array.isArray(v)) return `a${v.length}`;
  if (v !== null && typeof v === 'object') return `o${Object.keys(v).length}`;
  return JSON.stringify(v) ?? '';
}

/** What two equal branches share: their keys, sorted, each with its value's token (equal branches, equal shapes). */
function shapeOf(b: unknown): string {
  if (Array.isArray(b)) return `[${b.map(token).join(',')}]`;
  if (b === null || typeof b !== 'object') return token(b);
  const o = b as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${token(o[key])}`)
    .join(',')}}`;
}

// Per object of a schema copy: how many values it holds, worked out once, children first.
const sizes = new WeakMap<object, number>();

/** How many values `value` holds, itself included (a shared object counted where it appears); iterative. */
function sizeOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  const stack: [object, boolean][] = [[value, false]];
  while (stack.length > 0) {
    const [o, visited] = stack.pop() as [object, boolean];
    if (sizes.has(o)) continue;
    const members = Object.values(o) as unknown[];
    if (!visited) {
      stack.push([o, true]);
      for (const m of members) if (m !== null && typeof m === 'object' && !sizes.has(m)) stack.push([m, false]);
      continue;
    }
    let n = 1;
    for (const m of members) n += m !== null && typeof m === 'object' ? (sizes.get(m) ?? 1) : 1;
    sizes.set(o, n);
  }
  return sizes.get(value) ?? 1;
}
