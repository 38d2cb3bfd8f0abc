// What `check` and `lock` print and write after they list servers, with every value given to a server (its `--env`
// values, `KEY=VALUE` words, `--header` values) kept out: a server can write one into its own listing (a tool
// description quoting its token), and a report, a CI log or a committed lock file would show it. Values shorter
// than MIN_SHOWN_SECRET_LENGTH are left alone, as in what the proxy's clients read: `LOG_LEVEL=warn` would mask a
// report's own `warnings`. Printed text is masked as the proxy masks its stderr (createMasker's host rule).
import { createMasker, MIN_SHOWN_SECRET_LENGTH } from '../exec/mask-secrets.js';
import { secretForms } from '../exec/secret-forms.js';
import { clip } from '../util/describe-value.js';
import { ownData } from '../util/own-field.js';
import type { CliIO } from './io.js';

/** Servers' secrets, as `McpServer` (src/cli/mcp-server-list.ts) holds them. */
interface HoldsSecrets {
  readonly secrets: readonly string[];
}

/** The values of `servers` kept out of reports and lock files: those at least MIN_SHOWN_SECRET_LENGTH long. */
export function shownSecrets(servers: readonly HoldsSecrets[]): string[] {
  return [...new Set(servers.flatMap((s) => s.secrets).filter((v) => v.length >= MIN_SHOWN_SECRET_LENGTH))];
}

/**
 * What a drift report's values go through before they are clipped (lock-values.ts): a secret cut in two by the
 * clip would pass the masking of what is printed with its beginning shown.
 */
export function valueMask(servers: readonly HoldsSecrets[]): (text: string) => string {
  return createMasker(shownSecrets(servers), MIN_SHOWN_SECRET_LENGTH, 'whole-values').text;
}

/** `io` with every secret of `servers` masked in what it writes; `json`: `out` is JSON text, masked by string. */
export function maskedIO(io: CliIO, servers: readonly HoldsSecrets[], json = false): CliIO {
  const masker = createMasker(shownSecrets(servers), MIN_SHOWN_SECRET_LENGTH);
  if (masker.empty) return io;
  return { ...io, out: (t) => io.out(json ? masker.json(t) : masker.text(t)), err: (t) => io.err(masker.text(t)) };
}

/**
 * Why a lock cannot be written: a tool's name or one of its fields' names carries a value given to a server (a
 * name is its pin's key, a field's name its hash's, written as listed, and the file is committed), named masked;
 * undefined when none does.
 */
export function secretInNames(tools: readonly unknown[], servers: readonly HoldsSecrets[]): string | undefined {
  const secrets = shownSecrets(servers);
  if (secrets.length === 0) return undefined;
  const forms = secrets.flatMap(secretForms);
  const masker = createMasker(secrets, MIN_SHOWN_SECRET_LENGTH);
  const given = '(--env, --header or a KEY=VALUE word): a lock file is committed, so none is written';
  for (const tool of tools) {
    const name = ownData(tool, 'name');
    if (typeof name !== 'string') continue;
    const shown = JSON.stringify(clip(masker.text(name), 80));
    if (forms.some((f) => name.includes(f))) return `tool ${shown} is named with a value given to the server ${given}`;
    // Its top-level fields' names key the pin's field hashes, written as listed too.
    const keys = typeof tool === 'object' && tool !== null ? Object.keys(tool) : [];
    if (keys.some((k) => forms.some((f) => k.includes(f))))
      return `tool ${shown} has a field named with a value given to the server ${given}`;
  }
  return undefined;
}
