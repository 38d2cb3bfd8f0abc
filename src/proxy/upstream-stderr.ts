// A stdio server's stderr as the proxy (and the lock's lister, src/proxy/stdio-lister.ts) handles it: kept during
// start-up to be shown if start-up fails, passed on line by line, masked, once it is up (what start-up wrote first);
// a secret split across two chunks or two lines must not escape the mask, so what is passed on is cut only where no
// secret's form can span the cut.
import type { ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { BASE64_GROUP, isBase64Char } from '../exec/mask-secrets.js';
import { hostMasker } from './host-masker.js';
import { secretForms } from '../exec/secret-forms.js';
import { clip } from '../util/describe-value.js';
import type { ProxyIO } from './io.js';
import type { ProxySettings } from './settings.js';

/** Most of the server's stderr kept to show when start-up fails. */
const STDERR_KEPT = 4000;

/** Most characters of the server's start-up stderr held to pass on once it is up; the rest is said as left out. */
const STARTUP_STDERR_HELD = 64 * 1024;

/** `text` with `label` before each of its lines. */
function labelledLines(text: string, label: string): string {
  if (label === '' || text === '') return text;
  return label + text.replace(/\n(?!$)/g, `\n${label}`);
}

/**
 * The server's stderr: kept during start-up (shown if it fails), passed on whole line by whole line, masked (a value
 * split across two chunks would otherwise escape the mask), once `live` is called: what start-up wrote first.
 */
export function watchStderr(
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
  // Start-up's lines are masked and cut as live ones are, held until `live` (a server's "auth disabled" warning was
  // lost once it was up: a newcomer's find); past STARTUP_STDERR_HELD they are counted, said as left out.
  let held = '';
  let leftOut = 0;
  const err = (text: string): void => {
    if (text === '') return;
    const line = label === '' ? text : labelledLines(text.endsWith('\n') ? text : `${text}\n`, label);
    if (passing) io.err(line);
    else if (leftOut === 0 && held.length + line.length <= STARTUP_STDERR_HELD) held += line;
    else leftOut += text.length;
  };
  // The secrets' forms are worked out once, not again for every chunk a chatty server writes.
  const masker = hostMasker(settings.secrets);
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
    if (!passing && kept.length < STDERR_KEPT) kept += text;
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
    if (skipping) skipped(true);
    if (partial !== '') err(`${masker.text(partial)}\n`);
    partial = '';
  });
  // Masked before it is clipped: a value cut in two would escape the mask.
  return {
    kept: () => labelledLines(clip(masker.text(kept.trim()), STDERR_KEPT), label),
    live: () => {
      if (passing) return;
      passing = true;
      if (held !== '') io.err(held);
      const after = held === '' || held.endsWith('\n') ? '' : '\n';
      if (leftOut > 0) {
        io.err(
          `${after}${label}[toolgate: ${leftOut} characters of the MCP server's start-up stderr left out: ` +
            `past the ${STARTUP_STDERR_HELD} held until it was up]\n`,
        );
      }
      held = '';
    },
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
