// The environment a program started by toolgate gets: a few harmless variables of toolgate's own (the MCP SDK's
// list, after sudo's), plus exactly what `--env` names. Everything else of the host (tokens, keys) stays with
// the host. One rule for `check --mcp` servers and `serve` commands alike.
import { fail, ok, type Result } from '../result.js';

/** The variables passed through by default, as the MCP SDK's stdio client passes them. */
export const INHERITED_ENV: readonly string[] =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What `--env` asked for: the variables to set and the values no message may show. */
export interface EnvRequest {
  readonly env: Readonly<Record<string, string>>;
  readonly secrets: readonly string[];
}

/** Sets `key` as a variable even when it is `__proto__`, never the object's prototype. */
function setVar(env: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(env, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Reads `--env KEY=VALUE` and `--env KEY` (the host's own value passed through) items. Messages name keys,
 * never values.
 */
export function parseEnvItems(
  items: readonly string[],
  host: Readonly<Record<string, string | undefined>> = process.env,
): Result<EnvRequest> {
  const env: Record<string, string> = {};
  const secrets: string[] = [];
  for (const item of items) {
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    if (!ENV_KEY.test(key))
      return fail(
        'validation',
        '--env needs KEY=VALUE or KEY, with KEY a variable name; got a word starting ' +
          JSON.stringify(key.slice(0, 20)),
      );
    const value = eq < 0 ? (Object.hasOwn(host, key) ? host[key] : undefined) : item.slice(eq + 1);
    if (value === undefined) return fail('validation', `--env ${key}: ${key} is not set in toolgate's environment`);
    setVar(env, key, value);
    if (value !== '') secrets.push(value);
  }
  return ok({ env, secrets });
}

/**
 * The whole environment of a started program: the inherited variables the host has (a value that starts with
 * `()`, a shell function, is skipped as the SDK skips it), then `extra` on top.
 */
export function childEnvironment(
  extra: Readonly<Record<string, string>> = {},
  host: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED_ENV) {
    const value = Object.hasOwn(host, key) ? host[key] : undefined;
    if (value !== undefined && !value.startsWith('()')) setVar(env, key, value);
  }
  for (const [key, value] of Object.entries(extra)) setVar(env, key, value);
  return env;
}
