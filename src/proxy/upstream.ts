// The upstream, whichever transport it speaks: a command on stdio (its own process group) or a Streamable HTTP
// server (`--url`). Either way it is initialized and its tools admitted before any client is served, so a broken
// or unenforceable server fails fast; what comes back is one Peer, the server's initialize result, what is
// published, and how to stop it. Each downstream session of `--listen` opens its own, once start-up has proven
// the server: that one comes back initialized with its admission still under way (openSessionUpstream), so the
// session's initialize is answered without waiting for the listing (MCP lets a client list tools only after its
// initialize), and its tools/list and tools/call wait for the admission (src/proxy/session-tools.ts).
import { hostMasker, ownLines } from './host-masker.js';
import { clip } from '../util/describe-value.js';
import type { ProtocolRevision } from '../mcp/versions.js';
import { greeting, initializeRevision, MAX_UPSTREAM_MESSAGE_BYTES, sendInitialize } from './upstream-greeting.js';
import type { ProxyExit } from './exit.js';
import type { ProxyIO } from './io.js';
import { admitUpstream } from './admission.js';
import type { Admitted, Published } from './published.js';
import type { ChannelSink } from '../mcp/channel.js';
import type { ProxySettings } from './settings.js';
import { type Peer, RPC } from '../mcp/peer.js';
import { whenTold } from './stop-signal.js';
import { BodyBudget } from '../mcp/http-body.js';
import { MAX_READING_BYTES, openHttpUpstream } from './upstream-http.js';
import { listingMemo } from './admission-cache.js';
import { startStdioUpstream } from './upstream-stdio.js';
import { summaryLines } from './summary.js';
import { unmatchedGrantLines } from './unmatched-grants.js';

// One budget for the answers all of one proxy's sessions read from their HTTP upstreams at once (they share the
// settings object, as the admission cache's key does).
const readingBudgets = new WeakMap<ProxySettings, BodyBudget>();
function readingBudget(settings: ProxySettings): BodyBudget {
  const known = readingBudgets.get(settings);
  if (known !== undefined) return known;
  const budget = new BodyBudget(MAX_READING_BYTES);
  readingBudgets.set(settings, budget);
  return budget;
}

/** An initialized, admitted upstream. */
export interface Upstream {
  readonly peer: Peer;
  /** The server's initialize result (its server info, capabilities and protocol version). */
  readonly init: Record<string, unknown>;
  /** The protocol revision the server answered initialize with (one toolgate speaks). */
  readonly revision: ProtocolRevision;
  readonly published: Published;
  /** Settles with why the server went away (exited, or ended its HTTP session). */
  readonly gone: Promise<string>;
  /**
   * Whether the server sent tools/list_changed before a session took its messages (during start-up's listing
   * or admission): the session that takes them admits again, as it would for one sent later.
   */
  readonly changedAtStart: () => boolean;
  /** Closes a stdio server's input (MCP's stdio shutdown: it answers what it will, then exits); none over HTTP. */
  readonly endInput?: () => void;
  /** The start-up summary's lines, unsaid, when it was opened to hold them (a gateway says them in config order). */
  readonly summary?: readonly string[];
  stop(): Promise<void>;
}

/** An initialized upstream whose tools are still being admitted (a `--listen` session's). */
export interface SessionUpstream extends Omit<Upstream, 'published'> {
  /** Settles with the admission, or the message of why it failed (the server gone included). */
  readonly admitting: Promise<Admitted>;
}

/** Why start-up failed, already said on stderr: 1 when admission failed, 2 otherwise. */
export interface UpstreamFailure {
  readonly code: ProxyExit;
  /** Why, as said on stderr (unmasked: the caller masks what it shows). */
  readonly why?: string;
  /** Its lines, unsaid (unmasked), when it was opened to hold them: a gateway says them in config order. */
  readonly summary?: readonly string[];
}

