// Whether a served program can start, asked once at start-up: a name that is not on the PATH it will be given, or
// a path to nothing, otherwise served a tool whose every call said "could not start ...: ENOENT" (a newcomer's
// find). Only what is certain is refused: spawn searches the child's own PATH (libuv, uv_spawn), so that PATH is
// searched here too, and where the answer depends on more than files (no PATH, Windows' PATHEXT) nothing is said.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';
import { fail, ok, type Result } from '../result.js';
import { clip } from '../util/describe-value.js';

/** Why `path` cannot be run, or undefined when it can. */
function notRunnable(path: string): string | undefined {
  try {
    if (statSync(path).isDirectory()) return 'is a directory';
    accessSync(path, constants.X_OK);
    return undefined;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return code === 'EACCES' ? 'is not executable' : 'does not exist';
  }
}

/**
 * Ok when `program` names something spawn can start with `env` as its environment (or when that cannot be known
 * from files alone); otherwise a validation error naming the program, never the PATH (the host's).
 */
export function findProgram(program: string, env: Readonly<Record<string, string>>): Result<void> {
  if (process.platform === 'win32') return ok(undefined);
  const shown = JSON.stringify(clip(program, 80));
  // A name with a slash is a path, relative to toolgate's own folder (the program's working folder too).
  if (program.includes('/')) {
    const why = notRunnable(resolve(program));
    return why === undefined ? ok(undefined) : fail('validation', `the program ${shown} ${why}`);
  }
  const path = Object.hasOwn(env, 'PATH') ? env.PATH : undefined;
  if (path === undefined || path === '') return ok(undefined);
  // POSIX execvp: an empty entry is the current folder.
  for (const dir of path.split(delimiter))
    if (notRunnable(resolve(dir === '' ? '.' : dir, program)) === undefined) return ok(undefined);
  return fail('validation', `the program ${shown} is not on the PATH it is given: no executable file of that name`);
}
