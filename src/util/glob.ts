// Name globs (`--allow`, `--deny`): `*` any run of characters, `?` exactly one, every other character itself.
// Matched code point by code point, without a regular expression: escaping characters into a pattern is where
// `get-env` once broke (`\-` is no escape in a `u` pattern), and a pattern of many `*` backtracks polynomially.

/** Whether `text` matches `glob` as a whole (case-sensitive; `?` is one code point, astral ones included). */
export function matchGlob(glob: string, text: string): boolean {
  const g = Array.from(glob);
  const t = Array.from(text);
  let gi = 0;
  let ti = 0;
  // The last `*` seen and where in `text` it was last tried to end: on a mismatch that `*` takes one more.
  let star = -1;
  let resume = 0;
  while (ti < t.length) {
    const c = g[gi];
    if (c === '*') {
      star = gi++;
      resume = ti;
    } else if (c !== undefined && (c === '?' || c === t[ti])) {
      gi++;
      ti++;
    } else if (star >= 0) {
      gi = star + 1;
      ti = ++resume;
    } else return false;
  }
  while (g[gi] === '*') gi++;
  return gi === g.length;
}

/** A glob as a test over whole names. */
export function compileGlob(glob: string): (text: string) => boolean {
  return (text) => matchGlob(glob, text);
}
