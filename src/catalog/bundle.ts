import type { ProviderFinding, ProviderName } from '../interop/profile.js';
import { lintSchema } from '../lint/lint.js';
import type { LintWarning } from '../lint/warning.js';
import { providerNamesOf, type Registry } from '../tools/registry.js';
import { publishedName, type ProviderNameMap } from '../tools/provider-names.js';
import { nameRuleOf, PROVIDER_FORMATS, PROVIDER_NAMES } from '../interop/providers.js';
import type { Authority } from './authority.js';
import type { Diagnostic } from './diagnostics.js';
import { memoStrict, shapeTools, type ProviderTool, type ToolsFor } from './providers.js';
import type { ProviderFormat } from '../tools/tool-result.js';
import { byCodeUnits } from '../util/code-unit-order.js';

/** Counts of one admission, for hosts and the benchmark (not part of any serialized form). */
export interface AdmissionStats {
  /** Descriptors in the batch. */
  readonly tools: number;
  /** Admitted tools whose compiled schema was new to this process (an Ajv compile happened). */
  readonly compiled: number;
  /** Admitted tools whose compiled schema came from the content cache (no compile). */
  readonly reused: number;
  /** Distinct URIs the host's schemaLoader was asked for (each at most once per batch). */
  readonly loaderCalls: number;
}

/** The serialized form of a bundle: what may be shown to a model, an event subscriber or a checkpoint. */
export interface BundleJSON {
  readonly accepted: readonly string[];
  readonly providerTools: readonly ProviderTool[];
  readonly authority: Authority | undefined;
}

/** What one admission produced: one executable registry and the matching definitions for the model. */
export interface Bundle {
  /** Holds exactly the accepted tools; with an authority, calls only the granted ones (others: `authorize`). */
  readonly registry: Registry;
  /**
   * Definitions for the model, sorted by name; each schema deep-equal to the descriptor's. With an authority,
   * only the granted tools.
   */
  readonly providerTools: readonly ProviderTool[];
  /** The given authority with grants of rejected tools removed; undefined when none was given. */
  readonly authority: Authority | undefined;
  /** Names of admitted tools, sorted (granted or not: this is the admission's verdict, for the host). */
  readonly accepted: readonly string[];
  /** Quarantined tools with their structured errors. Non-enumerable and left out of toJSON: trusted-host data. */
  readonly rejected: readonly Diagnostic[];
  /** Compile-cache and loader counts; non-enumerable. */
  readonly stats: AdmissionStats;
  /**
   * With the `provider` option: that provider's findings for every accepted tool, by name (an empty list
   * when it has none); `{}` without it. Besides, with or without it, a tool withheld from `openai` or
   * `anthropic` because of its name (rule `tool-name`: too long, or its mapped name taken) has a finding
   * saying why. Information for the host: non-enumerable, left out of toJSON.
   */
  readonly providerFindings: Readonly<Record<string, readonly ProviderFinding[]>>;
  /**
   * lintSchema's warnings for every accepted tool, by name (an empty list when it has none), and
   * `missing-description` for a tool without a description. Never a reason to reject; computed on
   * first read, so admission does not pay for it. Non-enumerable, left out of toJSON.
   */
  readonly warnings: Readonly<Record<string, readonly LintWarning[]>>;
  /**
   * Provider tools (the granted ones) in one wire shape; new objects on every call. A name with a `.` is
   * published with `_` for OpenAI and Anthropic (registry.call takes either); a tool withheld for its name
   * is left out (see providerFindings). An unknown format gives no tools.
   */
  toolsFor<F extends ProviderFormat>(format: F): ToolsFor<F>;
  /** Only accepted names, provider tools and authority: diagnostics never leave through serialization. */
  toJSON(): BundleJSON;
}

/** Parts of a bundle as admission assembled them: the Bundle's own fields, findings still a Map. */
export type BundleParts = Pick<
  Bundle,
  'registry' | 'providerTools' | 'authority' | 'accepted' | 'rejected' | 'stats'
> & {
  /** Every admitted tool (providerTools may hold fewer: the granted ones), for lint. */
  readonly admittedTools: readonly ProviderTool[];
  /** Findings per accepted tool; empty when no provider was asked for. */
  readonly providerFindings: ReadonlyMap<string, readonly ProviderFinding[]>;
  /** The admission's limits: lint copies each schema under the bounds it was admitted under. */
  readonly reportOptions?: Parameters<typeof lintSchema>[1];
};

/**
 * A frozen name -> list record. Built with Object.fromEntries, which defines own properties, so a tool
 * named `__proto__` (a valid tool name) is an entry like any other and never a prototype.
 */
