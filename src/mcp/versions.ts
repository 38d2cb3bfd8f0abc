// The MCP protocol revisions toolgate knows, newest first, spelled as the specification spells them, and what each
// one adds that the proxy checks or carries (MCP specification, "Versioning" and each revision's changelog). Every
// place that names a revision reads it here: the proxy's initialize on both sides, the MCP-Protocol-Version
// header check, and the per-revision rules for tool calls and server-to-client requests.

/** What one protocol revision allows that the proxy has to know about. */
export interface ProtocolRevision {
  /** The revision as the specification spells it (an ISO date). */
  readonly version: string;
  /**
   * How a connection starts: `initialize` (a session, up to 2025-11-25) or `stateless` (2026-07-28: no initialize,
   * the version and client capabilities in each request's `_meta`, `server/discover`).
   */
  readonly era: 'initialize' | 'stateless';
  /** Tool fields this revision added to a `tools/list` entry (carried as the server listed them). */
  readonly toolFields: readonly string[];
  /** Whether a `tools/call` may be task-augmented (`params.task`, answered by a CreateTaskResult; 2025-11-25). */
  readonly tasks: boolean;
  /** The elicitation modes a server may ask for (`elicitation/create`, `params.mode`; `form` when absent). */
  readonly elicitationModes: readonly ('form' | 'url')[];
  /** Whether `sampling/createMessage` may offer the model tools (`params.tools`, client capability sampling.tools). */
  readonly samplingTools: boolean;
  /**
   * Whether a client declares `sampling.context` before a server may ask for `includeContext` other than `none`
   * (2025-11-25); an earlier client takes it with `sampling` alone.
   */
  readonly samplingContext: boolean;
  /**
   * Whether a form elicitation may ask for a multi-select array, titled choices (`oneOf`) or a `default` beside a
   * boolean's (2025-11-25, "Elicitation", PrimitiveSchemaDefinition).
   */
  readonly elicitationChoices: boolean;
  /** The content block types a tool result or prompt message may hold (ContentBlock). */
  readonly contentTypes: readonly string[];
  /** The members BaseMetadata, Icons and Implementation added (`title`, `icons`, `description`, `websiteUrl`). */
  readonly metadataFields: readonly string[];
  /** The capabilities a server may declare (ServerCapabilities). */
  readonly serverCapabilities: readonly string[];
  /** The JSON Schema dialect of a tool schema without `$schema`, when the revision states one. */
  readonly defaultDialect: '2020-12' | undefined;
  /** Whether the Streamable HTTP transport sends `Mcp-Method` / `Mcp-Name` headers mirroring the body (SEP-2243). */
  readonly routingHeaders: boolean;
}

const TOOLS_2025_03 = ['annotations'] as const;
const TOOLS_2025_06 = [...TOOLS_2025_03, 'title', 'outputSchema'] as const;
const TOOLS_2025_11 = [...TOOLS_2025_06, 'icons', 'execution'] as const;
const CONTENT_2024 = ['text', 'image', 'resource'] as const;
const CONTENT_2025_03 = [...CONTENT_2024, 'audio'] as const;
const CONTENT_2025_06 = [...CONTENT_2025_03, 'resource_link'] as const;
const METADATA_2025_11 = ['title', 'icons', 'description', 'websiteUrl'] as const;
const CAPABILITIES_2024 = ['experimental', 'logging', 'prompts', 'resources', 'tools'] as const;
const CAPABILITIES_2025_03 = [...CAPABILITIES_2024, 'completions'] as const;

