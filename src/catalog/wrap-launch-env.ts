// The variables of an entry's `env` that choose what its command runs. A client starts the entry's command with
// them, so an entry that starts `toolgate proxy` while its env preloads a module into node, points npx at another
// registry or puts a relative folder on the PATH may run other code under the gate's name (a hunt's find:
// a preload in `NODE_OPTIONS` beside `toolgate proxy` was counted as gated, exit 0). wrap counts no such
// entry as gated and writes none: the proxy it starts would run with that env too.
import { quote } from '../util/describe-value.js';

/** Node's options that load a module before the program (node --help: -r, --require, --import, --loader). */
const PRELOAD = /(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader)(?:[=\s]|$)/;
/** The dynamic loader's preload variables (ld.so(8), dyld(1)): native code loaded into any program. */
const NATIVE_PRELOAD = new Set(['LD_PRELOAD', 'LD_LIBRARY_PATH', 'DYLD_INSERT_LIBRARIES', 'DYLD_LIBRARY_PATH']);
/** An absolute path: POSIX, a Windows drive, or a UNC share. */
const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;

/** The words of a PATH value: `:` separated, or `;` on Windows (a drive letter's colon is not a separator there). */
const pathFolders = (value: string): string[] => value.split(value.includes(';') ? ';' : ':');

/**
 * Why `env` may change what `command` runs (naming the variable, never its value), or undefined: a preload in
 * NODE_OPTIONS, a dynamic loader's preload, any npm_config_* for npx (npm reads its whole config from them: a
 * registry, a user config), or a PATH with a relative or empty folder for a command found on the PATH.
 */
export function launchEnvRisk(env: unknown, command: string): string | undefined {
  if (env === null || typeof env !== 'object' || Array.isArray(env)) return undefined;
  for (const [key, value] of Object.entries(env)) {
    const upper = key.toUpperCase();
    const text = typeof value === 'string' ? value : '';
    const risky =
      (upper === 'NODE_OPTIONS' && PRELOAD.test(text)) ||
      NATIVE_PRELOAD.has(upper) ||
      (upper.startsWith('NPM_CONFIG_') && /(?:^|[\\/])npx(?:\.cmd|\.exe)?$/i.test(command)) ||
      (upper === 'PATH' && !ABSOLUTE.test(command) && pathFolders(text).some((f) => !ABSOLUTE.test(f)));
    // A key holding "=" (KEY=VALUE written as the key) carries a value: shown up to its "=".
    if (risky) return `its "env" sets ${quote(key.replace(/=.*/s, '=<redacted>'), 40)}, which can change what it runs`;
  }
  return undefined;
}

/** Whether `path` is absolute (POSIX, a Windows drive, a UNC share). */
export const isAbsolutePath = (path: string): boolean => ABSOLUTE.test(path);
