// Reads the catalogs `toolgate check` is given: files, folders of files, or `-` for standard input. A catalog
// is a JSON array of tools, an MCP `tools/list` result `{ "tools": [...] }`, or one tool `{ "name", "inputSchema" }`.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isObject } from '../util/plain-json.js';
import { quote } from '../util/describe-value.js';
import { inputError, parseStrictJsonNamed, readText, shownFile, type InputProblem } from './io.js';
import type { Problem, Result } from '../result.js';
import type { McpServer } from './mcp-server-list.js';

/** One catalog to admit as one batch. */
export interface Catalog {
  /** Where it came from: a path, `<stdin>` or `mcp: <command>`. */
  readonly source: string;
  /** Tool entries as read (plain JSON). */
  readonly tools: readonly unknown[];
  /** True for an MCP `tools/list` result, where `inputSchema` is required. */
  readonly mcp: boolean;
  /**
   * True when judged as MCP judges a server's listing: listed from a running `--mcp` server, or a
   * saved `tools/list` result given with `--mcp-list` (MCP default dialects).
   */
  readonly server?: boolean;
  /** A live server's tools/list answers as they arrived, one text per page: read again exactly (exact-listing.ts). */
  readonly pages?: readonly string[];
}

/** The tools of one parsed document, or why it is not a catalog. */
export function catalogOf(value: unknown, source: string): Result<Catalog, Problem> {
  if (Array.isArray(value)) return { ok: true, value: { source, tools: value, mcp: false } };
  if (isObject(value) && Array.isArray(value['tools']))
    return { ok: true, value: { source, tools: value['tools'], mcp: true } };
  if (isObject(value) && 'inputSchema' in value) {
    // A single tool file: its name defaults to the file's stem, as in a folder of one-tool files.
    const name = typeof value['name'] === 'string' ? value['name'] : basename(source).replace(/\.json$/, '');
    return { ok: true, value: { source, tools: [{ ...value, name }], mcp: false } };
  }
  // An MCP client config (`mcpServers`, VS Code's `servers`) names servers, not tools: a newcomer's find.
  if (isObject(value) && (isObject(value['mcpServers']) || isObject(value['servers'])))
    return inputError(
      `${shownFile(source)}: this is an MCP client config, not a catalog: give it with --config to check its servers`,
    );
  return inputError(
    `${shownFile(source)}: not a catalog (expected a JSON array of tools, { "tools": [...] }, ` +
      'or one tool with "inputSchema")',
  );
}

/** What a symbolic link in a folder leads to: a folder, a file, or nothing readable (dangling, a loop). */
function linkKind(path: string): 'dir' | 'file' | 'broken' | 'other' {
  try {
    const st = statSync(path);
    return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  } catch {
    return 'broken';
  }
}

/**
 * Every `.json` file under a folder, depth first, in sorted order so output is deterministic. A link counts as
 * what it leads to: skipping a linked catalog would pass the folder without checking it (fail open), so a
 * dangling `.json` link is listed and then reported as unreadable; a linked folder is read once (no loop).
 */
function jsonFilesUnder(dir: string, seen: Set<string> = new Set([realpathSync(dir)])): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    const path = join(dir, entry.name);
    const kind = entry.isSymbolicLink()
      ? linkKind(path)
      : entry.isDirectory()
        ? 'dir'
        : entry.isFile()
          ? 'file'
          : 'other';
    if (kind === 'dir') {
      const real = realpathSync(path);
      if (seen.has(real)) continue;
      seen.add(real);
      out.push(...jsonFilesUnder(path, seen));
    } else if ((kind === 'file' || kind === 'broken') && entry.name.endsWith('.json')) out.push(path);
  }
  return out;
}

/** One input of `check`: the catalog it holds, or why it could not be read (the other inputs are still checked). */
export type CatalogInput =
  | { readonly source: string; readonly catalog: Catalog; readonly problem?: undefined }
  | { readonly source: string; readonly catalog?: undefined; readonly problem: InputProblem };

