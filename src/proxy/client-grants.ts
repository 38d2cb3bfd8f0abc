// The `--grants <file>` of `--listen` (startProxy's `listen.grants`): per-client bearer tokens, the tools each
// client may see and call, and the requests beyond tools it may send (`methods`, method-grants.ts).
// `{ "clients": [{ "name": "ci", "tokenEnv": "CI_TOKEN", "allow": ["github__*"],
// "deny": ["github__delete_*"] }] }`. Read strictly, since a grant misread is a tool wrongly shown: strict JSON (a
// key given twice is an error), no unknown member, names unique and plain, `allow` required (`[]` grants nothing,
// `["*"]` everything), each token read from the proxy's environment (never from the file), long enough, visible
// ASCII and different from every other client's. No message ever holds a token: a client is named by its name and
// variable.
import { readFileSync } from 'node:fs';
import { parseStrictJsonText } from '../arguments/json-text-strict.js';
import { fail, ok, type Result } from '../result.js';
import { clip } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { tokenDigest } from './bearer.js';
import { compileGrants, type GrantedClient } from './grants.js';
import { grantReaches } from './grant-servers.js';
import { compileMethodGrant, GRANTABLE_METHODS, idleMethodGlob } from './method-grants.js';
import { MIN_TOKEN_LENGTH } from './settings.js';

/** A client's name: what `--log` lines and stderr show, so plain characters only. */
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const TOP = ['clients'];
const MEMBERS = ['name', 'tokenEnv', 'allow', 'deny', 'methods'];
/** A grants file is the host's own, but a few thousand clients is far past any use: each is compared per request. */
export const MAX_CLIENTS = 1000;

const shown = (text: string): string => JSON.stringify(clip(text, 64));
const problem = (message: string): Result<never> => fail('validation', message);
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
/**
 * What an `Authorization` header carries as is: HTTP drops a space at either end (bearer.ts trims too) and reads
 * other bytes as latin1, so a token " x" would be sent as "x" (another client's) and one with "é" never match.
 */
const SENDABLE = /^[\x21-\x7e]+$/;

/** One client entry read (its token not yet looked up). */
function entryOf(
  entry: unknown,
  at: string,
): Result<{ name: string; tokenEnv: string; allow: string[]; deny: string[]; methods: string[] }> {
  if (!isObject(entry)) return problem(`${at} must be an object`);
  const extra = Object.keys(entry).find((k) => !MEMBERS.includes(k));
  if (extra !== undefined)
    return problem(`${at} has an unknown member ${shown(extra)} (a client has ${MEMBERS.join(', ')})`);
  const { name, tokenEnv, allow, deny, methods } = entry;
  if (typeof name !== 'string' || !NAME.test(name))
    return problem(`${at}.name must be 1 to 64 of A-Z a-z 0-9 _ . - (it names the client in --log)`);
  const client = `client ${shown(name)}`;
  if (typeof tokenEnv !== 'string' || tokenEnv === '')
    return problem(`${client}: "tokenEnv" must name the environment variable holding its token`);
  if (!strings(allow))
    return problem(`${client}: "allow" must be an array of globs ([] grants nothing, ["*"] every published tool)`);
  if (deny !== undefined && !strings(deny)) return problem(`${client}: "deny" must be an array of globs`);
  if (methods !== undefined && !strings(methods))
    return problem(`${client}: "methods" must be an array of globs over ${GRANTABLE_METHODS.join(', ')}`);
  const idle = idleMethodGlob(methods ?? []);
  if (idle !== undefined)
    return problem(`${client}: "methods" glob ${shown(idle)} grants none of ${GRANTABLE_METHODS.join(', ')}`);
  return ok({ name, tokenEnv, allow, deny: deny ?? [], methods: methods ?? [] });
}

/**
 * A grants file's text read: its clients, each with its token from `env` (the proxy's environment). Every
 * problem names the file's client and variable, never a token.
 */
export function readGrants(text: string, env: Readonly<Record<string, string | undefined>>): Result<GrantedClient[]> {
  const parsed = parseStrictJsonText(text, {
    maxArgumentDepth: 16,
    maxArgumentValues: 1_000_000,
    maxStringLength: 100_000,
    maxObjectProperties: 10_000,
    maxArrayItems: 100_000,
  });
  if (!parsed.ok) return problem(`not JSON: ${parsed.error.message.replace(/^arguments are not valid JSON: /, '')}`);
  const document = parsed.value.value;
  if (!isObject(document)) return problem('must be a JSON object: { "clients": [...] }');
  const extra = Object.keys(document).find((k) => !TOP.includes(k));
  if (extra !== undefined) return problem(`unknown member ${shown(extra)} (a grants file has "clients" only)`);
  const list = document['clients'];
  if (!Array.isArray(list) || list.length === 0) return problem('"clients" must be a non-empty array of clients');
  if (list.length > MAX_CLIENTS) return problem(`"clients" lists more than ${MAX_CLIENTS} clients`);
  const clients: GrantedClient[] = [];
  const owners = new Map<string, string>();
  for (const [index, item] of list.entries()) {
    const entry = entryOf(item, `clients[${index}]`);
    if (!entry.ok) return entry;
    const { name, tokenEnv, allow, deny, methods } = entry.value;
    const client = `client ${shown(name)}`;
    if (clients.some((c) => c.name === name)) return problem(`${client} is named twice: each client once`);
    const token = Object.hasOwn(env, tokenEnv) ? env[tokenEnv] : undefined;
    if (token === undefined || token === '')
      return problem(`${client}: ${shown(tokenEnv)} is not set in toolgate's environment`);
    if (token.length < MIN_TOKEN_LENGTH)
      return problem(`${client}: the token in ${shown(tokenEnv)} must be at least ${MIN_TOKEN_LENGTH} characters`);
    if (!SENDABLE.test(token))
      return problem(
        `${client}: the token in ${shown(tokenEnv)} must be visible ASCII, no spaces (as a header sends it)`,
      );
    const other = owners.get(token);
    if (other !== undefined) return problem(`${client} has the same token as ${other}: a token must name one client`);
    owners.set(token, `${client} (${shown(tokenEnv)})`);
    // An empty allow grants nothing here (--allow's "none given: all" would turn a typo into every tool).
    const globs = compileGrants(allow, deny);
    // Its globs kept as given, so one that matches no published tool is said (unmatched-grants.ts).
    const grants = {
      granted: (tool: string) => allow.length > 0 && globs.granted(tool),
      patterns: globs.patterns ?? [],
    };
    // Which gateway servers it reaches, decided once per server (grant-servers.ts).
    const reached = new Map<string, boolean>();
    const reaches = (server: string): boolean => {
      const known = reached.get(server);
      if (known !== undefined) return known;
      const now = grantReaches(allow, deny, server);
      reached.set(server, now);
      return now;
    };
    clients.push({ name, token, digest: tokenDigest(token), grants, methods: compileMethodGrant(methods), reaches });
  }
  return ok(clients);
}

/** A grants file read (readGrants); `label` (`--grants <file>`) starts every message. */
export function readGrantsFile(
  file: string,
  label: string,
  env: Readonly<Record<string, string | undefined>>,
): Result<GrantedClient[]> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (thrown) {
    const code = (thrown as { code?: unknown })?.code;
    return problem(`${label}: cannot read (${typeof code === 'string' ? code : 'unreadable'})`);
  }
  const read = readGrants(text, env);
  return read.ok ? read : problem(`${label}: ${read.error.message}`);
}
