// What the proxy publishes after an admission: the tools it serves and enforces, what it withheld and why, and the
// tools/list text it answers with, made once per admission and client revision (split from admission.ts, which
// makes it).
import type { Bundle } from '../catalog/bundle.js';
import type { LockDrift } from '../catalog/lock-diff.js';
import type { EncodedJson } from '../mcp/channel.js';
import { toolFor } from '../mcp/revision-fields.js';
import { NEWEST_INITIALIZE, type ProtocolRevision } from '../mcp/versions.js';
import type { CompiledSchema } from '../schema/compile.js';

/** An admission's outcome: what is published, or the message that ends the session's start-up. */
export type Admitted = { ok: true; value: Published } | { ok: false; message: string };

/** The tools the proxy publishes and enforces. */
export interface Published {
  /** Admitted and granted tools by name, each as the upstream listed it (but for what the header says). */
  readonly tools: ReadonlyMap<string, Record<string, unknown>>;
  readonly bundle: Bundle | undefined;
  /** The compiled outputSchema of each published tool that declares one. */
  readonly outputs: ReadonlyMap<string, CompiledSchema>;
  /** Each withheld tool and why (never shown to the client); a name clipped for stderr. */
  readonly withheld: readonly Withheld[];
  /**
   * Granted tools no client can use (src/proxy/unpublishable.ts), by name as listed, and what a client calling one
   * is told: its grant reaches it, so saying it exists reveals nothing; the reason holds no text of the server's.
   */
  readonly unusable?: ReadonlyMap<string, string>;
  /** How many tools the server listed. */
  readonly listed: number;
  /** The name the client would see of each listed tool, published or not (unmatched-grants.ts reads them). */
  readonly listedNames: readonly string[];
  /** Published tools with properties both required and given a default (a `{}` call is refused). */
  readonly requiredDefaults: readonly { readonly name: string; readonly properties: readonly string[] }[];
  /** `--lock`: the drift of the listing from it. */
  readonly drift?: { readonly file: string; readonly drift: LockDrift };
  /** Published tools whose inputSchema accepts every arguments object (constrains nothing). */
  readonly unconstrained: readonly string[];
  /** Published tools whose inputSchema was published with `"type": "object"` added. */
  readonly typeAdded: readonly string[];
}

// The tools/list result of each admission, as the bytes of its JSON text: made once per the tool fields of a
// client's revision, sent to every session that shares it (a 2,000-tool catalog is about 700 KB, serialized and
// encoded again for each session before).
const listTexts = new WeakMap<Published, Map<string, EncodedJson>>();

/**
 * The `tools/list` result of what is published (`{"tools":[...]}`) as a client of `revision` reads it (the tool
 * fields its revision lacks left out: src/mcp/revision-fields.ts), made once per admission and such revision.
 */
export function toolsListText(published: Published, revision: ProtocolRevision = NEWEST_INITIALIZE): EncodedJson {
  let texts = listTexts.get(published);
  if (texts === undefined) {
    texts = new Map();
    listTexts.set(published, texts);
  }
  const key = revision.toolFields.join(',');
  let encoded = texts.get(key);
  if (encoded === undefined) {
    const tools = [...published.tools.values()].map((tool) => toolFor(tool, revision));
    encoded = { bytes: Buffer.from(JSON.stringify({ tools }), 'utf8') };
    texts.set(key, encoded);
  }
  return encoded;
}

/** Publishes nothing (a failed re-admission in strict mode). */
export const NOTHING: Published = {
  tools: new Map(),
  bundle: undefined,
  outputs: new Map(),
  withheld: [],
  listed: 0,
  listedNames: [],
  requiredDefaults: [],
  unconstrained: [],
  typeAdded: [],
};

/** A withheld tool and why. */
export interface Withheld {
  readonly name: string;
  readonly reason: string;
}
