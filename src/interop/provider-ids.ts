// The one vocabulary of providers: every provider toolgate knows has one id here and one row in PROVIDERS
// (providers.ts); a provider with a profile has its own module too (openai.ts, openai-strict.ts, anthropic.ts,
// gemini.ts).
// The two public names are the subsets of it that callers take: a provider with a schema profile
// (checkProvider, admission's `provider`) and a provider with a wire format (toolsFor, toMessage).

/** Every provider id, each the id of one module listed in PROVIDERS (providers.ts). */
export type ProviderId = ProviderName | ProviderFormat;

/** The providers toolgate has a profile for. */
export type ProviderName = 'openai-strict' | 'openai' | 'anthropic' | 'gemini';

/**
 * The wire shapes hosts exchange with a provider: tool definitions (Bundle.toolsFor) and tool results
 * (toMessage). 'openai' is Chat Completions, 'openai-responses' the Responses API.
 */
export type ProviderFormat = 'openai' | 'openai-responses' | 'anthropic' | 'mcp';
