// What `check` adds to an accepted tool besides its verdict: lint warnings, the MCP `x-mcp-header` rule and, with
// --provider, the provider's findings. Neither changes a verdict or the exit status; only --provider-policy quarantine
// does, and that goes through admission itself (the tool is then not accepted and gets no advice here).
import { checkProvider } from '../interop/check-provider.js';
import type { ProviderFinding, ProviderName } from '../interop/profile.js';
import { lintSchema } from '../lint/lint.js';
import { paramHeaderProblem } from '../mcp/param-header-rules.js';
import type { LintWarning } from '../lint/warning.js';
import type { CatalogVerdict, ToolVerdict } from './check-verdicts.js';

/** A tool verdict with its advice (only tools that passed admission's checks carry any). */
export interface AdvisedVerdict extends ToolVerdict {
  readonly warnings?: readonly LintWarning[];
  /** Present on tools that passed when a provider was asked for. */
  readonly findings?: readonly ProviderFinding[];
}

/** A catalog verdict whose tools carry advice. */
export interface AdvisedCatalog extends Omit<CatalogVerdict, 'tools'> {
  readonly tools: readonly AdvisedVerdict[];
}

/** The warning of a tool whose `x-mcp-header` annotations break MCP 2026-07-28's rules. */
const HEADER_RULE = 'x-mcp-header';
const LEFT_OUT = 'a client on Streamable HTTP leaves the tool out of tools/list, and toolgate proxy withholds it';

/** The schema admission used: the entry's own `inputSchema`, or the open object an absent one means. */
function schemaOf(entry: unknown): unknown {
  if (entry === null || typeof entry !== 'object') return undefined;
  const d = Object.getOwnPropertyDescriptor(entry, 'inputSchema');
  return d !== undefined && 'value' in d && d.value !== undefined ? d.value : { type: 'object' };
}

/**
 * Lints every tool that passed (accepted, or passed-unadmitted) and, with a provider, checks it against
 * that profile. Computed here rather than read from the bundle so a batch that fails still shows the advice
 * for the tools that passed.
 * A check that fails internally is shown as a warning, never dropped.
 */
export function adviseCatalog(
  verdict: CatalogVerdict,
  entries: readonly unknown[],
  provider: ProviderName | undefined,
): AdvisedCatalog {
  const tools = verdict.tools.map((t): AdvisedVerdict => {
    if (t.verdict !== 'accepted' && t.verdict !== 'passed-unadmitted') return t;
    const schema = schemaOf(entries[t.index]);
    const lint = lintSchema(schema);
    const warnings: LintWarning[] = lint.ok
      ? [...lint.value]
      : [{ rule: 'lint-failed', message: lint.error.message, schemaPath: '' }];
    // A client on Streamable HTTP must leave such a tool out (MCP 2026-07-28, "Tools", x-mcp-header), and
    // `toolgate proxy` withholds it: an MCP listing's is "withheld" already (check-withheld.ts), another's warned of.
    const header = paramHeaderProblem(schema);
    if (header !== undefined) warnings.push({ rule: HEADER_RULE, message: `${header}: ${LEFT_OUT}`, schemaPath: '' });
    if (provider === undefined) return { ...t, warnings };
    const checked = checkProvider(schema, provider);
    if (!checked.ok) warnings.push({ rule: 'provider-check-failed', message: checked.error.message, schemaPath: '' });
    return { ...t, warnings, findings: checked.ok ? checked.value : [] };
  });
  return { ...verdict, tools };
}

/** Totals of advice over every catalog, for the summary line and the JSON summary. */
export function countAdvice(catalogs: readonly AdvisedCatalog[]): {
  warnings: number;
  findings: number;
  rejects: number;
} {
  let warnings = 0;
  let findings = 0;
  let rejects = 0;
  for (const c of catalogs) {
    for (const t of c.tools) {
      warnings += t.warnings?.length ?? 0;
      findings += t.findings?.length ?? 0;
      rejects += t.findings?.filter((f) => f.effect === 'rejects').length ?? 0;
    }
  }
  return { warnings, findings, rejects };
}