/**
 * Starts (or connects to) the upstream, initializes it and admits its tools; `told` cuts the wait short. The
 * start-up summary is said on stderr when `announce` (once per proxy, not once per session), or kept in `summary`
 * for the caller to say when 'hold'. `silentStop` says
 * when `told` settled for another reason than toolgate's being told to exit (a gateway's set of servers stopped
 * with its session): the start cut short then is not said.
 */
export async function openUpstream(
  settings: ProxySettings,
  io: ProxyIO,
  told: Promise<void>,
  announce: boolean | 'hold' = true,
  silentStop: () => boolean = () => false,
): Promise<Upstream | UpstreamFailure> {
  const admission = announce === 'hold' ? 'hold' : announce ? 'announce' : 'quiet';
  return (await open(settings, io, told, admission, silentStop)) as Upstream | UpstreamFailure;
}

/**
 * Starts (or connects to) a `--listen` session's upstream and initializes it; its tools are admitted after this
 * resolves (`admitting`). Nothing is said on stderr but a failure to start.
 */
export async function openSessionUpstream(
  settings: ProxySettings,
  io: ProxyIO,
  told: Promise<void>,
): Promise<SessionUpstream | UpstreamFailure> {
  return (await open(settings, io, told, 'later')) as SessionUpstream | UpstreamFailure;
}

/** When the tools are admitted: before it resolves (its summary said, held or not made), or after. */
type Admission = 'announce' | 'hold' | 'quiet' | 'later';

/** The reply upstream-http.ts makes for an exchange that never reached the server. */
const UNREACHED = 'the MCP server could not be reached';

/** Why a start was cut short by `told`. */
const TOLD_TO_EXIT = 'was stopped: toolgate was told to exit';

async function open(
  settings: ProxySettings,
  io: ProxyIO,
  told: Promise<void>,
  admission: Admission,
  silentStop: () => boolean = () => false,
): Promise<Upstream | SessionUpstream | UpstreamFailure> {
  const say = ownLines(io, settings.secrets);
  const server = JSON.stringify(settings.display);
  const { peer, sink: greeted, changed } = greeting(say);
  // A tools/list page of a catalog this proxy keeps admitted is not parsed again (src/proxy/admission-cache.ts).
  const sink: ChannelSink = { ...greeted, known: listingMemo(settings) };
  let opened: Opened;
  if (settings.url !== undefined) {
    const budget = readingBudget(settings);
    const http = openHttpUpstream(settings.url, settings.headers, MAX_UPSTREAM_MESSAGE_BYTES, sink, say, budget);
    peer.channel = http.channel;
    opened = { gone: http.gone, stop: http.stop, kept: () => '', live: () => undefined, changed };
  } else {
    const words = settings.words as readonly [string, ...string[]];
    const stdio = startStdioUpstream({ ...settings, words }, io, MAX_UPSTREAM_MESSAGE_BYTES, sink);
    if (typeof stdio === 'string') {
      const line = `server ${server} could not be started: ${stdio}`;
      if (admission !== 'hold') say(line);
      return { code: 2, why: `could not be started: ${stdio}`, ...(admission === 'hold' ? { summary: [line] } : {}) };
    }
    peer.channel = stdio.channel;
    opened = {
      gone: stdio.gone,
      endInput: stdio.endInput,
      stop: stdio.stop,
      kept: stdio.stderr.kept,
      live: stdio.stderr.live,
      changed,
    };
  }
  // During start-up a signal ends the wait like the server's exit does; the wait on it ends with start-up.
  const stopped = whenTold(told, TOLD_TO_EXIT);
  try {
    return await initializeAndAdmit(
      settings,
      peer,
      opened,
      Promise.race([opened.gone, stopped.settled]),
      say,
      admission,
      silentStop,
    );
  } finally {
    stopped.stop();
  }
}

/** The opened upstream, whichever its transport. */
interface Opened {
  readonly gone: Promise<string>;
  readonly endInput?: () => void;
  stop(): Promise<void>;
  kept(): string;
  live(): void;
  /** Upstream.changedAtStart. */
  changed(): boolean;
}

