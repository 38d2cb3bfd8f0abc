// A password in a `user:password` value without a URL's scheme, after an option: a proxy (`--proxy admin:pw@h:3128`,
// curl's `-x`) or `user:password` alone after curl's and wget's `-u`/`--user` (`--proxy-user`). Only after an option:
// a positional `x:y@z` is as often a package alias (`npm:pkg@next`) as a credential; an image reference
// (`nginx:1.25@sha256:...`) has no host after its `@`, and `-u 1000:1000` (docker's uid:gid) is digits, not a password.

/** `user:password@host[:port][/path]`: the password runs to the last `@` before a host name or address. */
const AUTHORITY =
  /^([^\s:@/]+:)([^\s/]+)@(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[\dA-Fa-f:.]+\])(?::\d{1,5})?(?:\/\S*)?$/;

/** An option whose value is `user:password` alone: curl's and wget's `-u`, `--user`, `--proxy-user`. */
const USER_OPTION = /^(?:-u|--(?:proxy-)?user)$/;

/** The password and where it starts in the value `word` of the option `option`; undefined when it holds none. */
export function userPassword(option: string, word: string): { at: number; text: string } | undefined {
  const m = AUTHORITY.exec(word);
  if (m !== null) return { at: (m[1] as string).length, text: m[2] as string };
  if (!USER_OPTION.test(option) || word.includes('//') || /^\d+:\d+$/.test(word)) return undefined;
  const colon = word.indexOf(':');
  return colon > 0 && colon < word.length - 1 ? { at: colon + 1, text: word.slice(colon + 1) } : undefined;
}
