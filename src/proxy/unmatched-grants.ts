// The `--allow`/`--deny` globs that match no listed tool, said on stderr. A newcomer's find: such a glob was
// silently ignored, and under --config, where published names are `<server>__<tool>`, `--deny get-env` carried
// over from a single proxy matched nothing while everything__get-env stayed published and ran (a typo likewise).
// A glob is matched against every listed name, not only the published ones: a --deny that withheld its tool works.
// Never fatal (a server may list the tool later), and said once per glob per proxy, not once per session. A
// gateway says them once its start-up has ended, judged by the servers up, each line naming those that are not; a
// glob said so is judged again once every server is up (a typo of a late server's tool was never said), and a
// `--grants` client's globs after each re-admission as --allow/--deny's are (a renamed tool left them silent).
import { editDistance } from '../lint/keyword-typo.js';
import { clip, oneLine } from '../util/describe-value.js';
import { matchGlob } from '../util/glob.js';
import type { GrantedClient, Grants } from './grants.js';
import { SEPARATOR } from './names.js';

/**
 * The globs already said, per proxy (its one Grants object, shared by every session and server; a --grants
 * client's own): `final`, or `notUp` when said while servers were not up (said once more, when they are up).
 */
const said = new WeakMap<Grants, Map<string, 'final' | 'notUp'>>();

/** Whether to say `key` now, by what was said of it: once, and once more when a not-up server is up. */
function saysNow(grants: Grants, key: string, matched: boolean, notUp: readonly string[]): boolean {
  let done = said.get(grants);
  if (done === undefined) {
    done = new Map();
    said.set(grants, done);
  }
  const before = done.get(key);
  if (before === 'final' || (before === 'notUp' && notUp.length > 0)) return false;
  // A glob said while its tool's server was not up, that matches now, is no typo: it may be said should it stop.
  if (matched) {
    done.delete(key);
    return false;
  }
  done.set(key, notUp.length > 0 ? 'notUp' : 'final');
  return true;
}

/** A listed name close to `glob`, when it has no wildcard: within an edit distance of a third of its length (2+). */
function nearName(glob: string, names: readonly string[]): string | undefined {
  if (/[*?]/.test(glob)) return undefined;
  const limit = Math.max(2, Math.floor(glob.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(glob, name, limit);
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/** What would have matched: the `*__` form under --config, else a near name. */
function hint(glob: string, names: readonly string[], gateway: boolean): string {
  const shown = (text: string): string => JSON.stringify(oneLine(clip(text, 80)));
  if (gateway && !glob.includes(SEPARATOR)) {
    const wider = `*${SEPARATOR}${glob}`;
    const would = names.some((name) => matchGlob(wider, name)) ? `: ${shown(wider)} would` : '';
    return ` (names under --config are <server>${SEPARATOR}<tool>${would})`;
  }
  const near = nearName(glob, names);
  return near === undefined ? '' : ` (did you mean ${shown(near)}?)`;
}

/** What a gateway's line adds when some of its servers are not up: their tools were not there to match. */
function notUpNote(notUp: readonly string[]): string {
  if (notUp.length === 0) return '';
  const shown = notUp.slice(0, 3).map((name) => JSON.stringify(oneLine(clip(name, 40))));
  const more = notUp.length > 3 ? ` and ${notUp.length - 3} more` : '';
  const which = notUp.length === 1 ? 'server' : 'servers';
  return `; it might match a tool of ${which} ${shown.join(', ')}${more}, not up`;
}

/**
 * The line of one glob that matches none of `names`: `what` names the glob's place (`--deny`, a client's `allow`),
 * `kind` what it was matched against (every listed tool, or the published ones).
 */
function unmatchedLine(what: string, glob: string, names: readonly string[], on: Judged, kind: string): string {
  const of = !on.gateway ? 'of this server' : on.notUp.length > 0 ? 'of the servers up' : 'of these servers';
  const shown = JSON.stringify(oneLine(clip(glob, 80)));
  return `${what} ${shown} matches no ${kind} ${of}${hint(glob, names, on.gateway)}${notUpNote(on.notUp)}`;
}

/** What the names were judged by: `gateway`, the servers of --config; `notUp`, those not up, whose tools are not in. */
interface Judged {
  readonly gateway: boolean;
  readonly notUp: readonly string[];
}

/**
 * One line per `--allow`/`--deny` glob of `grants` that matches none of `names` (every listed tool's published
 * name; `gateway`: the servers of --config, `notUp`: those of them not up, whose tools `names` lacks), each glob
 * at most once per `grants`.
 */
export function unmatchedGrantLines(
  grants: Grants,
  names: readonly string[],
  gateway: boolean,
  notUp: readonly string[] = [],
): string[] {
  const lines: string[] = [];
  for (const { flag, glob } of grants.patterns ?? []) {
    if (
      !saysNow(
        grants,
        `${flag} ${glob}`,
        names.some((name) => matchGlob(glob, name)),
        notUp,
      )
    )
      continue;
    lines.push(unmatchedLine(`--${flag}`, glob, names, { gateway, notUp }, 'tool'));
  }
  return lines;
}

/**
 * One line per `allow`/`deny` glob of a `--grants` client (client-grants.ts) that matches none of `names`, the
 * published tools' names: it grants or denies that client nothing (a typo, else unseen). Said once per glob: at
 * start-up, or after the re-admission that left it matching nothing.
 */
export function clientGrantLines(
  clients: readonly Pick<GrantedClient, 'name' | 'grants'>[],
  names: readonly string[],
  gateway: boolean,
  notUp: readonly string[] = [],
): string[] {
  const lines: string[] = [];
  for (const client of clients) {
    for (const { flag, glob } of client.grants.patterns ?? []) {
      const matched = names.some((name) => matchGlob(glob, name));
      if (!saysNow(client.grants, `${flag} ${glob}`, matched, notUp)) continue;
      const what = `--grants client ${JSON.stringify(client.name)}: ${flag}`;
      lines.push(unmatchedLine(what, glob, names, { gateway, notUp }, 'published tool'));
    }
  }
  return lines;
}
