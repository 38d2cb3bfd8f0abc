// The proxy's admission of the upstream's tools: every tools/list page, each outputSchema compiled, then
// admitMcpTools' rules (quarantine or strict, `--bad-tools`, the provider policy) and the `--allow`/`--deny`
// grants, then `--lock`'s pins. What is published is the upstream's own tool definitions for admitted, granted
// tools that match their pins, unchanged but for two things: an inputSchema without `"type": "object"` is published
// with it added, since MCP clients (the SDK's among them) refuse a tools/list without it, and MCP arguments are
// objects anyway (calls.ts refuses any other value); an `execution.taskSupport` but "forbidden" is left out, and a
// tool "required" to run as a task withheld, since the proxy forwards no task (task-support.ts). A client of an
// older revision is listed them without the tool fields its revision lacks. A tool whose schema accepts every
// arguments object is named, and withheld with `--withhold-unconstrained`.
import type { BadToolPolicy } from '../catalog/admission.js';
import type { Diagnostic } from '../catalog/diagnostics.js';
import { driftedNames, hasDrift, type LockDrift, listingDrift } from '../catalog/lock-diff.js';
import { admitMcpToolsWith } from '../catalog/mcp.js';
import { mayHoldProto } from '../mcp/forward.js';
import { compileOutputSchemas, listingCost } from '../catalog/mcp-output.js';
import { createMasker } from '../exec/mask-secrets.js';
import { MIN_SECRET_LENGTH } from '../exec/secret-forms.js';
import { acceptsEveryObject } from '../lint/accepts-anything.js';
import { requiredWithDefault } from '../lint/required-with-default.js';
import { thrownMessage } from '../result.js';
import { SCHEMA_OPTION_TABLE, type SchemaOptions } from '../schema/options.js';
import { withObjectType } from '../schema/tool-root.js';
import { pick } from '../util/option-table.js';
import { type SliceMeter, timeSlices } from '../util/time-slice.js';
import { clip, shownPlace } from '../util/describe-value.js';
import { ownData } from '../util/own-field.js';
import { isObject } from '../util/plain-json.js';
import { driftLines, driftWithheld } from '../catalog/lock-report.js';
import { admitOnce, type ListedPage } from './admission-cache.js';
import { publishedName, publishedNameDiagnostics } from './names.js';
import { inexactTools } from '../mcp/exact-listing.js';
import type { ProxySettings } from './settings.js';
import type { Peer } from '../mcp/peer.js';
import { listUpstreamTools } from './upstream-listing.js';
import { taskOnlyReason, withoutTaskSupport } from './task-support.js';
import { unpublishable } from './unpublishable.js';
import type { Admitted, Withheld } from './published.js';

/** Longest a cold admission holds the event loop at a time, in ms: other sessions are served in between. */
const SLICE_MS = 2;

/** The tool as published: its inputSchema with `"type": "object"` when it had no `type` (a copy; never mutated). */
function typedTool(tool: Record<string, unknown>): Record<string, unknown> | undefined {
  const schema = tool['inputSchema'];
  if (!isObject(schema) || Object.hasOwn(schema, 'type')) return undefined;
  return { ...tool, inputSchema: withObjectType(schema) };
}

/** One diagnostic: the tool and why. */
function withheldOf(d: Diagnostic, wording: (message: string) => string): Withheld {
  const first = d.error.violations[0];
  const where =
    first === undefined || first.message === d.error.message
      ? ''
      : ` (${shownPlace(first.schemaPath) || '/'}: ${wording(first.message)})`;
  return {
    name: clip(d.name, 80) || `tool #${d.index}`,
    reason: `${d.error.class}: ${wording(d.error.message)}${where}`,
  };
}

/** One diagnostic as a stderr line. */
function reasonOf(d: Diagnostic, wording: (message: string) => string): string {
  const w = withheldOf(d, wording);
  return `${w.name}: ${w.reason}`;
}

/** A drift as its lines show it: each tool by its published name (the aggregate's `<server>__<tool>`). */
function shownDrift(drift: LockDrift, shown: (name: string) => string): LockDrift {
  return {
    added: drift.added.map(shown),
    changed: drift.changed.map((c) => ({ ...c, name: shown(c.name) })),
    removed: drift.removed.map(shown),
  };
}

