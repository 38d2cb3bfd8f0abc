// What a `--grants` client may ask beyond its tools. A grant's `allow`/`deny` name tools; `methods` names the other
// requests that reach the server's data: resources, prompts and completions (MCP "Server Features"). Without it a
// client can use none of them, and the initialize answer does not announce them: a client given no tool must not
// read the server's resources instead. Every client may send what keeps its session and its tools' calls going.
// A client request in neither list (a method a later revision adds) is refused for a granted client: what a grant
// does not name is not granted.
import { compileGlob } from '../util/glob.js';

/** The requests `methods` grants, by the capability that announces them, and the server notifications of each. */
const FAMILIES: readonly { capability: string; requests: readonly string[]; notifications: readonly string[] }[] = [
  {
    capability: 'resources',
    requests: [
      'resources/list',
      'resources/templates/list',
      'resources/read',
      'resources/subscribe',
      'resources/unsubscribe',
    ],
    notifications: ['notifications/resources/updated', 'notifications/resources/list_changed'],
  },
  {
    capability: 'prompts',
    requests: ['prompts/list', 'prompts/get'],
    notifications: ['notifications/prompts/list_changed'],
  },
  { capability: 'completions', requests: ['completion/complete'], notifications: [] },
];

/** What every granted client may send: its session's upkeep, its tools (granted by allow/deny), their tasks. */
const OWN: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'server/discover',
  'tools/list',
  'tools/call',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
  'logging/setLevel',
]);

/** The request methods a `methods` glob can grant. */
export const GRANTABLE_METHODS: readonly string[] = FAMILIES.flatMap((f) => f.requests);

/** One client's grant of methods beyond its tools. */
export interface MethodGrant {
  /** Whether a message of `method` from `sender` passes for this client (server requests always do). */
  passes(method: string, sender: 'client' | 'server'): boolean;
  /** Whether an initialize answer may announce `capability` to this client. */
  announces(capability: string): boolean;
}

/** The grant of `globs` (`methods` of a grants file; none: no resources, prompts or completions). */
export function compileMethodGrant(globs: readonly string[]): MethodGrant {
  const matchers = globs.map(compileGlob);
  const granted = new Set(GRANTABLE_METHODS.filter((m) => matchers.some((g) => g(m))));
  const open = (family: (typeof FAMILIES)[number]): boolean => family.requests.some((r) => granted.has(r));
  return {
    passes(method, sender) {
      if (method.startsWith('notifications/')) {
        // A client's notifications are its own session's; a server's of a family only to a client it is granted.
        const family = sender === 'server' ? FAMILIES.find((f) => f.notifications.includes(method)) : undefined;
        return family === undefined || open(family);
      }
      return sender === 'server' || OWN.has(method) || granted.has(method);
    },
    announces(capability) {
      const family = FAMILIES.find((f) => f.capability === capability);
      return family === undefined || open(family);
    },
  };
}

/** Which of `globs` grants no method at all (a typo would otherwise grant nothing, silently). */
export function idleMethodGlob(globs: readonly string[]): string | undefined {
  return globs.find((glob) => !GRANTABLE_METHODS.some(compileGlob(glob)));
}

/** The upstream's initialize result as `grant`'s client is told it: without the capabilities it may not use. */
export function announcedTo(init: Record<string, unknown>, grant: MethodGrant | undefined): Record<string, unknown> {
  const caps = init['capabilities'];
  if (grant === undefined || caps === null || typeof caps !== 'object' || Array.isArray(caps)) return init;
  const kept = Object.entries(caps).filter(([name]) => grant.announces(name));
  return { ...init, capabilities: Object.fromEntries(kept) };
}
