// The upstream as a command on stdio: started in its own process group (stopped whole), newline JSON-RPC on its
// stdin and stdout, its stderr kept during start-up (shown if start-up fails) and then passed on, masked; in a
// gateway each line of it begins with its server's name.
import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { childEnvironment } from '../exec/environment.js';
import { BASE64_GROUP, createMasker, isBase64Char } from '../exec/mask-secrets.js';
import { secretForms } from '../exec/secret-forms.js';
import { watchEscapes } from '../exec/escape-watch.js';
import { spawnGroup, stopGroup } from '../exec/process-group.js';
import { clip } from '../util/describe-value.js';
import { systemCode } from '../util/host-error.js';
import type { ProxyIO } from './io.js';
import { type Channel, type ChannelSink, openChannel } from '../mcp/channel.js';
import type { ProxySettings } from './settings.js';

/** Most of the server's stderr kept to show when start-up fails. */
const STDERR_KEPT = 4000;

/** How long, once the server has exited, its output may go quiet before the rest is taken as never coming. */
const EXIT_DRAIN_MS = 100;

/** How long a server that closed its stdout may take to exit before it is taken as gone. */
export const OUTPUT_CLOSED_GRACE_MS = 2000;

/** What starting a server reads of the proxy's settings (`check`/`lock --mcp` give these alone: stdio-lister.ts). */
export type StdioServerSettings = Pick<ProxySettings, 'env' | 'cwd' | 'secrets' | 'namespace'> & {
  readonly words: readonly [string, ...string[]];
};

/** A started server: its channel, why it went (settles on exit), its kept stderr, and how to stop it. */
export interface StdioUpstream {
  readonly channel: Channel;
  /** The pid of the server, its group's leader. */
  readonly pid: number | undefined;
  readonly gone: Promise<string>;
  /**
   * Settles once it has exited (or never started) and its stdout and stderr were read to their end, or went quiet
   * for EXIT_DRAIN_MS: a process it left may hold them open for good.
   */
  drained(): Promise<void>;
  /** The start-up stderr, masked; `live` starts passing it on line by line. */
  readonly stderr: { kept: () => string; live: () => void };
  /** Closes the server's input, as its client ending the session does (MCP "Lifecycle", stdio shutdown). */
  endInput(): void;
  stop(): Promise<void>;
}

/** `text` with `label` before each of its lines. */
function labelledLines(text: string, label: string): string {
  if (label === '' || text === '') return text;
  return label + text.replace(/\n(?!$)/g, `\n${label}`);
}

/**
 * The server's stderr: kept during start-up (shown if it fails), then passed on whole line by whole line, masked
 * (a value split across two chunks would otherwise escape the mask).
 */
