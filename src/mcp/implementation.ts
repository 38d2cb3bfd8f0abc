// toolgate's own name and version as MCP implementation info (`clientInfo`, `serverInfo`), read from the
// package.json beside dist/ (or src/): one place for the version the CLI prints and the peers are told.
import { readFileSync } from 'node:fs';

/** The version once read: every session's upstream initialize names it, and a read there blocks the loop. */
let version: string | undefined;

/** The package version, or 'unknown' when package.json cannot be read. */
export function packageVersion(): string {
  version ??= readVersion();
  return version;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as unknown;
    const v = pkg !== null && typeof pkg === 'object' ? (pkg as { version?: unknown }).version : undefined;
    return typeof v === 'string' ? v : 'unknown';
  } catch {
    return 'unknown';
  }
}
