// The names linking gives resource copies in the root's `$defs` (link.ts) must not meet the root's own names.

/** What the copies' names in the root's `$defs` start with, behind as many `_` as the root's own names need. */
export const COPY_PREFIX = 'toolgate-link-';

/**
 * The fewest underscores before COPY_PREFIX that no root `$defs` name starts with: a name starts with k of them and
 * the prefix only when exactly k lead it (the prefix starts with a letter). One pass; trying k = 0, 1, ... against
 * every name took the cube of their number (1,300 names of up to 1,300 underscores: 1.5 s).
 */
export function copyPrefix(names: readonly string[]): string {
  const taken = new Set<number>();
  for (const n of names) {
    let k = 0;
    while (n.charCodeAt(k) === 95) k++;
    if (n.startsWith(COPY_PREFIX, k)) taken.add(k);
  }
  let k = 0;
  while (taken.has(k)) k++;
  return `${'_'.repeat(k)}${COPY_PREFIX}`;
}