function watchStderr(
  child: ChildProcess,
  settings: Pick<ProxySettings, 'secrets' | 'namespace'>,
  io: ProxyIO,
): { kept: () => string; live: () => void } {
  let kept = '';
  let passing = false;
  let partial = '';
  // In a gateway every line passed on is named `[server] `, the withheld-run notices too: a server's stderr could
  // otherwise print lines the gateway's own look like, of another server (a hunt's find). Names are checked at start
  // (names.ts: letters, digits, `_` and `-`).
  // Every write is whole lines there: the terminal's line is shared, so a piece of a long line left open was ended by
  // the gateway's or another server's next line, and the server's next text began a line with no name (a review's
  // find). A long line's pieces are each a line of its own, named.
  const label = settings.namespace === undefined ? '' : `[${clip(settings.namespace, 64)}] `;
  const err = (text: string): void => {
    if (text === '') return;
    io.err(label === '' ? text : labelledLines(text.endsWith('\n') ? text : `${text}\n`, label));
  };
  // The secrets' forms are worked out once, not again for every chunk a chatty server writes.
  const masker = createMasker(settings.secrets);
  const forms = settings.secrets.flatMap(secretForms);
  const holdBack = Math.max(0, ...forms.map((f) => f.length - 1 + BESIDE));
  // Characters, not bytes: a character split across two chunks is decoded whole.
  const decoder = new StringDecoder('utf8');
  const longest = Math.max(0, ...forms.map((f) => f.length));
  /** Set when a run was withheld up to a place inside a form: what follows is withheld until no form covers it. */
  let skipping = false;
  const withhold = (n: number): void => {
    if (n > 0) err(`[toolgate: ${n} characters of the MCP server's stderr withheld: a run of a secret's forms]\n`);
  };
  /**
   * After a run withheld up to a place inside a form (skipping): withheld up to where no form covers the text, past
   * the longest form's length (a form the withheld text began ends before it); false while that place is not in
   * sight (the run goes on, or the text may still end a form), unless `all` (the stream ended).
   */
  const skipped = (all: boolean): boolean => {
    // Past the longest form and its base64 neighbour: a form the withheld text began ends before (a review's find).
    const safe = clearOf(partial, forms, Math.min(partial.length, longest - 1 + BESIDE));
    // A line's end after it says the run is over (a quiet server's next lines are not held until more comes).
    if (!all && safe > partial.length - holdBack && partial.indexOf('\n', safe) === -1) return false;
    withhold(safe);
    partial = partial.slice(safe);
    skipping = false;
    return true;
  };
  const pass = (text: string): void => {
    if (!passing) {
      if (kept.length < STDERR_KEPT) kept += text;
      return;
    }
    partial += text;
    if (skipping && !skipped(false)) {
      // Still inside the run: withheld, its end kept, so the text held stays bounded.
      const end = partial.length - holdBack;
      if (partial.length > STDERR_KEPT + holdBack) {
        withhold(end);
        partial = partial.slice(end);
      }
      return;
    }
    const nl = partial.lastIndexOf('\n');
    // A line longer than the kept bound is passed on in pieces rather than held without end.
    const long = nl < 0 && partial.length > STDERR_KEPT + holdBack;
    const cut = nl >= 0 ? nl + 1 : long ? pieceEnd(partial, forms, holdBack) : 0;
    // From the cut to the end held back, a run of secrets' forms back to back (pieceEnd moved the cut back over
    // them): when it is long, it is withheld rather than held without end, up to a form no other covers (what
    // follows is kept: it may begin a form the next chunk ends); what it loses is masks and the few characters
    // between them, said on the line.
    const run = long && cut < STDERR_KEPT ? runEnd(partial, forms, partial.length - holdBack, cut) : cut;
    // Forms overlapping all the way back (two secrets each beginning where the other ends): no place outside them
    // to keep from, so the run is withheld to the end held back, and what follows until a place no form covers
    // (skipping; a review's find: the end held back, kept, showed a secret's middle).
    const inside = run === cut && long && cut < STDERR_KEPT;
    const withheld = inside ? partial.length - holdBack : run;
    if (withheld === 0) return;
    if (cut > 0) err(masker.text(partial.slice(0, cut)));
    withhold(withheld - cut);
    partial = partial.slice(withheld);
    if (inside) skipping = true;
  };
  child.stderr?.on('data', (chunk: Buffer) => pass(decoder.write(chunk)));
  // What is left when the server's stderr ends (a last line without a newline) is passed on too, on its own line.
  child.stderr?.on('end', () => {
    pass(decoder.end());
    if (passing && skipping) skipped(true);
    if (passing && partial !== '') err(`${masker.text(partial)}\n`);
    partial = '';
  });
  // Masked before it is clipped: a value cut in two would escape the mask.
  return {
    kept: () => labelledLines(clip(masker.text(kept.trim()), STDERR_KEPT), label),
    live: () => (passing = true),
  };
}

/** Characters beside a form the masker may mask with it: a base64 form's group on either side (mask-secrets.ts). */
const BESIDE = BASE64_GROUP;

/** The first place in [from, to) where `form` begins in `text`, or -1: only that window is read. */
function startIn(text: string, form: string, from: number, to: number): number {
  const start = Math.max(0, from);
  const found = text.slice(start, to + form.length - 1).indexOf(form);
  return found !== -1 && start + found < to ? start + found : -1;
}

/**
 * Where a piece of a long stderr line ends: `holdBack` characters before its end (what could begin a secret's
 * form), moved back before any whole form that would cross it or end within BESIDE characters of it, by BESIDE
 * more, so every form is masked in one piece with what the masker masks beside it (a review's find: a base64
 * form's group before it was passed in the piece before, unmasked). Each search reads only the window where such a
 * form could start: a search to the text's end at every step made a line of back-to-back forms quadratic (a hunt's
 * find: a server writing its secret over and over held the proxy's loop for minutes). 0 when no piece can end.
 */
function pieceEnd(text: string, forms: readonly string[], holdBack: number): number {
  let cut = text.length - holdBack;
  for (let moved = true; moved && cut > 0; ) {
    moved = false;
    for (const f of forms) {
      const at = startIn(text, f, cut - f.length - BESIDE + 1, cut);
      if (at !== -1) {
        cut = Math.max(0, at - BESIDE);
        moved = true;
      }
    }
  }
  return cut;
}

/**
 * Where a withheld run ends: `end`, moved back to the start of any form that covers it, until none does (a form
 * inside a longer one, a database user inside its URL, moves it to the URL's start: a review's find, the password
 * shown after the user's mask). What is kept from there begins with a whole form. `floor` when it reaches it.
 */
function runEnd(text: string, forms: readonly string[], end: number, floor: number): number {
  let at = end;
  for (let moved = true; moved && at > floor; ) {
    moved = false;
    for (const f of forms) {
      const found = startIn(text, f, at - f.length + 1, at);
      if (found !== -1) {
        at = found;
        moved = true;
      }
    }
  }
  return Math.max(at, floor);
}

