// Admission's view of provider profiles: which findings a batch reports, and the diagnostic that
// leaves a tool out when the host asked for `providerPolicy: 'quarantine'`. The schema is never rewritten
// to fit a provider: a tool is either published as written or not published.
import { fail, ok, type GateError, type Result, type Violation } from '../result.js';
import { describeValue, shownPlace } from '../util/describe-value.js';
import { checkProvider } from '../interop/check-provider.js';
import { PROVIDER_NAMES } from '../interop/providers.js';
import type { ProviderFinding, ProviderName } from '../interop/profile.js';

/** What admission does with provider findings: list them on the bundle, or leave out tools a provider rejects. */
export type ProviderPolicy = 'report' | 'quarantine';

/** The provider settings of one batch, checked. */
export interface ProviderSettings {
  readonly provider: ProviderName | undefined;
  readonly policy: ProviderPolicy;
}

/**
 * Reads `provider` and `providerPolicy` like `mode`: an unknown value is a `validation` error, never a
 * guess. `quarantine` without a provider is refused too: the host would believe tools were filtered.
 */
export function providerSettingsOf(provider: unknown, policy: unknown): Result<ProviderSettings> {
  if (provider !== undefined && !PROVIDER_NAMES.includes(provider as ProviderName)) {
    return fail(
      'validation',
      `admitBatch provider must be one of ${PROVIDER_NAMES.join(', ')}, got ${describeValue(provider)}`,
    );
  }
  if (policy !== undefined && policy !== 'report' && policy !== 'quarantine') {
    return fail(
      'validation',
      `admitBatch providerPolicy must be 'report' or 'quarantine', got ${describeValue(policy)}`,
    );
  }
  if (policy === 'quarantine' && provider === undefined) {
    return fail('validation', "admitBatch providerPolicy 'quarantine' needs a provider to check against");
  }
  return ok({
    provider: provider as ProviderName | undefined,
    policy: policy === 'quarantine' ? 'quarantine' : 'report',
  });
}

/** The findings of one accepted tool, and the error that leaves it out under the quarantine policy. */
export interface ProviderVerdict {
  readonly findings: readonly ProviderFinding[];
  /** Set when the tool must not be published: a rejecting finding under 'quarantine', or a failed check. */
  readonly error?: GateError;
}

function findingViolation(provider: ProviderName, f: ProviderFinding): Violation {
  // The rule leads the message too, so a report that prints only messages still says which rule refused.
  return {
    path: '$',
    pointer: '',
    keyword: `${provider}:${f.rule}`,
    message: `${provider} rule ${f.rule}: ${f.message}`,
    schemaPath: f.schemaPath,
    code: 'provider_refused',
    params: { provider, rule: f.rule, effect: f.effect },
  };
}

/**
 * Checks one admitted schema against the provider. A rejecting finding is `unsupported_capability`
 * under 'quarantine' (the provider cannot take the schema as written and toolgate will not loosen it),
 * so `mode` then decides as for any refused schema: strict fails the batch, quarantine leaves the tool out.
 */
export function providerVerdict(
  schema: unknown,
  settings: ProviderSettings & { provider: ProviderName },
  options?: Parameters<typeof checkProvider>[2],
): ProviderVerdict {
  // The admission's own limits: the schema passed validateSchema under them, so the copy must too.
  const checked = checkProvider(schema, settings.provider, options);
  // The schema already passed validateSchema, so this is an internal failure: fail closed.
  if (!checked.ok)
    return {
      findings: [],
      error: {
        class: 'execution_failure',
        message: `provider check failed: ${checked.error.message}`,
        violations: checked.error.violations,
        kind: checked.error.kind ?? 'internal',
        ...(checked.error.limit === undefined ? {} : { limit: checked.error.limit }),
      },
    };
  const findings = checked.value;
  if (settings.policy !== 'quarantine') return { findings };
  const rejecting = findings.filter((f) => f.effect === 'rejects');
  const first = rejecting[0];
  if (first === undefined) return { findings };
  const more = rejecting.length > 1 ? ` (and ${rejecting.length - 1} more)` : '';
  const message =
    `provider ${settings.provider} would reject this schema: rule ${first.rule} at ` +
    `${first.schemaPath === '' ? 'the root' : shownPlace(first.schemaPath)}: ${first.message}${more}`;
  return {
    findings,
    error: {
      class: 'unsupported_capability',
      message,
      violations: rejecting.map((f) => findingViolation(settings.provider, f)),
    },
  };
}
