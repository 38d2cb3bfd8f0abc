// The one table of providers: each row comes from the provider's own module, and every caller that asks "which
// providers" (profiles, wire formats, name rules) reads it here rather than keeping a list of its own.
import { ANTHROPIC_PROVIDER } from './anthropic.js';
import { GEMINI_PROVIDER } from './gemini.js';
import { MCP_PROVIDER } from './mcp.js';
import { OPENAI_PROVIDER } from './openai.js';
import { OPENAI_RESPONSES_PROVIDER } from './openai-responses.js';
import { OPENAI_STRICT_PROVIDER } from './openai-strict.js';
import type { NameRule, Provider } from './provider.js';
import type { ProviderFormat, ProviderId, ProviderName } from './provider-ids.js';
import type { ProviderProfile } from './profile.js';

/** Every provider by id; the type holds the table to the vocabulary (one row per id, no other). */
const BY_ID: { readonly [Id in ProviderId]: Provider<Id> } = {
  'openai-strict': OPENAI_STRICT_PROVIDER,
  openai: OPENAI_PROVIDER,
  'openai-responses': OPENAI_RESPONSES_PROVIDER,
  anthropic: ANTHROPIC_PROVIDER,
  gemini: GEMINI_PROVIDER,
  mcp: MCP_PROVIDER,
};

/** The providers, in a stable order (the order every list below keeps). */
export const PROVIDERS: readonly Provider[] = Object.values(BY_ID);

/** Every provider name (a provider with a profile), in a stable order. */
export const PROVIDER_NAMES: readonly ProviderName[] = PROVIDERS.filter((p) => p.profile !== undefined).map(
  (p) => p.id as ProviderName,
);

/** Every wire format (a provider with name rules of its own), in a stable order. */
export const PROVIDER_FORMATS: readonly ProviderFormat[] = PROVIDERS.filter((p) => p.names !== undefined).map(
  (p) => p.id as ProviderFormat,
);

/** The profile of each provider name. */
export const PROFILES: Readonly<Record<ProviderName, ProviderProfile>> = Object.fromEntries(
  PROVIDER_NAMES.map((id) => [id, BY_ID[id].profile as ProviderProfile]),
) as Record<ProviderName, ProviderProfile>;

/** The name rule of each wire format. */
export function nameRuleOf(format: ProviderFormat): NameRule {
  return BY_ID[format].names as NameRule;
}
