// The proxy's admission of the upstream's tools: every tools/list page, each outputSchema compiled, then
// admitMcpTools' rules (quarantine or strict, `--bad-tools`, the provider policy) and the `--allow`/`--deny`
// grants, then `--lock`'s pins. What is published is the upstream's own tool definitions, unchanged, for
// admitted, granted tools that match their pins.
import type { BadToolPolicy } from '../catalog/admission.js';
import type { Bundle } from '../catalog/bundle.js';
import type { Diagnostic } from '../catalog/diagnostics.js';
import { driftedNames, hasDrift, listingDrift } from '../catalog/lock-diff.js';
import { admitMcpToolsWith } from '../catalog/mcp.js';
import { protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { compileOutputSchemas } from '../catalog/mcp-output.js';
import { listAllPages } from '../catalog/mcp-pages.js';
import { thrownMessage } from '../result.js';
import type { CompiledSchema } from '../schema/compile.js';
import { SCHEMA_OPTION_TABLE, type SchemaOptions } from '../schema/options.js';
import { pick } from '../util/option-table.js';
import { clip } from '../util/describe-value.js';
import { ownData } from '../util/own-field.js';
import { driftLines } from '../catalog/lock-report.js';
import { admitOnce } from './admission-cache.js';
import type { ProxySettings } from './settings.js';
import type { Peer } from '../mcp/peer.js';

/** Most tools/list pages read per admission: a server that keeps paging cannot hold start-up forever. */
const MAX_PAGES = 100;
/** Longest a cold admission holds the event loop at a time, in ms: other sessions are served in between. */
const SLICE_MS = 20;

/** An admission's outcome: what is published, or the message that ends the session's start-up. */
export type Admitted = { ok: true; value: Published } | { ok: false; message: string };

/** The tools the proxy publishes and enforces. */
export interface Published {
  /** Admitted and granted tools by name, each as the upstream listed it. */
  readonly tools: ReadonlyMap<string, Record<string, unknown>>;
  readonly bundle: Bundle | undefined;
  /** The compiled outputSchema of each published tool that declares one. */
  readonly outputs: ReadonlyMap<string, CompiledSchema>;
  /** One stderr line per withheld tool: its name and why (never shown to the client). */
  readonly withheld: readonly string[];
}

/** Publishes nothing (a failed re-admission in strict mode). */
export const NOTHING: Published = { tools: new Map(), bundle: undefined, outputs: new Map(), withheld: [] };

/** One diagnostic as a stderr line. */
function reasonOf(d: Diagnostic, wording: (message: string) => string): string {
  const first = d.error.violations[0];
  const where =
    first === undefined || first.message === d.error.message
      ? ''
      : ` (${first.schemaPath || '/'}: ${wording(first.message)})`;
  return `${clip(d.name, 80) || `tool #${d.index}`}: ${d.error.class}: ${wording(d.error.message)}${where}`;
}

/** Lists, admits and grants the upstream's tools; a failure is the message that ends start-up. */
export async function admitUpstream(upstream: Peer, settings: ProxySettings): Promise<Admitted> {
  let listed: unknown[];
  try {
    const pages = await listAllPages(async (cursor) => {
      const { reply } = upstream.request('tools/list', cursor === undefined ? {} : { cursor }, settings.timeoutMs);
      const r = await reply;
      if ('error' in r) throw new Error(`tools/list failed: ${clip(String(r.error.message), 200)}`);
      const tools = ownData(r.result, 'tools');
      if (!Array.isArray(tools)) throw new Error('tools/list result has no "tools" array');
      const next = ownData(r.result, 'nextCursor');
      return { tools: tools as unknown[], nextCursor: typeof next === 'string' ? next : undefined };
    }, MAX_PAGES);
    if (!pages.ok) return { ok: false, message: pages.error.message };
    listed = pages.value;
  } catch (thrown) {
    return { ok: false, message: thrownMessage(thrown) };
  }
  return admitOnce(settings, listed, () => admitListed(listed, settings));
}

/** Admits and grants a listing (the tools of every page). */
async function admitListed(listed: unknown[], settings: ProxySettings): Promise<Admitted> {
  const wording = settings.wording ?? ((message: string) => message);
  // Output schemas take the admission's schema options only (validateSchema refuses any other option).
  const compiled = compileOutputSchemas(listed, pick(settings.admission, SCHEMA_OPTION_TABLE) as SchemaOptions);
  const result = await admitMcpToolsWith(
    { tools: listed },
    { ...settings.admission, backend: () => () => undefined },
    { badTools: settings.badTools as BadToolPolicy, extraDiagnostics: compiled.diagnostics, sliceMs: SLICE_MS },
  );
  if (!result.ok) {
    const lines = result.error.diagnostics.map((d) => `\n  ${reasonOf(d, wording)}`).join('');
    return { ok: false, message: `the tools could not be admitted: ${wording(result.error.message)}${lines}` };
  }
  const bundle = result.value;
  const admitted = new Set(bundle.accepted);
  const withheld = bundle.rejected.map((d) => reasonOf(d, wording));
  // --lock: every listed tool is compared, admitted or not; new and changed ones are withheld, and in strict
  // mode any drift (a gone tool too) fails the admission as a broken tool would.
  const drift = settings.lock === undefined ? undefined : listingDrift(settings.lock.pins, listed);
  if (drift !== undefined && settings.mode === 'strict' && hasDrift(drift)) {
    const lines = driftLines(drift)
      .map((l) => `\n  ${l}`)
      .join('');
    return { ok: false, message: `the tools drifted from the lock ${settings.lock?.file}:${lines}` };
  }
  const drifted = drift === undefined ? new Set<string>() : driftedNames(drift);
  if (drift !== undefined) withheld.push(...driftLines(drift));
  const tools = new Map<string, Record<string, unknown>>();
  for (const tool of listed) {
    const name = ownData(tool, 'name');
    if (typeof name !== 'string' || !admitted.has(name) || drifted.has(name)) continue;
    // Published as listed, so a definition with a __proto__ member would carry it to the client.
    const proto = protoMemberPath(tool);
    if (proto !== undefined) {
      withheld.push(`${clip(name, 80)}: ${protoRefusal(proto)}`);
      continue;
    }
    if (!settings.grants.granted(name)) {
      withheld.push(`${clip(name, 80)}: not granted by --allow/--deny`);
      continue;
    }
    tools.set(name, tool as Record<string, unknown>);
  }
  const outputs = new Map([...compiled.byName].filter(([name]) => tools.has(name)));
  return { ok: true, value: { tools, bundle, outputs, withheld } };
}
