// The aggregate's names (`proxy --config`, startProxy's `servers`): a server's tool is published as
// `<server>__<tool>`, and that whole name must still be a name every client and provider takes,
// `^[A-Za-z0-9_-]{1,64}$`. A name that would not be is never truncated or renamed: the tool is treated as a
// malformed tool (admission fails, or `--bad-tools leave-out` withholds it, naming why). A server name must match
// the same pattern and hold no `__`, so every published name splits back into one server and one tool.
import type { Diagnostic } from '../catalog/diagnostics.js';
import { clip } from '../util/describe-value.js';
import { ownData } from '../util/own-field.js';

/** What a published name must match (MCP's recommended tool name characters, at most 64). */
export const PUBLISHED_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Between the server's name and the tool's. */
export const SEPARATOR = '__';

/** The name a server's tool is published under. */
export function publishedName(server: string, tool: string): string {
  return `${server}${SEPARATOR}${tool}`;
}

/** Why `name` cannot name a server of the aggregate, or undefined when it can. */
export function serverNameProblem(name: string): string | undefined {
  const shown = JSON.stringify(clip(name, 80));
  if (name.includes(SEPARATOR))
    return `server name ${shown} contains "${SEPARATOR}", which separates the server from the tool in published names`;
  if (!PUBLISHED_NAME.test(name) || name.length > 64 - SEPARATOR.length - 1)
    return `server name ${shown} must match ^[A-Za-z0-9_-]+$ and leave room for a tool name (at most 61 characters)`;
  // Ending in `_`, `a_` + `__x` and `a` + `___x` would both publish `a___x`.
  if (name.endsWith('_'))
    return `server name ${shown} must not end with "_" (its published names would not split back)`;
  return undefined;
}

/**
 * A `descriptor` diagnostic for each listed tool whose published name would break PUBLISHED_NAME, at its position
 * in the listing (admission then treats it as any malformed tool). A tool with no string name is left to
 * admission's own name rule.
 */
export function publishedNameDiagnostics(server: string, listed: readonly unknown[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  listed.forEach((tool, index) => {
    const name = ownData(tool, 'name');
    if (typeof name !== 'string' || name === '') return;
    const published = publishedName(server, name);
    if (PUBLISHED_NAME.test(published)) return;
    const message =
      `its published name ${JSON.stringify(clip(published, 80))} does not match ^[A-Za-z0-9_-]{1,64}$ ` +
      `(${published.length} characters; published names are <server>${SEPARATOR}<tool>, never truncated)`;
    out.push({
      name,
      revision: undefined,
      index,
      stage: 'descriptor',
      error: { class: 'validation', message, violations: [] },
    });
  });
  return out;
}
