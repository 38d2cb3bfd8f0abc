// A catalog lock's pins: one SHA-256 per listed tool over the RFC 8785 text of the whole tool object as listed
// (every field, not only what an approval dialog shows: a changed `_meta` or `outputSchema` is drift too), and
// one per top-level field, so a drift report names what changed. Fields the caller calls volatile are left out
// of both and recorded, so whoever compares later leaves out the same ones.
import { secretForms } from '../exec/secret-forms.js';
import { fail, ok, thrownMessage, type Result } from '../result.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { clip, quote } from '../util/describe-value.js';
import { steeringIn } from '../util/hidden-text.js';
import { jcsMembers, jcsObject } from '../util/jcs.js';
import { ANY, type OptionTable, readTable, rule } from '../util/option-table.js';
import { ownData } from '../util/own-field.js';
import { copyBoundedJson, isObject } from '../util/plain-json.js';
import { keptDefinition } from './lock-values.js';

/**
 * Deepest nesting of a tool a lock pins, the tool object itself being level 1: the proxy's MAX_MESSAGE_DEPTH
 * (src/mcp/message-depth.ts, a floor above this one, so written again here; a test holds the two equal), past which
 * it drops the answer that lists it. A pin's copies had no bound: a 30 MB listing nested 3,000,000 levels took
 * `lock` 12 s and 1.9 GB where `check` stopped at its depth limit in under 2 s (a hunt's find).
 */
export const MAX_PIN_DEPTH = 1000;

/** Why a tool nested deeper than MAX_PIN_DEPTH has no pin. */
const TOO_DEEP_TO_PIN = `it is nested more than ${MAX_PIN_DEPTH} levels deep (the proxy drops an answer so deep)`;

/** A private copy of `value` at most `depth` levels deep; else where the walk stopped and whether for the depth. */
function boundedCopy(
  value: unknown,
  depth: number,
): { ok: true; value: unknown } | { ok: false; deep: boolean; at: readonly (string | number)[]; message: string } {
  const copy = copyBoundedJson(value, { depth: { name: 'maxPinDepth', value: depth } });
  if (copy.ok) return copy;
  const { finding } = copy;
  return finding.kind === 'excess'
    ? { ok: false, deep: true, at: finding.excess.segments, message: TOO_DEEP_TO_PIN }
    : { ok: false, deep: false, at: finding.problem.segments, message: finding.problem.message };
}

/** The pin of one tool: hex SHA-256 of the RFC 8785 text of the tool and of each of its top-level fields. */
export interface ToolPin {
  readonly sha256: string;
  /** By top-level field name (ignored fields left out). */
  readonly fields: Readonly<Record<string, string>>;
  /**
   * The pinned fields themselves, so a drift report can show old and new values (and a review diff of the lock
   * file the change): null when too large to keep or when it carries a `withhold` value, absent in a lock
   * written before locks kept them.
   */
  readonly definition?: Readonly<Record<string, unknown>> | null;
}

/** A lock: the pins of one catalog's tools by name, and the fields left out of every pin. */
export interface ToolLock {
  readonly version: 1;
  /** Top-level fields left out of every pin, sorted. */
  readonly ignore: readonly string[];
  readonly tools: Readonly<Record<string, ToolPin>>;
}

/** Options of pinTools. */
export interface PinOptions {
  /** Volatile top-level fields (a `_meta` with a timestamp) to leave out of every pin; recorded in the lock. */
  readonly ignore?: readonly string[];
  /**
   * Values given to the server (`--env` values, `--header` values): a definition that carries one, in any form
   * masking knows (src/exec/mask-secrets.ts), is not kept (null), so a server that writes a secret into its own
   * listing does not get it into a lock file that is committed. The hashes still pin it.
   */
  readonly withhold?: readonly string[];
}

