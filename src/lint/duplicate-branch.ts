import { canonicalJson } from '../util/canonical-json.js';
import type { LintRule, LintWarning } from './warning.js';

/**
 * The same subschema twice in `anyOf` or `oneOf` (compared by canonical JSON). In `anyOf` it is
 * noise; in `oneOf` it is worse: a value matching that branch matches two, so `oneOf` rejects it
 * (Core §10.2.1.3).
 */
export const DUPLICATE_BRANCH: LintRule = {
  id: 'duplicate-branch',
  check({ node, at }) {
    const out: LintWarning[] = [];
    for (const k of ['anyOf', 'oneOf'] as const) {
      const branches = node[k];
      if (!Array.isArray(branches)) continue;
      const seen = new Map<string, number>();
      branches.forEach((b, i) => {
        const key = canonicalJson(b);
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, i);
          return;
        }
        const why = k === 'oneOf' ? ': a value matching it matches two branches, so "oneOf" always rejects it' : '';
        out.push({
          rule: 'duplicate-branch',
          message: `"${k}" branch ${i} is the same as branch ${first}${why}`,
          schemaPath: `${at.pointer}/${k}/${i}`,
        });
      });
    }
    return out;
  },
};