/** Every revision toolgate knows, newest first. */
export const PROTOCOL_REVISIONS: readonly ProtocolRevision[] = Object.freeze([
  {
    version: '2026-07-28',
    era: 'stateless',
    // Its Tool has icons but no `execution` (tasks left the core protocol).
    toolFields: [...TOOLS_2025_06, 'icons'],
    // Tasks left the core protocol for the io.modelcontextprotocol/tasks extension, which toolgate does not serve.
    tasks: false,
    elicitationModes: ['form', 'url'],
    samplingTools: true,
    samplingContext: true,
    elicitationChoices: true,
    contentTypes: CONTENT_2025_06,
    metadataFields: METADATA_2025_11,
    serverCapabilities: [...CAPABILITIES_2025_03, 'extensions'],
    defaultDialect: '2020-12',
    routingHeaders: true,
  },
  {
    version: '2025-11-25',
    era: 'initialize',
    toolFields: TOOLS_2025_11,
    tasks: true,
    elicitationModes: ['form', 'url'],
    samplingTools: true,
    samplingContext: true,
    elicitationChoices: true,
    contentTypes: CONTENT_2025_06,
    metadataFields: METADATA_2025_11,
    serverCapabilities: [...CAPABILITIES_2025_03, 'tasks'],
    defaultDialect: '2020-12',
    routingHeaders: false,
  },
  {
    version: '2025-06-18',
    era: 'initialize',
    toolFields: TOOLS_2025_06,
    tasks: false,
    elicitationModes: ['form'],
    samplingTools: false,
    samplingContext: false,
    elicitationChoices: false,
    contentTypes: CONTENT_2025_06,
    metadataFields: ['title'],
    serverCapabilities: CAPABILITIES_2025_03,
    defaultDialect: undefined,
    routingHeaders: false,
  },
  {
    version: '2025-03-26',
    era: 'initialize',
    toolFields: TOOLS_2025_03,
    tasks: false,
    elicitationModes: [],
    samplingTools: false,
    samplingContext: false,
    elicitationChoices: false,
    contentTypes: CONTENT_2025_03,
    metadataFields: [],
    serverCapabilities: CAPABILITIES_2025_03,
    defaultDialect: undefined,
    routingHeaders: false,
  },
  {
    version: '2024-11-05',
    era: 'initialize',
    toolFields: [],
    tasks: false,
    elicitationModes: [],
    samplingTools: false,
    samplingContext: false,
    elicitationChoices: false,
    contentTypes: CONTENT_2024,
    metadataFields: [],
    serverCapabilities: CAPABILITIES_2024,
    defaultDialect: undefined,
    routingHeaders: false,
  },
  // A pre-release name the MCP SDKs still accept in initialize; it is 2024-11-05's protocol.
  {
    version: '2024-10-07',
    era: 'initialize',
    toolFields: [],
    tasks: false,
    elicitationModes: [],
    samplingTools: false,
    samplingContext: false,
    elicitationChoices: false,
    contentTypes: CONTENT_2024,
    metadataFields: [],
    serverCapabilities: CAPABILITIES_2024,
    defaultDialect: undefined,
    routingHeaders: false,
  },
]);

/** The revisions by their version: every request over HTTP names one (a closure per lookup cost the proxy's calls). */
const BY_VERSION: ReadonlyMap<string, ProtocolRevision> = new Map(PROTOCOL_REVISIONS.map((r) => [r.version, r]));

/** The revision named `version`, or undefined for one toolgate does not know. */
export function revisionOf(version: unknown): ProtocolRevision | undefined {
  return typeof version === 'string' ? BY_VERSION.get(version) : undefined;
}

/** The newest revision that starts with `initialize` (what the proxy asks its server for). */
export const NEWEST_INITIALIZE: ProtocolRevision = PROTOCOL_REVISIONS.find(
  (r) => r.era === 'initialize',
) as ProtocolRevision;

/**
 * The revision to answer a client's `initialize` with (MCP "Lifecycle", version negotiation): the one it asked for
 * when toolgate speaks it with `initialize`, else toolgate's newest, which the client may then refuse.
 */
export function negotiate(requested: unknown): ProtocolRevision {
  const asked = revisionOf(requested);
  return asked !== undefined && asked.era === 'initialize' ? asked : NEWEST_INITIALIZE;
}

/** What an HTTP request that names no revision is read as (headerRevision). */
const UNNAMED_OVER_HTTP = revisionOf('2025-03-26') as ProtocolRevision;

/**
 * The revision an HTTP request names for itself, for a session that recorded none of its client's (`--stateless`):
 * the one its `MCP-Protocol-Version` header names, else 2025-03-26 (MCP 2025-06-18, "Transports", Protocol Version
 * Header: a server that cannot tell otherwise SHOULD assume 2025-03-26).
 */
export function headerRevision(header: unknown): ProtocolRevision {
  return revisionOf(header) ?? UNNAMED_OVER_HTTP;
}