function byName<T extends object>(
  entries: Iterable<readonly [string, readonly T[]]>,
): Readonly<Record<string, readonly T[]>> {
  const sorted = [...entries].sort(([a], [b]) => byCodeUnits(a, b));
  return Object.freeze(
    Object.fromEntries(sorted.map(([name, list]) => [name, Object.freeze(list.map((x) => Object.freeze({ ...x })))])),
  );
}

/** Wire formats that are also provider names (a finding names a provider): `openai` and `anthropic`. */
const NAMED_FORMATS = PROVIDER_FORMATS.filter((f) => PROVIDER_NAMES.includes(f as ProviderName)) as (ProviderFormat &
  ProviderName)[];

/** The `tool-name` findings of tools withheld from a provider for their name, by tool name. */
function nameFindings(map: ProviderNameMap): Map<string, ProviderFinding[]> {
  const out = new Map<string, ProviderFinding[]>();
  for (const [name, withheld] of map.withheld) {
    const list: ProviderFinding[] = [];
    for (const provider of NAMED_FORMATS) {
      const w = withheld.find((x) => x.format === provider);
      if (w === undefined) continue;
      const message = `not published to ${provider}: ${w.reason}`;
      const source = nameRuleOf(provider).source ?? '';
      list.push({
        provider,
        rule: 'tool-name',
        effect: 'rejects',
        basis: 'documented',
        message,
        schemaPath: '',
        source,
      });
    }
    out.set(name, list);
  }
  return out;
}

/** The admission's findings with the name findings added (a tool's name findings first). */
function withNameFindings(
  findings: ReadonlyMap<string, readonly ProviderFinding[]>,
  map: ProviderNameMap,
): Map<string, readonly ProviderFinding[]> {
  const out = new Map(findings);
  for (const [name, list] of nameFindings(map)) out.set(name, [...list, ...(findings.get(name) ?? [])]);
  return out;
}

/** The one tool-level rule: models pick tools by their description, so a tool without one is hard to use. */
const MISSING_DESCRIPTION: LintWarning = {
  rule: 'missing-description',
  message: 'the tool has no description: a model chooses tools by their descriptions',
  schemaPath: '',
};

/** Warnings of every provider tool; a lint failure (an internal error) is reported as a warning, never dropped. */
function lintAll(
  tools: readonly ProviderTool[],
  options: Parameters<typeof lintSchema>[1],
): Readonly<Record<string, readonly LintWarning[]>> {
  return byName(
    tools.map((t): readonly [string, readonly LintWarning[]] => {
      const r = lintSchema(t.inputSchema, options);
      const schema = r.ok ? r.value : [{ rule: 'lint-failed', message: r.error.message, schemaPath: '' }];
      const undescribed = t.description === undefined || t.description.trim() === '';
      return [t.name, undescribed ? [MISSING_DESCRIPTION, ...schema] : schema];
    }),
  );
}

/**
 * Freezes the parts into a Bundle. `rejected`, `stats`, `registry`, `providerFindings` and `warnings`
 * are non-enumerable and `toJSON` lists only model-safe fields, so neither JSON.stringify nor a spread
 * or structured logger walking own enumerable keys carries host data (diagnostics, findings, lint
 * messages quoting the schema) out of the host.
 */
export function makeBundle(parts: BundleParts): Bundle {
  let warnings: Readonly<Record<string, readonly LintWarning[]>> | undefined;
  const lazyWarnings = (): Readonly<Record<string, readonly LintWarning[]>> =>
    (warnings ??= lintAll(parts.admittedTools, parts.reportOptions));
  // The openai-strict verdict per tool, computed once (on the first OpenAI shape asked for).
  const strict = memoStrict();
  const bundle = {
    providerTools: parts.providerTools,
    authority: parts.authority,
    accepted: Object.freeze([...parts.accepted]),
    toolsFor<F extends ProviderFormat>(format: F): ToolsFor<F> {
      const names = providerNamesOf(parts.registry);
      return shapeTools(parts.providerTools, format, strict, (name, f) => publishedName(names, name, f));
    },
    toJSON(): BundleJSON {
      return { accepted: bundle.accepted, providerTools: parts.providerTools, authority: parts.authority };
    },
  };
  Object.defineProperties(bundle, {
    registry: { value: parts.registry, enumerable: false },
    rejected: { value: Object.freeze([...parts.rejected]), enumerable: false },
    stats: { value: Object.freeze({ ...parts.stats }), enumerable: false },
    providerFindings: {
      value: byName(withNameFindings(parts.providerFindings, providerNamesOf(parts.registry))),
      enumerable: false,
    },
    warnings: { get: lazyWarnings, enumerable: false },
  });
  return Object.freeze(bundle) as unknown as Bundle;
}
