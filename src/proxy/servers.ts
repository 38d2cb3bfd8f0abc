// The aggregate's servers for one downstream session (stdio: the one session; `--listen`: one set per session,
// one shared set with `--stateless`): each server started or connected, initialized and admitted on its own
// (src/proxy/upstream.ts, with its own settings: src/proxy/server-settings.ts), so one server's trouble stays its
// own. A server that fails to start is named and the others are served; one that exits later has its tools
// withdrawn and is restarted with backoff (src/proxy/restart.ts); its tools come back only through admission.
// A `tools/list_changed` of one server re-admits that server alone. The session learns of each change (`hooks`).
// When a stdio client closes its input, the set closes its stdio servers' inputs and restarts none from then on.
import { hostMasker } from './host-masker.js';
import { RPC } from '../mcp/peer.js';
import { clip } from '../util/describe-value.js';
import { NOTHING, type Published } from './published.js';
import type { ProxyIO } from './io.js';
import type { Readmission } from './readmission.js';
import { type Slot, slotOf, slotReadmission } from './server-slot.js';
import type { ProxySettings } from './settings.js';
import { START_WAIT_MS, startedWithin } from './start-wait.js';
import { whenTold } from './stop-signal.js';
import { clientGrantLines, unmatchedGrantLines } from './unmatched-grants.js';
import { publishedName } from './names.js';
import { openUpstream, type Upstream, type UpstreamFailure } from './upstream.js';

// Where the set's session and the tests have always found them.
export type { Slot } from './server-slot.js';
export { START_WAIT_MS } from './start-wait.js';

/** What the session does when a server comes up (its peer's handlers) or its tools change. */
export interface SetHooks {
  wire(slot: Slot): void;
  changed(slot: Slot): void;
}

/** The servers of one session. */
export class ServerSet {
  private hooks: SetHooks | undefined;
  private closed = false;
  /** The client closed its input (endInput): a server that exits now is not restarted. */
  private ending = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Each server's admissions again after its `tools/list_changed` (readmission.ts). */
  private readonly readmissions: ReadonlyMap<Slot, Readmission>;
  private readonly opening = new Set<Promise<unknown>>();
  private readonly closing: Promise<void>;
  private close: () => void = () => undefined;
  /** The set was stopped by toolgate's stop signal, not by its session (a start it cuts short is said then). */
  private signalled = false;
  private readonly stopWaiting: () => void;
  /** Never settles: a server that goes is restarted, so the set as a whole never goes by itself. */
  readonly gone = new Promise<string>(() => undefined);

  private constructor(
    readonly slots: readonly Slot[],
    private readonly io: ProxyIO,
    told: Promise<void>,
    private readonly secrets: readonly string[],
    /** Whether it says the start-up summaries: every server's set, not a --grants client's or a session's. */
    private readonly announces: boolean,
    /** Whether it holds every server of the config (a --grants client's may not): then it judges the globs again. */
    private readonly whole: boolean,
  ) {
    this.readmissions = new Map(slots.map((slot) => [slot, this.readmission(slot)]));
    this.closing = new Promise<void>((resolve) => {
      this.close = resolve;
    });
    const signal = whenTold(told, undefined);
    void signal.settled.then(() => {
      this.signalled = true;
      this.close();
    });
    this.stopWaiting = signal.stop;
  }