/**
 * Lists, admits and grants the upstream's tools; a failure is the message that ends start-up. `meter`: counts the
 * admission's own work (a re-admission is charged it: readmission.ts).
 */
export async function admitUpstream(upstream: Peer, settings: ProxySettings, meter?: SliceMeter): Promise<Admitted> {
  const listing = await listUpstreamTools(upstream, settings.timeoutMs, settings.secrets);
  // Past a listing's bounds (tools, bytes, pages) the catalog is what it is: named as one that cannot be admitted,
  // so a gateway does not restart its server for it every 30 s (upstream.ts reads that as for good).
  if (!listing.ok)
    return {
      ok: false,
      message: listing.bound ? `the tools could not be admitted: ${listing.message}` : listing.message,
    };
  const listed = listing.tools;
  const pages = listing.pages;
  try {
    // The meter runs from here, not over the listing: its wait on the wire is the server's, and what the process did
    // meanwhile is not this admission's (a review's find). admitOnce hashes the pages and starts admitListed in this
    // turn; admitListed stops the meter at each pause and at its end; a listing whose admission is recalled (or
    // under way for another session) is done with its own work when admitOnce returns.
    meter?.start();
    // A listing that was refused is not kept for recall (its admission's outcome still is, by digest).
    const admitted = admitOnce(
      settings,
      listed,
      () => admitListed(listed, settings, pages, meter).finally(() => meter?.stop()),
      pages,
      (a) => a.ok,
    );
    meter?.stop();
    return await admitted;
  } catch (thrown) {
    // Nothing in an admission is meant to throw; should something, this session's start-up fails, not the proxy.
    return { ok: false, message: `the tools could not be admitted: ${clip(thrownMessage(thrown), 200)}` };
  }
}

