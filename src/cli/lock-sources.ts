// The inputs `toolgate lock` pins, read as `check` reads them: catalog files and folders (or - for standard
// input), saved tools/list results (`--mcp-list`) and live servers: over stdio (`--mcp` with `--env`) or
// Streamable HTTP (`--url` with `--header`), both with `--timeout`. Each kind of source is one entry of SOURCES.
import { ok, type Problem, type Result } from '../result.js';
import { listFlag, type ParsedArgs } from './args.js';
import { listServers, readCatalogs, readSavedLists, type CatalogInput } from './catalog-input.js';
import { serversOf } from './check-options.js';
import type { CliIO } from './io.js';

/** One kind of source: whether the command line names any, and its inputs (each readable or not). */
interface Source {
  readonly given: (args: ParsedArgs) => boolean;
  readonly read: (args: ParsedArgs, io: CliIO) => Promise<Result<CatalogInput[], Problem>>;
}

const SOURCES: readonly Source[] = [
  {
    given: (args) => args.positionals.length > 0,
    read: async (args, io) => ok(await readCatalogs(args.positionals, io.readStdin)),
  },
  {
    given: (args) => listFlag(args, 'mcp-list').length > 0,
    read: async (args, io) => ok(await readSavedLists(listFlag(args, 'mcp-list'), io.readStdin)),
  },
  {
    given: (args) => listFlag(args, 'mcp').length > 0 || args.flags.has('url'),
    read: async (args) => {
      const servers = serversOf(args);
      return servers.ok ? ok(await listServers(servers.value)) : servers;
    },
  },
];

/** What the command line gives no source for: the usage error to print. */
export const NO_SOURCE =
  'nothing to lock: give files, folders, - for standard input, --mcp "<command>", --url <URL>, --mcp-list <file> ' +
  'or --config <file>';

/** Every input the command line names, in source order; a usage error (a bad --env, say) stops them all. */
export async function readLockSources(args: ParsedArgs, io: CliIO): Promise<Result<CatalogInput[], Problem>> {
  const out: CatalogInput[] = [];
  // --env and --timeout without a server are refused by serversOf, read even when no --mcp is given.
  const servers = serversOf(args);
  if (!servers.ok) return servers;
  for (const source of SOURCES) {
    if (!source.given(args)) continue;
    const read = await source.read(args, io);
    if (!read.ok) return read;
    out.push(...read.value);
  }
  return ok(out);
}

/** Whether the command line names any source at all. */
export function anySource(args: ParsedArgs): boolean {
  return SOURCES.some((s) => s.given(args));
}
