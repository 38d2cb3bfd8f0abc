// `--allow` and `--deny` globs over whole tool names: case-sensitive, `*` any run of characters (dots
// included: MCP names are flat, a dot is no separator), `?` exactly one character, everything else literal
// (util/glob.ts, which `--deny-method` globs share). Deny wins; no `--allow` grants every name.
import { compileGlob } from '../util/glob.js';
import type { MethodGrant } from './method-grants.js';

/** Which tool names the proxy publishes. */
export interface Grants {
  granted(name: string): boolean;
  /** The `--allow`/`--deny` globs as given, so one that matches no tool can be said (unmatched-grants.ts). */
  readonly patterns?: readonly GrantPattern[];
}

/** One `--allow` or `--deny` glob as given. */
export interface GrantPattern {
  readonly flag: 'allow' | 'deny';
  readonly glob: string;
}

/** One client of `--grants` (client-grants.ts): its name, its token and the tools it may see and call. */
export interface GrantedClient {
  /** How `--log` and stderr name it (never its token). */
  readonly name: string;
  /** A secret: masked wherever the proxy writes, never in a message. */
  readonly token: string;
  /** SHA-256 of the token, what requests are compared with (src/proxy/bearer.ts). */
  readonly digest: Uint8Array;
  /** Its grant over published names, after `--allow`/`--deny` (an empty `allow`: nothing). */
  readonly grants: Grants;
  /** The requests beyond its tools it may send (`methods`: resources, prompts, completions; method-grants.ts). */
  readonly methods: MethodGrant;
  /** Whether its grant can name a tool of the gateway's server `server` (grant-servers.ts): else not started for it. */
  readonly reaches: (server: string) => boolean;
}

/** The grants of `--allow` (none: all) and `--deny` (wins). */
export function compileGrants(allow: readonly string[], deny: readonly string[]): Grants {
  const allowed = allow.map(compileGlob);
  const denied = deny.map(compileGlob);
  return {
    granted: (name) => !denied.some((d) => d(name)) && (allowed.length === 0 || allowed.some((a) => a(name))),
    patterns: [
      ...allow.map((glob) => ({ flag: 'allow' as const, glob })),
      ...deny.map((glob) => ({ flag: 'deny' as const, glob })),
    ],
  };
}

/** What the proxy answers itself to open a session: no method glob withholds it. */
const HANDSHAKE: ReadonlySet<string> = new Set(['initialize', 'notifications/initialized']);

/**
 * Whether a method is withheld by one of `globs` (`--deny-method`, `denyMethods`), in either direction; never the
 * handshake (`initialize`, `notifications/initialized`), which the proxy answers itself.
 */
export function compileMethodDenials(globs: readonly string[]): (method: string) => boolean {
  const denied = globs.map(compileGlob);
  return (method) => !HANDSHAKE.has(method) && denied.some((d) => d(method));
}