/** Admits and grants a listing (the tools of every page; `pages`: their texts, when every page came with one). */
async function admitListed(
  listed: unknown[],
  settings: ProxySettings,
  pages: readonly ListedPage[] | undefined,
  meter: SliceMeter | undefined,
): Promise<Admitted> {
  const wording = settings.wording ?? ((message: string) => message);
  // Every schema is proven here, each validator compiled on its tool's first call (src/schema/deferral.ts): a
  // large catalog is published without compiling thousands of validators that may never be called.
  const admission = { ...settings.admission, compile: settings.admission.compile ?? 'lazy' } as const;
  // The listing's last page was parsed and the listing hashed in the turn that brought it: the admission starts
  // in a turn of its own, so the two never add up to one hold of the event loop.
  const slices = timeSlices(SLICE_MS, meter);
  await slices.pause();
  const exact =
    pages === undefined ? { ok: true as const, diagnostics: [] } : await inexactTools(pages, listed, slices);
  if (!exact.ok) return { ok: false, message: `the tools could not be admitted: ${exact.message}` };
  // Output schemas take the admission's schema options only (validateSchema refuses any other option).
  // Output and input schemas share the listing's compile budget (mcp-output.ts).
  const cost = listingCost(admission.limits, listed);
  const schemaOptions = pick(admission, SCHEMA_OPTION_TABLE) as SchemaOptions;
  const compiled = await compileOutputSchemas(listed, schemaOptions, slices, cost);
  // In the aggregate, a tool whose published name would break the name rule is a malformed tool.
  const ns = settings.namespace;
  const named = ns === undefined ? [] : publishedNameDiagnostics(ns, listed);
  // The aggregate's withheld tools, its grants and its stderr lines name the published name.
  const shown = (name: string): string => (ns === undefined ? name : publishedName(ns, name));
  const nameOf = (d: Diagnostic): Diagnostic => (ns === undefined ? d : { ...d, name: shown(d.name) });
  // admitMcpTools starts a clock of its own: the output schemas' last slice does not run on into its first.
  if (slices.due()) await slices.pause();
  const result = await admitMcpToolsWith(
    { tools: listed },
    { ...admission, backend: () => () => undefined },
    {
      badTools: settings.badTools as BadToolPolicy,
      extraDiagnostics: [...exact.diagnostics, ...compiled.diagnostics, ...named],
      sliceMs: SLICE_MS,
      ...(meter === undefined ? {} : { meter }),
      cost,
    },
  );
  if (!result.ok) {
    const lines = result.error.diagnostics.map((d) => `\n  ${reasonOf(nameOf(d), wording)}`).join('');
    return { ok: false, message: `the tools could not be admitted: ${wording(result.error.message)}${lines}` };
  }
  const bundle = result.value;
  const admitted = new Set(bundle.accepted);
  const withheld: Withheld[] = bundle.rejected.map((d) => withheldOf(nameOf(d), wording));
  // --lock: every listed tool is compared, admitted or not; new and changed ones are withheld, and in strict
  // mode any drift (a gone tool too) fails the admission as a broken tool would.
  // Each value shown masked before it is clipped: stderr's own masking would see a secret cut in two.
  const drift =
    settings.lock === undefined
      ? undefined
      : listingDrift(
          settings.lock.pins,
          listed,
          createMasker(settings.secrets, MIN_SECRET_LENGTH, 'whole-values').text,
        );
  if (drift !== undefined && settings.mode === 'strict' && hasDrift(drift)) {
    const lines = driftLines(shownDrift(drift, shown))
      .map((l) => `\n  ${l}`)
      .join('');
    return { ok: false, message: `the tools drifted from the lock ${settings.lock?.file}:${lines}` };
  }
  const drifted = drift === undefined ? new Set<string>() : driftedNames(drift);
  if (drift !== undefined) withheld.push(...driftWithheld(drift).map((w) => ({ ...w, name: shown(w.name) })));
  const tools = new Map<string, Record<string, unknown>>();
  const unconstrained: string[] = [];
  const typeAdded: string[] = [];
  const requiredDefaults: { name: string; properties: string[] }[] = [];
  const unusable = new Map<string, string>();
  // No page's text can hold a member named __proto__: no tool is walked for one (5,000 tools: 14 MB allocated).
  const protoFree = pages !== undefined && !pages.some((page) => mayHoldProto(page.text));
  // The per-tool checks of a large catalog take tens of ms: in slices, as admission's own work is.
  for (const tool of listed) {
    if (slices.due()) await slices.pause();
    const name = ownData(tool, 'name');
    if (typeof name !== 'string' || !admitted.has(name) || drifted.has(name)) continue;
    // Published as listed, a __proto__ member would reach the client; check and lock say the same (unpublishable.ts).
    const refusal = unpublishable(tool, settings.secrets, protoFree);
    if (refusal !== undefined) {
      withheld.push({ name: clip(shown(name), 80), reason: refusal });
      // A caller it is granted to is told why (a newcomer's find: "unknown tool" read as a typo), in fixed words:
      // the other reasons quote the schema's own names, which the client never saw and were never checked.
      if (settings.grants.granted(shown(name)))
        unusable.set(name, taskOnlyReason(tool) === refusal ? refusal : 'its definition breaks a rule the proxy keeps');
      continue;
    }
    // --allow/--deny match the name the client sees (in the aggregate, `<server>__<tool>`).
    if (!settings.grants.granted(shown(name))) {
      withheld.push({ name: clip(shown(name), 80), reason: 'not granted by --allow/--deny' });
      continue;
    }
    if (acceptsEveryObject(ownData(tool, 'inputSchema'))) {
      if (settings.withholdUnconstrained) {
        withheld.push({
          name: clip(shown(name), 80),
          reason: 'its inputSchema accepts every arguments object (--withhold-unconstrained)',
        });
        continue;
      }
      unconstrained.push(shown(name));
    }
    const defaults = requiredWithDefault(ownData(tool, 'inputSchema'));
    if (defaults.length > 0) requiredDefaults.push({ name: shown(name), properties: defaults });
    const typed = typedTool(tool as Record<string, unknown>);
    if (typed !== undefined) typeAdded.push(shown(name));
    tools.set(name, withoutTaskSupport(typed ?? (tool as Record<string, unknown>)));
  }
  const outputs = new Map([...compiled.byName].filter(([name]) => tools.has(name)));
  return {
    ok: true,
    value: {
      tools,
      bundle,
      outputs,
      withheld,
      listed: listed.length,
      listedNames: listed.flatMap((tool) => {
        const name = ownData(tool, 'name');
        return typeof name === 'string' ? [shown(name)] : [];
      }),
      requiredDefaults,
      unusable,
      unconstrained,
      typeAdded,
      ...(drift === undefined ? {} : { drift: { file: settings.lock?.file ?? '', drift: shownDrift(drift, shown) } }),
    },
  };
}
