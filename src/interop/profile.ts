import type { Finding } from '../result.js';
import type { ProviderName } from './provider-ids.js';
import { escapePointerToken } from '../util/json-pointer.js';
import { walkSchema, type SchemaNode } from '../schema/walk.js';
import { isObject } from '../util/plain-json.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { quote } from '../util/describe-value.js';

export type { ProviderName } from './provider-ids.js';

/**
 * What a provider does with a schema feature: `rejects` (the request fails), `ignores` (accepted, not
 * enforced), `unlisted` (outside the subset the provider documents as supported, so it may be either).
 */
export type ProviderEffect = 'rejects' | 'ignores' | 'unlisted';

/** One thing a provider would do differently from toolgate, at one schema location. */
export interface ProviderFinding extends Finding {
  readonly provider: ProviderName;
  /** Stable rule id within the profile, e.g. `additional-properties-false`. */
  readonly rule: string;
  readonly effect: ProviderEffect;
  /** `documented` when the provider's own documentation says it; `observed` when only its errors show it. */
  readonly basis: 'documented' | 'observed';
  /** Where the rule comes from (documentation page or a public report of the provider's error). */
  readonly source: string;
}

/** A place a rule fires, before the profile stamps it with its rule, provider and source. */
export type RuleHit = Omit<Finding, 'rule'>;

/** One rule of a provider profile: a whole-document check returning its hits. */
export interface ProviderRule {
  readonly id: string;
  readonly effect: ProviderEffect;
  readonly basis: 'documented' | 'observed';
  readonly source: string;
  check(schema: unknown): RuleHit[];
}

/** A provider profile: its rules, dated, so a reader knows when the documentation was read. */
export interface ProviderProfile {
  readonly name: ProviderName;
  /** The day the provider documentation behind the rules was read (ISO date). */
  readonly dated: string;
  readonly rules: readonly ProviderRule[];
}

/** Runs every rule of a profile; findings come out sorted by schema path, then rule. */
export function runProfile(profile: ProviderProfile, schema: unknown): ProviderFinding[] {
  const out: ProviderFinding[] = [];
  for (const rule of profile.rules) {
    for (const hit of rule.check(schema)) {
      out.push({
        provider: profile.name,
        rule: rule.id,
        effect: rule.effect,
        basis: rule.basis,
        message: hit.message,
        schemaPath: hit.schemaPath,
        source: rule.source,
      });
    }
  }
  return out.sort((a, b) => byCodeUnits(a.schemaPath, b.schemaPath) || byCodeUnits(a.rule, b.rule));
}

/** The object nodes of a schema, each with the pointer where it sits. */
export function objectNodes(schema: unknown): { node: Record<string, unknown>; pointer: string; n: SchemaNode }[] {
  const out: { node: Record<string, unknown>; pointer: string; n: SchemaNode }[] = [];
  walkSchema(schema, (n) => void out.push({ node: n.node, pointer: n.pointer, n }), { positions: 'every-dialect' });
  return out;
}

/** Does this schema describe objects (type includes "object", or it lists properties)? */
export function describesObject(node: Record<string, unknown>): boolean {
  const t = node['type'];
  if (t === 'object' || (Array.isArray(t) && t.includes('object'))) return true;
  return t === undefined && isObject(node['properties']);
}

/** Hits for every keyword of `node` found in `keywords` (or for which it holds), located at the keyword. */
export function keywordHits(
  pointer: string,
  node: Record<string, unknown>,
  keywords: ReadonlySet<string> | ((k: string) => boolean),
  message: (k: string) => string,
): RuleHit[] {
  const out: RuleHit[] = [];
  const hit = typeof keywords === 'function' ? keywords : (k: string): boolean => keywords.has(k);
  for (const k of Object.keys(node))
    if (hit(k)) out.push({ message: message(k), schemaPath: `${pointer}/${escapePointerToken(k)}` });
  return out;
}

/** The root `type` rule most providers share: tool parameters are one JSON object. */
export function rootObjectHits(schema: unknown, provider: string): RuleHit[] {
  if (!isObject(schema))
    return [
      {
        message: `${provider} needs the parameters schema to be an object schema with "type": "object"`,
        schemaPath: '',
      },
    ];
  // toolsFor states `type: "object"` where the root leaves it implicit or lists it (src/tools/provider-shapes.ts):
  // the provider sees it there, so only a root of another type is one it rejects.
  const t = schema['type'];
  if (t === 'object' || t === undefined || (Array.isArray(t) && t.includes('object'))) return [];
  const got = schema['type'] === undefined ? 'no "type"' : `"type": ${quote(schema['type'])}`;
  return [
    {
      message: `${provider} needs "type": "object" at the root of the parameters schema, got ${got}`,
      schemaPath: schema['type'] === undefined ? '' : '/type',
    },
  ];
}
