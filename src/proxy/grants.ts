// `--allow` and `--deny` globs over whole tool names: case-sensitive, `*` any run of characters (dots
// included: MCP names are flat, a dot is no separator), `?` exactly one character, everything else literal.
// Deny wins; no `--allow` grants every name.

/** Which tool names the proxy publishes. */
export interface Grants {
  granted(name: string): boolean;
}

/** A glob as an anchored regular expression; every character but `*` and `?` is literal. */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (const c of glob) {
    if (c === '*') source += '[\\s\\S]*';
    else if (c === '?') source += '[\\s\\S]';
    else source += c.replace(/[\\^$.|+()[\]{}/-]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'u');
}

/** The grants of `--allow` (none: all) and `--deny` (wins). */
export function compileGrants(allow: readonly string[], deny: readonly string[]): Grants {
  const allowed = allow.map(globToRegExp);
  const denied = deny.map(globToRegExp);
  return {
    granted: (name) => !denied.some((d) => d.test(name)) && (allowed.length === 0 || allowed.some((a) => a.test(name))),
  };
}

/** What the proxy answers itself to open a session: no method glob withholds it. */
const HANDSHAKE: ReadonlySet<string> = new Set(['initialize', 'notifications/initialized']);

/**
 * Whether a method is withheld by one of `globs` (`--deny-method`, `denyMethods`), in either direction; never the
 * handshake (`initialize`, `notifications/initialized`), which the proxy answers itself.
 */
export function compileMethodDenials(globs: readonly string[]): (method: string) => boolean {
  const denied = globs.map(globToRegExp);
  return (method) => !HANDSHAKE.has(method) && denied.some((d) => d.test(method));
}