/** Initializes the opened upstream and admits its tools; `gone` settles if it goes (or toolgate is told to exit). */
async function initializeAndAdmit(
  settings: ProxySettings,
  peer: Peer,
  opened: Opened,
  gone: Promise<string>,
  say: (line: string) => void,
  admission: Admission,
  silentStop: () => boolean,
): Promise<Upstream | SessionUpstream | UpstreamFailure> {
  const server = JSON.stringify(settings.display);
  const failStart = async (why: string, code: ProxyExit): Promise<UpstreamFailure> => {
    const tail = opened.kept();
    // A start its set cut short (its session ended, not a signal) goes unsaid: the set named it not up already.
    const said = why !== TOLD_TO_EXIT || !silentStop();
    const line = `server ${server} ${why}${tail === '' ? '' : `\nserver stderr:\n${tail}`}`;
    if (said && admission !== 'hold') say(line);
    await opened.stop();
    // A request still waiting (the initialize a server that exited never answered) holds its --timeout timer,
    // which kept the process alive that long after start-up had failed.
    peer.failAll({ code: RPC.internalError, message: `the MCP server ${why}` });
    return { code, why, ...(admission === 'hold' ? { summary: said ? [line] : [] } : {}) };
  };
  const init = sendInitialize(peer, settings.timeoutMs);
  const first = await Promise.race([init, gone]);
  if (typeof first === 'string') return failStart(first, 2);
  if ('error' in first) {
    const timedOut = first.error.code === RPC.requestTimeout;
    const transport = settings.url !== undefined ? 'at that URL' : 'on stdio';
    const why = timedOut
      ? `did not answer "initialize" within ${settings.timeoutMs / 1000} s (--timeout): ` +
        `is it an MCP server ${transport}?`
      : first.error.message === UNREACHED
        ? // Its cause is said as the exchange fails (upstream-http.ts): nothing refused anything.
          'could not be reached'
        : // Masked before it is clipped: a value cut in two would escape the mask.
          `refused "initialize": ${clip(hostMasker(settings.secrets).text(String(first.error.message)), 200)}`;
    return failStart(why, 2);
  }
  const spoken = initializeRevision(first.result, settings.secrets);
  if ('why' in spoken) return failStart(spoken.why, 2);
  const { revision } = spoken;
  peer.notify('notifications/initialized');
  const result = first.result as Record<string, unknown>;
  if (admission === 'later') {
    // The wait is the server's exit alone: start-up's wait on the stop signal ends when this returns, and a
    // session the proxy ends stops its server, which ends the admission too.
    const admitting = Promise.race([admitUpstream(peer, settings), opened.gone]).then(
      (a): Admitted => (typeof a === 'string' ? { ok: false, message: `the server ${a}` } : a),
    );
    opened.live();
    return {
      peer,
      init: result,
      revision,
      admitting,
      gone: opened.gone,
      changedAtStart: opened.changed,
      stop: opened.stop,
    };
  }
  const admitted = await Promise.race([admitUpstream(peer, settings), gone]);
  if (typeof admitted === 'string') return failStart(admitted, 2);
  if (!admitted.ok) return failStart(admitted.message, admitted.message.startsWith('the tools') ? 1 : 2);
  // A gateway's server says no unmatched glob of its own: the glob may be another server's (servers.ts says them).
  const unmatched =
    settings.namespace === undefined && admission !== 'quiet'
      ? unmatchedGrantLines(settings.grants, admitted.value.listedNames, false)
      : [];
  const summary =
    admission === 'quiet'
      ? []
      : [...summaryLines(admitted.value, result, settings.display, settings.quiet === true), ...unmatched];
  // What the server wrote on stderr during start-up is passed on first: it came before the summary.
  opened.live();
  if (admission === 'announce') for (const line of summary) say(line);
  return {
    peer,
    init: result,
    revision,
    published: admitted.value,
    gone: opened.gone,
    changedAtStart: opened.changed,
    ...(opened.endInput === undefined ? {} : { endInput: opened.endInput }),
    ...(admission === 'hold' ? { summary } : {}),
    stop: opened.stop,
  };
}
