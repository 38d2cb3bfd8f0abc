// The variables of an entry's `env` that choose what its command runs. A client starts the entry's command with
// them, so an entry that starts `toolgate proxy` while its env preloads a module into node, points npx at another
// registry or puts a relative folder on the PATH may run other code under the gate's name (a hunt's find:
// a preload in `NODE_OPTIONS` beside `toolgate proxy` was counted as gated, exit 0). wrap counts no such
// entry as gated and writes none: the proxy it starts would run with that env too.
import { quote } from '../util/describe-value.js';

/**
 * The NODE_OPTIONS that only tune node (memory, warnings, stack traces, which CAs): any other (a preload, `--import`,
 * an OpenSSL config that loads an engine, an inspector port, export conditions; a review's finds) may run other code.
 */
const TUNING = [
  /^--max-old-space-size=\d+$/,
  /^--max-semi-space-size=\d+$/,
  /^--max-http-header-size=\d+$/,
  /^--stack-trace-limit=\d+$/,
  /^--no-warnings$/,
  /^--no-deprecation$/,
  /^--trace-warnings$/,
  /^--trace-deprecation$/,
  /^--disable-warning=[\w-]+$/,
  /^--enable-source-maps$/,
  /^--unhandled-rejections=(?:strict|warn|none|throw|warn-with-error-code)$/,
  /^--dns-result-order=(?:ipv4first|ipv6first|verbatim)$/,
  /^--use-openssl-ca$/,
  /^--use-bundled-ca$/,
];

/** Variables that load code into any program (ld.so(8), dyld(1), OpenSSL's config and modules) or into node. */
const LOADERS = new Set([
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'LD_AUDIT',
  'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH',
  'DYLD_FRAMEWORK_PATH',
  'OPENSSL_CONF',
  'OPENSSL_MODULES',
  'OPENSSL_ENGINES',
  'NODE_PATH',
]);

/** Where npm reads its configuration besides npm_config_* (a user's `.npmrc` under HOME; a review's find). */
const NPM_HOMES = new Set(['HOME', 'USERPROFILE', 'XDG_CONFIG_HOME', 'APPDATA']);

/** An absolute path: POSIX, a Windows drive, or a UNC share. */
const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;

/** The words of a PATH value: `:` separated, or `;` on Windows (a drive letter's colon is not a separator there). */
const pathFolders = (value: string): string[] => value.split(value.includes(';') ? ';' : ':');

/** Whether NODE_OPTIONS holds anything but tuning (quotes taken off, as node reads them). */
const nodeOptionsRun = (value: string): boolean =>
  value
    .replace(/["']/g, '')
    .split(/\s+/)
    .some((word) => word !== '' && !TUNING.some((t) => t.test(word)));

/**
 * Why `env` may change what `command` runs (naming the variable, never its value), or undefined: NODE_OPTIONS beyond
 * tuning, a loader variable (LOADERS), npm's configuration for npx (any npm_config_*, or a home npm reads `.npmrc`
 * from), or a PATH with a relative or empty folder for a command found on the PATH.
 */
export function launchEnvRisk(env: unknown, command: string): string | undefined {
  if (env === null || typeof env !== 'object' || Array.isArray(env)) return undefined;
  const npx = /(?:^|[\\/])npx(?:\.cmd|\.exe)?$/i.test(command);
  for (const [key, value] of Object.entries(env)) {
    const upper = key.toUpperCase();
    const text = typeof value === 'string' ? value : '';
    const risky =
      (upper === 'NODE_OPTIONS' && nodeOptionsRun(text)) ||
      LOADERS.has(upper) ||
      (npx && (upper.startsWith('NPM_CONFIG_') || NPM_HOMES.has(upper))) ||
      (upper === 'PATH' && !ABSOLUTE.test(command) && pathFolders(text).some((f) => !ABSOLUTE.test(f)));
    // A key holding "=" (KEY=VALUE written as the key) carries a value: shown up to its "=".
    if (risky) return `its "env" sets ${quote(key.replace(/=.*/s, '=<redacted>'), 40)}, which can change what it runs`;
  }
  return undefined;
}

/** Whether `path` is absolute (POSIX, a Windows drive, a UNC share). */
export const isAbsolutePath = (path: string): boolean => ABSOLUTE.test(path);
