import { escapePointerToken } from '../util/json-pointer.js';
import { ALL_KEYWORDS } from '../keywords/keyword-lists.js';
import type { LintRule, LintWarning } from './warning.js';
import { quote } from '../util/describe-value.js';

/** Every keyword of Draft 2020-12, 2019-09 and draft-07, so a typo is matched whatever the dialect. */
const KNOWN: readonly string[] = ALL_KEYWORDS;

/**
 * Keywords of neighbouring specifications that are deliberate, not typos, although one edit from a
 * JSON Schema keyword (OpenAPI 3.0 `example`, `nullable`; Gemini `propertyOrdering`), and words an
 * author writes as an annotation (`note`: a hunt's find, it was read as a typo of `not`).
 */
const DELIBERATE = new Set(['example', 'nullable', 'discriminator', 'propertyOrdering', 'externalDocs', 'note']);

/** Optimal string alignment distance, capped: returns limit + 1 as soon as it must exceed limit. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const above = rows[i - 1] as number[];
      let d = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    rows.push(row);
    if (i > 0 && best > limit) return limit + 1;
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * An unknown keyword one edit (insert, delete, substitute, swap) away from a known one: `types`,
 * `minLenght`, `ref`. Unknown keywords are annotations (Core §6.5), so the intended constraint is
 * silently absent.
 */
export const KEYWORD_TYPO: LintRule = {
  id: 'keyword-typo',
  check({ node, at }) {
    const out: LintWarning[] = [];
    for (const key of Object.keys(node)) {
      if (key.length < 3 || KNOWN.includes(key) || DELIBERATE.has(key) || key.startsWith('x-')) continue;
      const near = KNOWN.filter((k) => k.length >= 3 && editDistance(key, k, 1) <= 1);
      if (near.length === 0) continue;
      out.push({
        rule: 'keyword-typo',
        message:
          `unknown keyword ${quote(key)} is ignored; did you mean ` + `${near.map((k) => quote(k)).join(' or ')}?`,
        schemaPath: `${at.pointer}/${escapePointerToken(key)}`,
      });
    }
    return out;
  },
};
