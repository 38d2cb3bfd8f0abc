// What `check` and `lock` print after they list servers, with every value given to a server masked (its `--env`
// values, `KEY=VALUE` words, `--header` values): a server can write one into its own listing (a tool description
// quoting its token), and a report or a CI log would show it. The user's own terminal reads it: masked as the
// proxy masks its stderr (createMasker's host rule).
import { createMasker } from '../exec/mask-secrets.js';
import type { CliIO } from './io.js';

/** Servers' secrets, as `McpServer` (src/cli/mcp-server-list.ts) holds them. */
interface HoldsSecrets {
  readonly secrets: readonly string[];
}

/** `io` with every secret of `servers` masked in what it writes; `json`: `out` is JSON text, masked by string. */
export function maskedIO(io: CliIO, servers: readonly HoldsSecrets[], json = false): CliIO {
  const masker = createMasker(servers.flatMap((s) => s.secrets));
  if (masker.empty) return io;
  return { ...io, out: (t) => io.out(json ? masker.json(t) : masker.text(t)), err: (t) => io.err(masker.text(t)) };
}
