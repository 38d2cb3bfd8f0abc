// A program's words and environment hold no NUL: the system starts a program with C strings (POSIX execve), and
// Node's spawn refuses a NUL with an error quoting the whole value, NUL written `\x00`, a spelling the secret masker
// does not know (a hunt's find: a config's `env` token, and a `KEY=VALUE` argument, printed in full). So every reader
// of a server's command refuses one first, naming where it is, never the value; a spawn error is shown by its code.
import { quote } from '../util/describe-value.js';

const NUL = '\0';

/**
 * Why a program of `words` (the command, then its arguments) with `env` cannot be started, naming the place after
 * `prefix` (`upstream.`, or '' for a config entry's members); undefined when nothing holds a NUL.
 */
export function nulRefusal(
  words: readonly string[],
  env: Readonly<Record<string, string>>,
  prefix = '',
): string | undefined {
  const why = 'holds a NUL character, which no program can be given (a value is never shown)';
  const at = words.findIndex((w) => w.includes(NUL));
  if (at === 0) return `${prefix}command ${why}`;
  if (at > 0) return `${prefix}args[${at - 1}] ${why}`;
  const keys = Object.keys(env);
  // A name is shown, but not one with a NUL in it (a whole `KEY=VALUE` pasted as the name): its place is.
  const badKey = keys.findIndex((k) => k.includes(NUL));
  if (badKey !== -1) return `${prefix}env: the name of variable ${badKey + 1} ${why}`;
  const badValue = keys.find((k) => (env[k] as string).includes(NUL));
  if (badValue !== undefined) return `${prefix}env ${quote(badValue, 64)}: its value ${why}`;
  return undefined;
}