  /**
   * Opens every server at once. `--mode strict`: any server that fails fails the set (1); so does every server
   * failing (its worst code). Otherwise the set waits for all its servers at most START_WAIT_MS (or `--timeout`, if
   * shorter), past that only until one is up, and serves each other one once it is (as a restarted one): one server
   * that hangs does not hold the client's initialize for a whole `--timeout`.
   */
  static async open(
    servers: readonly ProxySettings[],
    mode: 'quarantine' | 'strict',
    io: ProxyIO,
    told: Promise<void>,
    announce: boolean,
    whole = true,
  ): Promise<ServerSet | UpstreamFailure> {
    // The settings' one list when every server holds it (a config's do): its masker is made once, not per session.
    const first = servers[0]?.secrets ?? [];
    const shared = servers.every((s) => s.secrets === first);
    const secrets = shared ? first : [...new Set(servers.flatMap((s) => s.secrets))];
    const slots = servers.map(slotOf);
    const set = new ServerSet(slots, io, told, secrets, announce, whole);
    // Each summary is held and said here in config order, not as each server finishes admission: the same config
    // says the same bytes whichever server is quicker (a hunt's find). One that joins later says its own then.
    const attempts = slots.map((slot) => set.openOne(slot, announce && 'hold'));
    const wait = mode === 'strict' ? undefined : Math.min(START_WAIT_MS, ...servers.map((s) => s.timeoutMs));
    const opened = await startedWithin(attempts, wait);
    // A failed server's lines too: two servers that fail say so in config order, not in the order they failed.
    for (const o of opened) if (o !== undefined) set.sayAll(o.summary);
    const failed = opened.filter((o): o is UpstreamFailure => o !== undefined && !('peer' in o));
    // A set of no server (a --grants client whose grant reaches none: backend.ts) serves no tool, and fails nothing.
    if ((mode === 'strict' && failed.length > 0) || (failed.length > 0 && failed.length === slots.length)) {
      await set.stop();
      await Promise.all(attempts.map((a) => a.then((o) => ('peer' in o ? o.stop() : undefined))));
      if (mode === 'strict') set.say('--mode strict: a server of the config was not served, so none is');
      return { code: mode === 'strict' ? 1 : failed.some((f) => f.code === 2) ? 2 : 1 };
    }
    opened.forEach((o, i) => {
      const slot = slots[i] as Slot;
      if (o === undefined) {
        slot.down = 'not up when the gateway began to serve: served once it is';
        set.say(`server ${slot.name} is not up yet: served once it is, its tools then announced to the client`);
        set.join(slot, attempts[i] as Promise<Upstream | UpstreamFailure>);
      } else if ('peer' in o) set.serve(slot, o);
      else set.failed(slot, o.code, set.reason(o));
    });
    // The start-up has ended, each server up, failed or not waited for: the globs are judged now by those up. A
    // session's set judges them as a later judgement (every server up), as the start-up's may be stopped by then.
    set.sayUnmatchedGrants(announce);
    return set;
  }

  /** The session's hooks; every server already up is wired now. */
  attach(hooks: SetHooks): void {
    this.hooks = hooks;
    for (const slot of this.slots) this.wire(slot);
  }

  /**
   * Hands a server's messages to the session; a tools/list_changed it sent before (during its start-up, which no
   * session heard) re-admits it now.
   */
  private wire(slot: Slot): void {
    const upstream = slot.upstream;
    if (this.hooks === undefined || upstream === undefined) return;
    this.hooks.wire(slot);
    if (upstream.changedAtStart()) this.readmit(slot);
  }

  /**
   * Settles with what `slot` publishes once its admission again, under way or waiting for its turn (the pace), is
   * done: the tools admitted last are stale meanwhile (the server announced a change), so calls and listings wait.
   * Undefined while none is, or one is held for its CPU budget (the tools admitted last serve meanwhile).
   */
  readmitting(slot: Slot): Promise<Published> | undefined {
    return this.readmissions.get(slot)?.pending;
  }

  /** Re-admits one server after its `tools/list_changed`; calls to it wait for the outcome. */
  readmit(slot: Slot): void {
    this.readmissions.get(slot)?.request();
  }

  /** The admissions again of `slot` (server-slot.ts); what it publishes next is said and told to the session. */
  private readmission(slot: Slot): Readmission {
    return slotReadmission(
      slot,
      (line) => this.say(line),
      () => {
        this.sayUnmatchedGrants();
        // A client that closed its input asks nothing more: no tools/list_changed is written to it.
        if (!this.ending) this.hooks?.changed(slot);
      },
    );
  }

  /**
   * The stdio client closed its input (MCP's stdio shutdown): from now on no server is restarted, and what waits on
   * a server that exits is answered with an error; the client is told of no change to the tools.
   */
  hungUp(): void {
    this.ending = true;
  }

  /**
   * Closes each stdio server's input (after hungUp, once nothing of the client's waits to be forwarded), so it
   * answers what it will and exits as with its client directly; an HTTP server is left to answer.
   */
  endInput(): void {
    this.hungUp();
    for (const slot of this.slots) slot.upstream?.endInput?.();
  }

