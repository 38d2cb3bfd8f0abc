// The one table of providers: every provider toolgate knows, what each one has (a schema profile, a wire format
// and its name rule), and the lists every caller reads from it. Data only, so the CLI's help can read it without
// loading a profile; each provider's profile is its own module (openai.ts, openai-strict.ts, anthropic.ts,
// gemini.ts), looked up by id in check-provider.ts.
import type { ProviderFormat, ProviderId, ProviderName } from './provider-ids.js';

/** How a provider takes tool names: the longest it takes, and where it states its rule. */
export interface NameRule {
  readonly maxLength: number;
  /** The provider's own statement of the rule, cited by a `tool-name` finding; absent when none is cited. */
  readonly source?: string;
}

/** One provider: a row of PROVIDERS. */
export interface Provider<Id extends ProviderId = ProviderId> {
  readonly id: Id;
  /** It has a schema profile (checkProvider, admission's `provider`). */
  readonly profiled: boolean;
  /** Its tool names, when it has a wire format of its own (toolsFor, toMessage); absent: none. */
  readonly names?: NameRule;
}

/** Chat Completions function names match `^[a-zA-Z0-9_-]{1,64}$`; the Responses API takes the same. */
const OPENAI_NAMES: NameRule = { maxLength: 64, source: 'https://platform.openai.com/docs/api-reference/chat/create' };

/** Every provider by id; the type holds the table to the vocabulary (one row per id, no other). */
const BY_ID: { readonly [Id in ProviderId]: Provider<Id> } = {
  // OpenAI strict mode: a profile only; its wire format is `openai`'s (`strict: true` on a tool that passes it).
  'openai-strict': { id: 'openai-strict', profiled: true },
  openai: { id: 'openai', profiled: true, names: OPENAI_NAMES },
  // The Responses API: a wire format of its own, Chat Completions' name rule, the profiles of `openai(-strict)`.
  'openai-responses': { id: 'openai-responses', profiled: false, names: OPENAI_NAMES },
  // Anthropic Messages: tool names match `^[a-zA-Z0-9_-]{1,128}$`.
  anthropic: {
    id: 'anthropic',
    profiled: true,
    names: { maxLength: 128, source: 'https://docs.anthropic.com/en/api/messages' },
  },
  // Gemini: a profile only (toolgate shapes no Gemini tools or results).
  gemini: { id: 'gemini', profiled: true },
  // MCP allows 1-128 characters of `A-Za-z0-9_-.` (MCP 2025-11-25, server/tools, "Tool names").
  mcp: { id: 'mcp', profiled: false, names: { maxLength: 128 } },
};

/** The providers, in a stable order (the order every list below keeps). */
export const PROVIDERS: readonly Provider[] = Object.values(BY_ID);

/** Every provider name (a provider with a profile), in a stable order. */
export const PROVIDER_NAMES: readonly ProviderName[] = Object.freeze(
  PROVIDERS.filter((p) => p.profiled).map((p) => p.id as ProviderName),
);

/** Every wire format (a provider with name rules of its own), in a stable order. */
export const PROVIDER_FORMATS: readonly ProviderFormat[] = PROVIDERS.filter((p) => p.names !== undefined).map(
  (p) => p.id as ProviderFormat,
);

/** The name rule of each wire format. */
export function nameRuleOf(format: ProviderFormat): NameRule {
  return BY_ID[format].names as NameRule;
}
