// The adapters' foreign packages are optional peer dependencies: an adapter loads its package on first use, and
// one that is not installed, or fails to load on this Node, is a failed Result that names the package, the version
// toolgate needs and the command that installs it (or the Node version the package needs), not Node's raw
// "Cannot find package 'ai'". Loaded through require (an ES module too, on the Node versions toolgate supports),
// not a top-level await, which would make the adapter's module one that `require()` refuses (ERR_REQUIRE_ASYNC_MODULE).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, thrownMessage, type Failure, type GateError, type Result } from '../result.js';

/** One peer package of one adapter. */
export interface PeerSpec {
  /** The package name (`ai`). */
  readonly name: string;
  /** The version range toolgate needs (package.json's peerDependencies). */
  readonly range: string;
  /** The subpath that needs it (`toolgate/adapters/ai-sdk`). */
  readonly feature: string;
}

/** Whether `thrown` says the package itself could not be found (not a failure inside it). */
function isMissing(thrown: unknown, name: string): boolean {
  const code = thrown !== null && typeof thrown === 'object' ? (thrown as { code?: unknown }).code : undefined;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && thrownMessage(thrown).includes(name);
}

/** The `engines.node` of an installed package, found in a node_modules above this file; undefined if unknown. */
export function enginesOf(name: string, from: string = fileURLToPath(import.meta.url)): string | undefined {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) {
      try {
        const engines = (JSON.parse(readFileSync(file, 'utf8')) as { engines?: { node?: unknown } }).engines;
        return typeof engines?.node === 'string' ? engines.node : undefined;
      } catch {
        return undefined;
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Whether Node `version` meets an engines range of `>=x.y.z` clauses (`||` alternatives); undefined if unread. */
export function meetsEngines(version: string, range: string): boolean | undefined {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const results = range.split('||').map((alternative) => {
    const clauses = alternative.trim().split(/\s+/);
    return clauses.every((clause) => {
      const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(clause);
      if (m === null) return Number.NaN;
      const need = [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
      for (let i = 0; i < 3; i++) if ((have[i] ?? 0) !== need[i]) return (have[i] ?? 0) > (need[i] ?? 0);
      return true;
    });
  });
  const readable = range.split('||').every((a) =>
    a
      .trim()
      .split(/\s+/)
      .every((c) => /^>=\s*[\d.]+$/.test(c)),
  );
  return readable ? results.some(Boolean) : undefined;
}

/** The message for a peer that failed to load: missing, on a Node it does not support, or failing inside. */
export function peerMessage(
  spec: PeerSpec,
  thrown: unknown,
  node: string = process.versions.node,
  engines: string | undefined = enginesOf(spec.name),
): string {
  const install = `npm install ${spec.name}@"${spec.range}"`;
  if (isMissing(thrown, spec.name))
    return (
      `${spec.feature} needs the package "${spec.name}" (${spec.range}), an optional peer dependency of toolgate ` +
      `that is not installed: run ${install}`
    );
  const cause = thrownMessage(thrown).split('\n')[0]?.slice(0, 300) ?? '';
  if (engines !== undefined && meetsEngines(node, engines) === false)
    return (
      `${spec.feature}: "${spec.name}" failed to load on Node ${node}; it needs Node ${engines}: upgrade Node, or ` +
      `install a version of "${spec.name}" in ${spec.range} that supports this one (${cause})`
    );
  return `${spec.feature}: "${spec.name}" failed to load (${cause}); toolgate needs ${spec.range}: ${install}`;
}

/**
 * Loads a peer package, synchronously: a failure is an execution failure (kind `host`) with peerMessage's text, the
 * original in `cause`. Node caches what it loaded, so a call on each use costs a lookup.
 */
export function requirePeer<T>(
  spec: PeerSpec,
  load: (name: string) => unknown = createRequire(import.meta.url),
): Result<T> {
  try {
    return ok(load(spec.name) as T);
  } catch (thrown) {
    const error: GateError = {
      class: 'execution_failure',
      kind: 'host',
      message: peerMessage(spec, thrown),
      violations: [],
      cause: thrown,
    };
    return { ok: false, error } satisfies Failure<GateError>;
  }
}