/** An array of strings: `withhold` (pinTools, listingDrift). */
export const STRING_LIST = rule(
  'an array of strings',
  (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
);

/** pinTools' options, read through one table: a misspelt `withhold` would write the secrets into the lock. */
export const PIN_OPTIONS_TABLE: OptionTable<PinOptions> = { ignore: ANY, withhold: STRING_LIST };

/**
 * Hex SHA-256 of a UTF-8 text. node:crypto is loaded on the first pin, not when toolgate is imported: its load
 * (about 2 ms, more on a cold start) is paid only by those who pin. process.getBuiltinModule is in Node >= 20.16.
 */
function sha256(text: string): string {
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(text, 'utf8').digest('hex');
}

/** A record without a prototype, so a tool or field named `__proto__` is an ordinary key. */
export function plainRecord<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [k, v] of entries) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true });
  return out;
}

/**
 * Fields a lock never leaves out: a change to one changes what is enforced or what the model reads, and must show
 * as drift (`--lock-ignore inputSchema` let a tool's schema and description change unseen).
 */
// `annotations` too: its `title` is shown as `title` is, and its hints (`destructiveHint: false`) decide whether a
// client asks before a call (a hunt's find: ignored, a tool could turn itself "read-only" with no drift).
const PINNED_ALWAYS = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations']);

/**
 * The ignore list checked: strings, each once, sorted by code units; none of PINNED_ALWAYS, none holding a steering
 * character (hidden-text.ts: a control, a bidi control, a tag). A lock is committed and its list printed when it
 * changes: a hostile lock's `"a\u001b[2J\u202e"` cleared the reviewer's terminal and reversed what followed. No MCP
 * tool field is named so, and `--lock-ignore` refuses one too: every lock toolgate writes reads back.
 */
export function ignoreList(ignore: unknown): Result<readonly string[]> {
  if (ignore === undefined) return ok([]);
  if (!Array.isArray(ignore) || ignore.some((f) => typeof f !== 'string' || f === ''))
    return fail('validation', 'ignore must be an array of top-level field names (non-empty strings)');
  for (const f of ignore as string[]) {
    const steering = steeringIn(f);
    if (steering !== undefined)
      return fail('validation', `ignore cannot name ${quote(f)}: it holds ${steering}, which no tool field name does`);
  }
  const pinned = (ignore as string[]).find((f) => PINNED_ALWAYS.has(f));
  if (pinned !== undefined)
    return fail(
      'validation',
      `ignore cannot leave out "${pinned}": a change to it changes what is enforced, what the model reads or ` +
        'whether a client asks before a call (only volatile fields, such as _meta, may be left out; a lock that ' +
        'left it out is locked again without it)',
    );
  return ok([...new Set(ignore as string[])].sort(byCodeUnits));
}

/**
 * The pin of one tool object, `ignore`d top-level fields left out; with `keep`, the pinned fields too (the
 * definition a lock file keeps). A tool that is not a JSON object, or that RFC 8785 cannot write (a lone
 * surrogate, a non-JSON value), is a `validation` failure: it has no pin.
 */
export function pinTool(tool: unknown, ignore: readonly string[] = [], keep = false): Result<ToolPin> {
  try {
    const fields = ignoreList(ignore);
    if (!fields.ok) return fields;
    const copy = boundedCopy(tool, MAX_PIN_DEPTH);
    if (!copy.ok && copy.deep) return fail('validation', copy.message);
    // What is not JSON is named where it is by pinChecked's own reading.
    return pinChecked(copy.ok ? copy.value : tool, fields.value, keep === true);
  } catch (thrown) {
    return fail('validation', `pinTool could not read its input: ${thrownMessage(thrown)}`);
  }
}

/** pinTool on an ignore list already checked. */
function pinChecked(
  tool: unknown,
  ignore: readonly string[],
  keep: boolean,
  withheld: readonly string[] = [],
): Result<ToolPin> {
  // One private copy, checked once; each field written once, the whole object composed of the same texts.
  const members = jcsMembers(tool);
  if (!members.ok) return members;
  const kept = members.value.filter(([k]) => !ignore.includes(k));
  const text = jcsObject(kept);
  return ok({
    sha256: sha256(text),
    fields: plainRecord(kept.map(([k, t]) => [k, sha256(t)] as const)),
    ...(keep ? { definition: withheld.some((f) => text.includes(f)) ? null : (keptDefinition(text) ?? null) } : {}),
  });
}