/** Reads every named input, in order; a folder gives one input per `.json` file under it. Never fails as a whole. */
export async function readCatalogs(
  inputs: readonly string[],
  readStdin: () => Promise<Result<string, Problem>>,
): Promise<CatalogInput[]> {
  const out: CatalogInput[] = [];
  const readOne = (text: string, source: string): void => {
    const parsed = parseStrictJsonNamed(text, source);
    const c = parsed.ok ? catalogOf(parsed.value, source) : parsed;
    out.push(c.ok ? { source, catalog: c.value } : { source, problem: c.error });
  };
  for (const input of inputs) {
    if (input === '-') {
      const text = await readStdin();
      if (text.ok) readOne(text.value, '<stdin>');
      else out.push({ source: '<stdin>', problem: text.error });
      continue;
    }
    let files: string[];
    try {
      files = statSync(input).isDirectory() ? jsonFilesUnder(input) : [input];
    } catch (thrown) {
      const code = isObject(thrown) && typeof thrown['code'] === 'string' ? thrown['code'] : 'unreadable';
      out.push({ source: input, problem: { message: `${shownFile(input)}: cannot read (${code})` } });
      continue;
    }
    if (files.length === 0)
      out.push({ source: input, problem: { message: `${shownFile(input)}: folder holds no .json files` } });
    for (const file of files) {
      const text = readText(file);
      if (text.ok) readOne(text.value, file);
      else out.push({ source: file, problem: text.error });
    }
  }
  return out;
}

/**
 * `--mcp-list` inputs: each a saved `tools/list` result (`{ "tools": [...] }`), a file or `-` for standard
 * input, judged as the live server's listing would be. Anything else (an array, one tool) is that input's error.
 */
export async function readSavedLists(
  inputs: readonly string[],
  readStdin: () => Promise<Result<string, Problem>>,
): Promise<CatalogInput[]> {
  const out: CatalogInput[] = [];
  for (const input of inputs) {
    const source = `mcp-list: ${input === '-' ? '<stdin>' : input}`;
    const text = input === '-' ? await readStdin() : readText(input);
    const parsed = text.ok ? parseStrictJsonNamed(text.value, source) : text;
    if (!parsed.ok) {
      out.push({ source, problem: parsed.error });
      continue;
    }
    const tools = isObject(parsed.value) ? parsed.value['tools'] : undefined;
    out.push(
      Array.isArray(tools)
        ? { source, catalog: { source, tools, mcp: true, server: true } }
        : {
            source,
            problem: { message: `${shownFile(source)}: not a tools/list result (expected { "tools": [...] })` },
          },
    );
  }
  return out;
}

/** Lists each `--mcp` and `--url` server, in order; the lister is loaded only here, when a server is given. */
export async function listServers(servers: readonly McpServer[]): Promise<CatalogInput[]> {
  if (servers.length === 0) return [];
  const { listMcpTools } = await import('./mcp-server-list.js');
  const out: CatalogInput[] = [];
  for (const server of servers) {
    const source = server.label ?? `mcp: ${server.display}`;
    const listed = await listMcpTools(server);
    out.push(
      listed.ok
        ? { source, catalog: { source, tools: listed.value.tools, mcp: true, server: true, pages: listed.value.pages } }
        : { source, problem: listed.error },
    );
  }
  return out;
}

/**
 * `--registry <dir>`: every `.json` file there is a schema document, keyed by its `$id` (a trailing empty
 * fragment dropped, Core §8.2.1). Two files declaring the same `$id` are an input error naming both.
 */
export function readRegistry(dir: string): Result<Record<string, object | boolean>, Problem> {
  let files: string[];
  try {
    files = jsonFilesUnder(dir);
  } catch {
    return inputError(`${shownFile(dir)}: cannot read the registry folder`);
  }
  const registry: Record<string, object | boolean> = {};
  const fileOf = new Map<string, string>();
  for (const file of files) {
    const text = readText(file);
    if (!text.ok) return text;
    const parsed = parseStrictJsonNamed(text.value, file);
    if (!parsed.ok) return parsed;
    const id = isObject(parsed.value) ? parsed.value['$id'] : undefined;
    if (typeof id !== 'string') return inputError(`${shownFile(file)}: a registry document needs a string "$id"`);
    const key = id.replace(/#$/, '');
    const earlier = fileOf.get(key);
    if (earlier !== undefined)
      return inputError(`${shownFile(file)}: "$id" ${quote(key, 200)} is already declared by ${shownFile(earlier)}`);
    fileOf.set(key, file);
    // defineProperty, not assignment: an "$id" of "__proto__" must become a key, not the object's prototype.
    Object.defineProperty(registry, key, { value: parsed.value, enumerable: true, writable: true, configurable: true });
  }
  return { ok: true, value: registry };
}