/**
 * The first place at or after `from` that no form of `text` covers, a form's base64 neighbours on both sides
 * included (BESIDE): where what follows a run withheld inside a form may be passed on.
 */
function clearOf(text: string, forms: readonly string[], from: number): number {
  let at = from;
  for (let moved = true; moved && at < text.length; ) {
    moved = false;
    for (const f of forms) {
      // A form that begins within BESIDE after `at` covers it too: its base64 neighbour before it would be passed on.
      const found = startIn(text, f, at - f.length - BESIDE + 1, at + BESIDE);
      if (found !== -1) {
        // Past the form and the base64 characters after it that its neighbour group holds (as the masker reads it).
        let end = found + f.length;
        const last = end + BESIDE;
        while (end < text.length && end < last && isBase64Char(text.charCodeAt(end))) end++;
        if (end <= at) continue;
        at = end;
        moved = true;
      }
    }
  }
  return at;
}

/** Settles once `child` exited (or failed to start) and its output ended, or went quiet for EXIT_DRAIN_MS. */
function afterExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('error', () => resolve());
    child.once('exit', () => {
      let heard = false;
      // A loop held past the bound runs the timer before it polls the pipes: what they hold is read (the poll
      // phase comes before setImmediate's) before the quiet is believed.
      const timer = setTimeout(() => {
        heard = false;
        setImmediate(() => {
          if (!heard) resolve();
        });
      }, EXIT_DRAIN_MS);
      // Output heard starts the quiet anew (the timer refreshed).
      const quiet = (): void => {
        heard = true;
        timer.refresh();
      };
      child.stdout?.on('data', quiet);
      child.stderr?.on('data', quiet);
      child.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
}

/**
 * Starts the server of `settings.words`; a spawn error is said by its code alone (`ENOENT`), as serve says it
 * (exec/run.ts): its message quotes the words and env values it refused whole (a hunt's find: a secret with a NUL).
 */
export function startStdioUpstream(
  settings: StdioServerSettings,
  io: ProxyIO,
  maxLineBytes: number,
  sink: ChannelSink,
  stderrChunk?: (chunk: Buffer) => void,
): StdioUpstream | string {
  const [program, ...args] = settings.words;
  let child: ChildProcess;
  try {
    const where = settings.cwd === undefined ? {} : { cwd: settings.cwd };
    child = spawnGroup(program, args, {
      env: childEnvironment(settings.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      ...where,
    });
  } catch (thrown) {
    return systemCode(thrown, 'the system refused it');
  }
  // Its descendants that leave its group are looked for while it runs, and stopped once it exits: found after
  // that, by parent pid, they would not be (src/exec/escape-watch.ts; a hunt's find).
  const escapes = child.pid === undefined ? undefined : watchEscapes(child.pid);
  child.stdout?.on('data', () => escapes?.lookSoon());
  const stderr = watchStderr(child, settings, io);
  // A lister shows the head of its stderr in its own words (src/cli/server-stderr.ts).
  if (stderrChunk !== undefined) child.stderr?.on('data', stderrChunk);
  let upstreamGone: (why: string) => void = () => undefined;
  const gone = new Promise<string>((resolve) => {
    upstreamGone = resolve;
  });
  child.on('error', (e) => upstreamGone(`could not be started: ${systemCode(e, 'the system refused it')}`));
  const drained = afterExit(child);
  // Its input closed by toolgate (MCP's stdio shutdown): it is left to answer and exit, within the drain's bound.
  let inputEnded = false;
  let silent: NodeJS.Timeout | undefined;
  child.on('exit', (code, signal) => {
    clearTimeout(silent);
    void escapes?.stop();
    upstreamGone(`exited (${signal ?? `status ${code}`})`);
  });
  // A server that closed its stdout answers nothing more: gone (its calls answered, it stopped, a gateway's
  // restarted) unless it exits within OUTPUT_CLOSED_GRACE_MS, as a server ending normally does.
  child.stdout?.once('close', () => {
    if (child.exitCode !== null || child.signalCode !== null || inputEnded) return;
    silent = setTimeout(() => upstreamGone('closed its stdout and did not exit'), OUTPUT_CLOSED_GRACE_MS);
    silent.unref();
  });
  const channel = openChannel(
    child.stdout as NodeJS.ReadableStream,
    child.stdin as NodeJS.WritableStream,
    maxLineBytes,
    sink,
  );
  return {
    channel,
    pid: child.pid,
    gone,
    drained: () => drained,
    stderr,
    endInput: () => {
      // A grace already running (its stdout closed before) runs on: a review's find, the call waited --timeout.
      inputEnded = true;
      // Seen while it still runs: a server that ends on its closed input leaves its helpers re-parented to init.
      escapes?.look();
      child.stdin?.end();
    },
    stop: async () => {
      channel.close();
      if (child.pid !== undefined) await Promise.all([stopGroup(child.pid), escapes?.stop()]);
      child.stdin?.destroy();
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
}
