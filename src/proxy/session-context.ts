// What one relayed session is given besides its two peers (its settings, the upstream's initialize, what is
// published), and the record of one tools/call it reports: shared by the relay's files (session*.ts) and the log.
import type { Published, Admitted } from './published.js';
import type { MethodGrant } from './method-grants.js';
import type { ProxySettings } from './settings.js';
import type { ProtocolRevision } from '../mcp/versions.js';
import { RPC } from '../mcp/peer.js';

/** Why the --stateless session passes no server request on (the transport says so too: http-session.ts). */
export const REFUSED_STATELESS = 'server-to-client requests are refused by --stateless';

/**
 * The answer to a server request in a session several clients share: none of them is the one asked, and no
 * client's capabilities are kept to judge it by (SessionContext.shared).
 */
export const SHARED_REFUSAL = {
  error: { code: RPC.internalError, message: `the client cannot be reached: ${REFUSED_STATELESS}` },
} as const;

/** One tools/call as the log records it. */
export interface CallRecord {
  readonly tool: string;
  readonly verdict: 'forwarded' | 'invalid' | 'refused';
  readonly stage: 'lookup' | 'validate' | 'execute' | 'output' | 'size';
  readonly ms: number;
  readonly upstreamError: boolean;
  readonly args?: unknown;
  /** Members of the call's params that were not forwarded (anything but name, arguments and a plain `_meta`). */
  readonly dropped?: readonly string[];
  /** The `--grants` client that made the call. */
  readonly client?: string;
  /** Its client cancelled it after it was forwarded: no answer of the server's was awaited (not an upstream error). */
  readonly cancelled?: true;
}

/** What a call's record says besides its verdict: its tool, and its arguments and dropped members when logged. */
type CallFacts = Pick<CallRecord, 'tool' | 'args' | 'dropped'>;

/** Records one call: its verdict, the stage that gave it, whether the server answered an error, or it was cancelled. */
type RecordCall = (
  verdict: CallRecord['verdict'],
  stage: CallRecord['stage'],
  upstreamError: boolean,
  cancelled?: boolean,
) => void;

/**
 * The recorder of one call, for the single server's relay and the gateway's alike: `facts` read when it records (the
 * members dropped are known only after the decision), its time counted from `started`.
 */
export function callRecorder(
  onCall: (record: CallRecord) => void,
  started: number,
  facts: () => CallFacts,
): RecordCall {
  return (verdict, stage, upstreamError, cancelled = false) => {
    const { tool, ...logged } = facts();
    const ms = Math.round((performance.now() - started) * 1000) / 1000;
    onCall({ tool, verdict, stage, ms, upstreamError, ...logged, ...(cancelled ? { cancelled: true } : {}) });
  };
}

/** What the session needs besides the two peers. */
export interface SessionContext {
  readonly settings: ProxySettings;
  /** The upstream's initialize result (its server info, capabilities and protocol version). */
  readonly init: Record<string, unknown>;
  /** The protocol revision the upstream answered initialize with. */
  readonly revision: ProtocolRevision;
  /**
   * What is published: admitted already (start-up's), or still being admitted (a `--listen` session's, whose
   * initialize is answered meanwhile; its tools/list and tools/call wait for it). An admission that fails ends
   * the session through `failed`: nothing is published in the meantime.
   */
  readonly published: Published | { readonly admitting: Promise<Admitted>; readonly failed: (why: string) => void };
  /** A line for stderr (already masked by the caller). */
  readonly warn: (line: string) => void;
  readonly onCall: (record: CallRecord) => void;
  /** `--grants`: the published tools this session's client may see and call; the others are as if unlisted. */
  readonly visible?: (name: string) => boolean;
  /** `--grants`: the requests beyond tools this session's client may send, and what is announced to it. */
  readonly methods?: MethodGrant;
  /** Whether the server sent tools/list_changed before the session took its messages (Upstream.changedAtStart). */
  readonly changedAtStart?: () => boolean;
  /** Settles when the session's server is gone: nothing is admitted again after that. */
  readonly ended?: Promise<unknown>;
  /**
   * The HTTP headers a request (by its downstream id) came with, over --listen: its Mcp-Param-* are checked, and in
   * a shared session its MCP-Protocol-Version says its revision.
   */
  readonly headersOf?: (id: string | number) => Readonly<Record<string, string | string[] | undefined>> | undefined;
  /**
   * Several clients share the session (--stateless, 2026-07-28 clients): each initialize is answered with its
   * own revision but sets no revision for the session (each request is judged by its own MCP-Protocol-Version
   * header: session.ts), and no capabilities (one client's would decide what every other is sent).
   */
  readonly shared?: boolean;
}

/** What a started session (single server or gateway) tells the transport that carries its client. */
export interface Relayed {
  /** Settles once none of the client's requests waits to be forwarded (held for an admission under way). */
  readonly forwarded: () => Promise<void>;
}
