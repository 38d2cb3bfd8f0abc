// What a `--grants` client may ask beyond its tools. A grant's `allow`/`deny` name tools; `methods` names the other
// requests that reach the server's data: resources, prompts and completions (MCP "Server Features"). Without it a
// client can use none of them, and the initialize answer does not announce them: a client given no tool must not
// read the server's resources instead. Every client may send what keeps its session and its tools' calls going.
// A client request in neither list (a method a later revision adds) is refused for a granted client: what a grant
// does not name is not granted.
import { compileGlob } from '../util/glob.js';
import { isObject } from '../util/plain-json.js';

/** The requests `methods` grants, by the capability that announces them. */
const FAMILIES: readonly { capability: string; requests: readonly string[] }[] = [
  {
    capability: 'resources',
    requests: [
      'resources/list',
      'resources/templates/list',
      'resources/read',
      'resources/subscribe',
      'resources/unsubscribe',
    ],
  },
  { capability: 'prompts', requests: ['prompts/list', 'prompts/get'] },
  { capability: 'completions', requests: ['completion/complete'] },
];

/**
 * A server notification of a family, and the request it answers to: `updated` follows a subscription, a list's
 * change matters to whoever may list (MCP "Resources", "Prompts"). Each capability flag that announces one, too.
 */
const NOTIFIED_FOR: ReadonlyMap<string, string> = new Map([
  ['notifications/resources/updated', 'resources/subscribe'],
  ['notifications/resources/list_changed', 'resources/list'],
  ['notifications/prompts/list_changed', 'prompts/list'],
]);
const FLAG_FOR: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  [
    'resources',
    new Map([
      ['subscribe', 'resources/subscribe'],
      ['listChanged', 'resources/list'],
    ]),
  ],
  ['prompts', new Map([['listChanged', 'prompts/list']])],
]);

/**
 * What a completion reads, by its `ref` type (MCP "Completion"): a prompt's arguments, or a resource template's.
 * A grant of completion alone does not open either.
 */
const COMPLETES: ReadonlyMap<string, readonly string[]> = new Map([
  ['ref/prompt', ['prompts/get']],
  ['ref/resource', ['resources/read', 'resources/templates/list']],
]);

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
  /** Whether a client request with these `params` passes (`completion/complete`: what its `ref` reads). */
  passesWith(method: string, params: unknown): boolean;
  /** Whether an initialize answer may announce `capability` to this client. */
  announces(capability: string): boolean;
  /** Whether it may announce flag `flag` of `capability` (`subscribe`, `listChanged`). */
  flags(capability: string, flag: string): boolean;
}

/** The grant of `globs` (`methods` of a grants file; none: no resources, prompts or completions). */
export function compileMethodGrant(globs: readonly string[]): MethodGrant {
  const matchers = globs.map(compileGlob);
  const granted = new Set(GRANTABLE_METHODS.filter((m) => matchers.some((g) => g(m))));
  const passes = (method: string, sender: 'client' | 'server'): boolean => {
    if (method.startsWith('notifications/')) {
      // A client's notifications are its own session's; a server's of a family only to a client it concerns.
      const needs = sender === 'server' ? NOTIFIED_FOR.get(method) : undefined;
      return needs === undefined || granted.has(needs);
    }
    return sender === 'server' || OWN.has(method) || granted.has(method);
  };
  return {
    passes,
    passesWith(method, params) {
      if (!passes(method, 'client')) return false;
      if (method !== 'completion/complete') return true;
      const ref = isObject(params) ? params['ref'] : undefined;
      const type = isObject(ref) ? ref['type'] : undefined;
      const reads = typeof type === 'string' ? COMPLETES.get(type) : undefined;
      return reads?.some((m) => granted.has(m)) === true;
    },
    announces(capability) {
      const family = FAMILIES.find((f) => f.capability === capability);
      return family === undefined || family.requests.some((r) => granted.has(r));
    },
    flags(capability, flag) {
      const needs = FLAG_FOR.get(capability)?.get(flag);
      return needs === undefined || granted.has(needs);
    },
  };
}

/** Which of `globs` grants no method at all (a typo would otherwise grant nothing, silently). */
export function idleMethodGlob(globs: readonly string[]): string | undefined {
  return globs.find((glob) => !GRANTABLE_METHODS.some(compileGlob(glob)));
}

/**
 * The upstream's initialize result as `grant`'s client is told it: without the capabilities it may not use, nor
 * the flags of those it may use in part (a client granted `resources/read` alone is not told it may subscribe).
 */
export function announcedTo(init: Record<string, unknown>, grant: MethodGrant | undefined): Record<string, unknown> {
  const caps = init['capabilities'];
  if (grant === undefined || !isObject(caps)) return init;
  const kept = Object.entries(caps)
    .filter(([name]) => grant.announces(name))
    .map(([name, value]) => [name, narrowed(name, value, grant)]);
  return { ...init, capabilities: Object.fromEntries(kept) };
}

/** A capability's object without the flags `grant` leaves out. */
function narrowed(capability: string, value: unknown, grant: MethodGrant): unknown {
  if (!FLAG_FOR.has(capability) || !isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([flag]) => grant.flags(capability, flag)));
}
