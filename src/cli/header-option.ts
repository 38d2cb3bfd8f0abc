// `--header "Name: value"` for an HTTP server. A value written `env:VAR` (or `Bearer env:VAR`) is read from
// toolgate's environment, so a token never appears in a process list. Every value is a secret: it joins the
// values masked in every line toolgate prints, and no message here ever shows one (only the header's name).
import type { Problem, Result } from '../result.js';
import { givenHeaderSecrets } from '../exec/secret-flags.js';
import { checkHeader } from '../mcp/http-headers.js';
import { inputError } from './io.js';

/** Headers read from `--header` options, with the values that must be masked wherever toolgate prints. */
export interface HeaderOptions {
  readonly headers: Readonly<Record<string, string>>;
  readonly secrets: readonly string[];
}

/**
 * Reads `--header` items (`Name: value`, or `Name: env:VAR` to read VAR from `env`); the first problem names the
 * option and the header, never its value. Names are kept as given; a name given twice is refused.
 */
export function parseHeaderOptions(
  items: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Result<HeaderOptions, Problem> {
  const headers: Record<string, string> = {};
  const secrets: string[] = [];
  // Lower-cased names seen: each name checked against a set, not against every earlier one.
  const seen = new Set<string>();
  for (const item of items) {
    const colon = item.indexOf(':');
    const name = colon < 0 ? '' : item.slice(0, colon).trim();
    // The name is checked before the value is read, so a bad name never reads the environment.
    const badName = checkHeader(name, '', seen, '--header');
    if (badName !== undefined) return inputError(badName);
    let value = item.slice(colon + 1).trim();
    // `env:VAR`, or `<scheme> env:VAR` (`Bearer env:TOKEN`): VAR then holds the bare token, as the proxy's own
    // `--auth-token-env` does, so one variable serves both ends.
    const fromEnv = /^(?:([!#$%&'*+.^_`|~0-9A-Za-z-]+) )?env:(.*)$/.exec(value);
    if (fromEnv !== null) {
      const [, scheme, key = ''] = fromEnv;
      const read = Object.hasOwn(env, key) ? env[key] : undefined;
      if (read === undefined) return inputError(`--header ${name}: ${key} is not set in toolgate's environment`);
      value = scheme === undefined ? read : `${scheme} ${read}`;
    }
    const badValue = checkHeader(name, value, [], '--header');
    if (badValue !== undefined) return inputError(badValue);
    headers[name] = value;
    seen.add(name.toLowerCase());
    // `Bearer <token>`: the token alone is masked too, and a cookie's value (secret-flags.ts).
    secrets.push(...givenHeaderSecrets(name, value));
  }
  return { ok: true, value: { headers, secrets } };
}
