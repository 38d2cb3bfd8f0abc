// What each protocol revision allows across the proxy, beyond the tools it admits: a server-to-client request
// needs the capability the client declared for it (MCP "Client Features"), an elicitation mode the client's
// revision has and the client declared (2025-11-25: `form`, the default, and `url`; an empty `elicitation`
// capability means form only) and a form only the schema features of that revision; sampling with tools (offered,
// or a tool exchange in its messages) needs `sampling.tools`, content given as an array a revision that has it, and
// every block a content type of the client's revision (no audio before 2025-03-26); a tasks/* request needs
// `tasks`; a task-augmented tools/call needs tasks in both sides' revisions (2025-11-25). Each refusal is the
// reason, said to the side that asked.
import type { ProtocolRevision } from '../mcp/versions.js';

/** Which client capability a server-to-client request needs (MCP "Client Features"). */
const NEEDS: Readonly<Record<string, string>> = {
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
  'roots/list': 'roots',
};

const objectOr = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * Why the server's request `method` with `params` may not reach a client of revision `client` that declared
 * `caps`, or undefined when it may.
 */
export function serverRequestRefusal(
  method: string,
  params: unknown,
  caps: Readonly<Record<string, unknown>>,
  client: ProtocolRevision,
): string | undefined {
  if (method.startsWith('tasks/')) return clientTaskRefusal(method, caps);
  const needs = NEEDS[method];
  if (needs === undefined) return undefined;
  const declared = objectOr(caps[needs]);
  if (declared === undefined) return `the client did not declare the "${needs}" capability`;
  const given = objectOr(params) ?? {};
  if (method === 'elicitation/create') {
    const mode = given['mode'] ?? 'form';
    if (mode !== 'form' && mode !== 'url') return `unknown elicitation mode ${JSON.stringify(String(mode))}`;
    if (!client.elicitationModes.includes(mode))
      return `the client's protocol revision ${client.version} has no ${mode} elicitation`;
    // An empty elicitation capability declares form mode only (2025-11-25, "Elicitation", capabilities).
    const modes = Object.keys(declared);
    if (modes.length === 0 ? mode !== 'form' : !modes.includes(mode))
      return `the client did not declare elicitation mode "${mode}"`;
    return mode === 'form' ? formRefusal(given, client) : undefined;
  }
  if (method !== 'sampling/createMessage') return undefined;
  // A null member is read as left out, as the request's shape reads it (src/mcp/message-shapes.ts).
  const offered = (given['tools'] ?? null) !== null || (given['toolChoice'] ?? null) !== null;
  // A tool exchange in the history is tool-enabled too (a hunt's find: a fabricated tool_use and tool_result
  // reached a client that declared `sampling` alone). Content given as an array came in the same revision as
  // sampling with tools (2025-11-25, SamplingMessage) but needs no `sampling.tools`: an older client cannot read it.
  const blocks = samplingBlocks(given['messages']);
  const toolEnabled = offered || blocks.types.has('tool_use') || blocks.types.has('tool_result');
  if (toolEnabled) {
    if (!client.samplingTools) return `the client's protocol revision ${client.version} has no sampling with tools`;
    if (objectOr(declared['tools']) === undefined) return 'the client did not declare the "sampling.tools" capability';
  }
  if (blocks.array && !client.samplingTools)
    return `the client's protocol revision ${client.version} has no content given as an array in sampling`;
  const lacked = [...blocks.types].find((type) => !SAMPLED.includes(type) && !client.contentTypes.includes(type));
  if (lacked !== undefined) return `the client's protocol revision ${client.version} has no ${lacked} content`;
  return undefined;
}

/** Sampling content types beside a revision's content blocks, allowed once the request is tool-enabled. */
const SAMPLED: readonly string[] = ['tool_use', 'tool_result'];

/** The content block types of a sampling request's messages, and whether a message gives its content as an array. */
function samplingBlocks(messages: unknown): { readonly types: Set<string>; readonly array: boolean } {
  const types = new Set<string>();
  let array = false;
  for (const message of Array.isArray(messages) ? messages : []) {
    const content = objectOr(message)?.['content'];
    if (Array.isArray(content)) array = true;
    for (const block of Array.isArray(content) ? content : [content]) {
      const type = objectOr(block)?.['type'];
      // One of no type is not of the request's shape, refused as such (server-messages.ts).
      if (typeof type === 'string') types.add(type);
    }
  }
  return { types, array };
}

/**
 * Why a form elicitation asks for more than a revision without elicitationChoices has (2025-06-18's
 * PrimitiveSchemaDefinition: no multi-select array, no titled `oneOf`, a `default` on a boolean only), or undefined.
 */
function formRefusal(given: Record<string, unknown>, client: ProtocolRevision): string | undefined {
  if (client.elicitationChoices) return undefined;
  const properties = objectOr(objectOr(given['requestedSchema'])?.['properties']) ?? {};
  for (const value of Object.values(properties)) {
    const property = objectOr(value) ?? {};
    const feature =
      property['type'] === 'array'
        ? 'multi-select array'
        : property['oneOf'] !== undefined
          ? 'titled choice (oneOf)'
          : property['default'] !== undefined && property['type'] !== 'boolean'
            ? `default on a ${String(property['type'])}`
            : undefined;
    if (feature !== undefined)
      return `the client's protocol revision ${client.version} has no ${feature} in a form elicitation`;
  }
  return undefined;
}

/**
 * Why a server's tasks/* request (about a task the client runs for it) may not reach a client that declared `caps`:
 * it needs `tasks`, and tasks/list and tasks/cancel their own member of it (2025-11-25, ClientCapabilities.tasks).
 */
function clientTaskRefusal(method: string, caps: Readonly<Record<string, unknown>>): string | undefined {
  const tasks = objectOr(caps['tasks']);
  if (tasks === undefined) return 'the client did not declare the "tasks" capability';
  const member = method === 'tasks/list' ? 'list' : method === 'tasks/cancel' ? 'cancel' : undefined;
  if (member !== undefined && objectOr(tasks[member]) === undefined)
    return `the client did not declare the "tasks.${member}" capability`;
  return undefined;
}

/**
 * Why a task-augmented tools/call may not pass between these revisions, or undefined. A client whose revision has
 * no tasks sent a member its revision does not define: it is dropped like any other (src/mcp/forward.ts) and
 * the call runs as an ordinary one. A client that has tasks, talking to a server that has none, is told so.
 */
export function taskRefusal(params: unknown, client: ProtocolRevision, server: ProtocolRevision): string | undefined {
  if (objectOr(params)?.['task'] === undefined || !client.tasks) return undefined;
  if (!server.tasks) return `the MCP server speaks protocol revision ${server.version}, which has no tasks`;
  return undefined;
}
