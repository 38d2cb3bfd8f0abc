import { fail, guarded, ok, schemaViolation, type Result } from '../result.js';
import { privateSchemaCopy, type ReportOptions } from '../schema/schema-copy.js';
import { describeValue } from '../util/describe-value.js';
import { deepFreeze } from '../util/plain-json.js';
import { ANTHROPIC } from './anthropic.js';
import { GEMINI } from './gemini.js';
import { OPENAI } from './openai.js';
import { OPENAI_STRICT } from './openai-strict.js';
import { PROVIDER_NAMES } from './providers.js';
import { runProfile, type ProviderFinding, type ProviderName, type ProviderProfile } from './profile.js';

/**
 * Each provider's profile, from its own module; the type asks for one per provider name of the table. Deep-frozen:
 * providerProfile hands these very objects out, and `rules.length = 0` had turned off checkProvider and admission's
 * provider policy for the whole process (a hunt's find).
 */
const PROFILES: Readonly<Record<ProviderName, ProviderProfile>> = deepFreeze({
  'openai-strict': OPENAI_STRICT,
  openai: OPENAI,
  anthropic: ANTHROPIC,
  gemini: GEMINI,
});

/** The dated profile behind a provider name (its rules and their sources), for display; frozen, rules and all. */
export function providerProfile(provider: ProviderName): ProviderProfile | undefined {
  // A string first: a Proxy or a revoked Proxy would run (or throw from) traps in a property lookup.
  return typeof provider === 'string' && Object.hasOwn(PROFILES, provider) ? PROFILES[provider] : undefined;
}

/**
 * Reports, per schema location, what a provider documents (or is seen) to reject or ignore in a
 * tool's parameters schema. Information only: the schema is never changed and toolgate's own verdict
 * does not depend on it. The schema is copied under the schema limits (`options.limits`) first, as
 * validateSchema does. Never throws.
 */
export function checkProvider(
  schema: unknown,
  provider: ProviderName,
  options?: ReportOptions,
): Result<readonly ProviderFinding[]> {
  return guarded('checkProvider', () => {
    const profile = providerProfile(provider);
    if (profile === undefined) {
      const message = `unknown provider ${describeValue(provider)}; known: ${PROVIDER_NAMES.join(', ')}`;
      return fail('validation', message, [
        schemaViolation('provider', message, '', 'invalid_option', { option: 'provider' }),
      ]);
    }
    const copy = privateSchemaCopy(schema, options);
    if (!copy.ok) return copy;
    return ok(runProfile(profile, copy.value));
  });
}
