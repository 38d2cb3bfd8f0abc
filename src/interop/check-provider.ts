import { fail, guarded, ok, schemaViolation, type Result } from '../result.js';
import { echo } from '../schema/dialect.js';
import { copyJson, problemPointer } from '../arguments/json-value.js';
import { ANTHROPIC } from './anthropic.js';
import { GEMINI } from './gemini.js';
import { OPENAI } from './openai.js';
import { OPENAI_STRICT } from './openai-strict.js';
import { PROVIDER_NAMES, runProfile, type ProviderFinding, type ProviderName, type ProviderProfile } from './profile.js';

const PROFILES: Readonly<Record<ProviderName, ProviderProfile>> = {
  'openai-strict': OPENAI_STRICT,
  openai: OPENAI,
  anthropic: ANTHROPIC,
  gemini: GEMINI,
};

/** The dated profile behind a provider name (its rules and their sources), for display. */
export function providerProfile(provider: ProviderName): ProviderProfile | undefined {
  return Object.prototype.hasOwnProperty.call(PROFILES, provider) ? PROFILES[provider] : undefined;
}

/**
 * Reports, per schema location, what a provider documents (or is seen) to reject or ignore in a
 * tool's parameters schema. Information only: the schema is never changed and toolgate's own verdict
 * does not depend on it. Never throws.
 */
export function checkProvider(schema: unknown, provider: ProviderName): Result<readonly ProviderFinding[]> {
  return guarded('checkProvider', () => {
    const profile = providerProfile(provider);
    if (profile === undefined) {
      const message = `unknown provider ${echo(provider)}; known: ${PROVIDER_NAMES.join(', ')}`;
      return fail('validation', message, [schemaViolation('provider', message, '')]);
    }
    const copy = copyJson(schema);
    if (!copy.ok) {
      const message = `schema is not JSON at ${problemPointer(copy.problem) || 'the root'}: ${copy.problem.reason}`;
      return fail('validation', message, [schemaViolation('json', message, problemPointer(copy.problem))]);
    }
    return ok(runProfile(profile, copy.value));
  });
}