/**
 * The lock of a `tools/list` result (`{ tools: [...] }`, the pages concatenated): every listed tool is pinned,
 * whether admission would accept it or not, its definition kept beside its hashes. A tool without a string
 * name, a name listed twice, or a tool
 * pinTool refuses is a `validation` failure naming it: a lock pins each name exactly once.
 */
export function pinTools(listToolsResult: unknown, options: PinOptions = {}): Result<ToolLock> {
  try {
    return pinListing(listToolsResult, options);
  } catch (thrown) {
    // A revoked Proxy throws even on Array.isArray.
    return fail('validation', `pinTools could not read its input: ${thrownMessage(thrown)}`);
  }
}

function pinListing(listToolsResult: unknown, options: PinOptions): Result<ToolLock> {
  const given = ownData(listToolsResult, 'tools');
  if (!Array.isArray(given)) return fail('validation', 'pinTools expects a tools/list result: { "tools": [...] }');
  const read = readTable(options, PIN_OPTIONS_TABLE);
  if (read.problems.length > 0)
    return fail('validation', `invalid pinTools options: ${read.problems.join('; ')}`, read.violations);
  const ignore = ignoreList(read.values['ignore']);
  if (!ignore.ok) return ignore;
  const withhold = (read.values['withhold'] ?? []) as readonly string[];
  // Each value in every form it can take in the RFC 8785 text (escaped, \uXXXX), shorter ones left alone.
  const withheld = [...new Set(withhold.flatMap(secretForms))];
  // A pin's key (the name) and its fields' keys are written as listed, whatever is withheld: a lock is committed.
  const carries = (text: string): boolean => withheld.some((f) => text.includes(f));
  // One private copy of the list: a getter or a Proxy of the caller's never runs while it is pinned. Its tools at
  // most MAX_PIN_DEPTH deep (the list is one level more): the walk stops at the first deeper one.
  const listed = boundedCopy(given, MAX_PIN_DEPTH + 1);
  if (!listed.ok && !listed.deep)
    return fail('validation', `tool #${String(listed.at[0])} is not JSON: ${listed.message}`);
  if (!listed.ok) {
    // The walk went into this tool, so it is a data member: reading it runs no caller code.
    const index = listed.at[0];
    const name = typeof index === 'number' ? ownData(given[index], 'name') : undefined;
    const tool =
      typeof name === 'string' && !carries(name) ? `tool ${JSON.stringify(clip(name, 80))}` : `tool #${String(index)}`;
    return fail('validation', `${tool} cannot be pinned: ${listed.message}`);
  }
  const tools = listed.value as unknown[];
  const pins = new Map<string, ToolPin>();
  for (const [index, tool] of tools.entries()) {
    const name = ownData(tool, 'name');
    if (typeof name !== 'string') return fail('validation', `tool #${index} has no string "name", so it has no pin`);
    if (carries(name)) return fail('validation', `tool #${index} is named with a withheld value, so it has no pin`);
    const shown = JSON.stringify(clip(name, 80));
    if (isObject(tool) && Object.keys(tool).some((k) => !ignore.value.includes(k) && carries(k)))
      return fail('validation', `tool ${shown} has a field named with a withheld value, so it has no pin`);
    if (pins.has(name)) return fail('validation', `tool ${shown} is listed twice; a lock pins each name once`);
    const pin = pinChecked(tool, ignore.value, true, withheld);
    if (!pin.ok) return fail('validation', `tool ${shown} cannot be pinned: ${pin.error.message}`);
    pins.set(name, pin.value);
  }
  const names = [...pins.keys()].sort(byCodeUnits);
  return ok({ version: 1, ignore: ignore.value, tools: plainRecord(names.map((n) => [n, pins.get(n) as ToolPin])) });
}