  /** Stops every server and every restart; resolves when they are gone. */
  async stop(): Promise<void> {
    this.closed = true;
    this.close();
    this.stopWaiting();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const r of this.readmissions.values()) r.end(NOTHING);
    await Promise.all([...this.opening]);
    await Promise.all(this.slots.map((s) => s.upstream?.stop()));
  }

  /** Why a server was not served, its first line, masked and clipped (the handle's report shows it). */
  private reason(failure: UpstreamFailure): string {
    const first = (failure.why ?? 'was not served').split('\n')[0] ?? '';
    return clip(hostMasker(this.secrets).text(first), 200);
  }

  private say(line: string): void {
    this.io.err(`toolgate proxy: ${hostMasker(this.secrets).text(line)}\n`);
  }

  /**
   * Says each --allow/--deny glob no listed tool of a server up matches (unmatched-grants.ts): at the end of the
   * start-up (`ended`), naming the servers not up, whose tools may be the ones it means (a server that never
   * starts left them unsaid for good); later, once every server is up, a glob that matches nothing by then, and a
   * --grants client's glob no published tool matches (http.ts says those of the start-up). Later by any set of
   * every server: a --listen gateway stops the start-up's set, and each session opens its own (whose late server
   * left a glob unjudged for good); each glob is said once per proxy all the same.
   */
  private sayUnmatchedGrants(ended = false): void {
    const settings = this.slots[0]?.settings;
    const notUp = this.slots.filter((s) => s.down !== undefined).map((s) => s.name);
    if (settings === undefined || (ended ? !this.announces : !this.whole || notUp.length > 0)) return;
    const names = this.slots.flatMap((s) => s.published.listedNames);
    const lines = unmatchedGrantLines(settings.grants, names, true, notUp);
    if (!ended) {
      const published = this.slots.flatMap((s) => [...s.published.tools.keys()].map((n) => publishedName(s.name, n)));
      lines.push(...clientGrantLines(settings.listen?.clients ?? [], published, true));
    }
    for (const line of lines) this.say(line);
  }

  /** Says a server's held start-up summary (none when it was not held). */
  private sayAll(lines: readonly string[] | undefined): void {
    for (const line of lines ?? []) this.say(line);
  }

  /** A server is up: published, wired, watched. */
  private serve(slot: Slot, upstream: Upstream): void {
    slot.upstream = upstream;
    slot.published = upstream.published;
    slot.down = undefined;
    slot.backoff.up();
    this.wire(slot);
    void upstream.gone.then((why) => {
      if (slot.upstream !== upstream || this.closed) return;
      // Every call waiting on it is answered; its tools are withdrawn before anything else can reach it.
      const message = this.ending
        ? `the client closed its input and the MCP server "${slot.name}" ${why} before answering`
        : `the MCP server "${slot.name}" exited`;
      upstream.peer.failAll({ code: RPC.internalError, message });
      slot.upstream = undefined;
      slot.published = NOTHING;
      // What waits for its admission again is answered now, as the calls are (aggregate-session.ts).
      this.readmissions.get(slot)?.interrupt(NOTHING);
      if (!this.ending) this.hooks?.changed(slot);
      void upstream.stop();
      this.failed(slot, 2, why);
    });
  }

  /** A server is down: named, and tried again after its backoff unless its tools could not be admitted. */
  private failed(slot: Slot, code: number, why: string): void {
    slot.down = why;
    // Told to exit: no restart is said (a review's find: `restart 1 in 0.5 s` after a signal).
    if (this.closed || this.ending || this.signalled) return;
    if (code === 1) {
      this.say(`server ${slot.name} is not served (its tools could not be admitted); it is not restarted`);
      return;
    }
    const wait = slot.backoff.next();
    this.say(
      `server ${slot.name} ${why}: no tool of it is published; restart ${slot.backoff.attempts} in ${wait / 1000} s`,
    );
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.restart(slot);
    }, wait);
    timer.unref();
    this.timers.add(timer);
  }

  private restart(slot: Slot): void {
    if (this.closed || this.ending) return;
    this.join(slot, this.openOne(slot, true));
  }

  /** Starts one server, its start cut short when the set stops (said only when a signal stopped it). */
  private openOne(slot: Slot, announce: boolean | 'hold'): Promise<Upstream | UpstreamFailure> {
    return openUpstream(slot.settings, this.io, this.closing, announce, () => !this.signalled);
  }

  /** Serves `slot` once `attempt` has it up (the session told of its tools), or names it down. */
  private join(slot: Slot, attempt: Promise<Upstream | UpstreamFailure>): void {
    const joined = attempt.then(async (o) => {
      this.opening.delete(joined);
      if (!('peer' in o)) {
        this.sayAll(o.summary);
        return this.failed(slot, o.code, this.reason(o));
      }
      if (this.closed || this.ending) return o.stop();
      this.sayAll(o.summary);
      this.serve(slot, o);
      this.sayUnmatchedGrants();
      this.hooks?.changed(slot);
    });
    this.opening.add(joined);
  }
}
