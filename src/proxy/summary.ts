// What the proxy says on stderr at start-up and after each tools/list_changed: one summary, not a line per rule.
// The server (its own name and version, clipped), how many tools are published, each reason for withholding once
// with the tools it withheld, the tools whose schema accepts any arguments object, those with properties both
// required and given a default (a `{}` call is refused), the tools published with `"type": "object"` added, and
// the drift from `--lock` with each changed value. `--quiet` keeps only the problems. A line names 20 tools and
// counts the rest: a server listing thousands made one line of 25 KB.
import { hasDrift } from '../catalog/lock-diff.js';
import { changeLines } from '../catalog/lock-report.js';
import { clip, oneLine } from '../util/describe-value.js';
import { listItems, listNames } from '../util/name-list.js';
import { ownData } from '../util/own-field.js';
import type { Published } from './published.js';
import { viewChanged } from './client-view.js';

const shortLine = (text: string, max = 80): string => oneLine(clip(text, max));

/** Most properties named for one tool. */
const MAX_PROPERTIES_NAMED = 5;

/** A tool's properties, each clipped, at most MAX_PROPERTIES_NAMED of them. */
const properties = (names: readonly string[]): string =>
  listItems(names, (p) => shortLine(p, 40), MAX_PROPERTIES_NAMED);

/** The server as its initialize result names itself: `"name" version`, or undefined when it says nothing. */
function serverName(init: Record<string, unknown> | undefined): string | undefined {
  const info = ownData(init, 'serverInfo');
  const name = ownData(info, 'name');
  const version = ownData(info, 'version');
  if (typeof name !== 'string') return undefined;
  if (typeof version !== 'string') return JSON.stringify(shortLine(name));
  // A version that is not a plain version token is quoted: `1 ("node real"): 9 of 9` posed as the summary's own text.
  const shown = /^[\w.+-]{1,40}$/.test(version) ? version : JSON.stringify(shortLine(version, 40));
  return `${JSON.stringify(shortLine(name))} ${shown}`;
}

/** The summary's lines (without the `toolgate proxy: ` prefix); `quiet` leaves only problems. */
export function summaryLines(
  published: Published,
  init: Record<string, unknown> | undefined,
  display: string,
  quiet: boolean,
): string[] {
  const lines: string[] = [];
  const count = published.tools.size;
  const server = serverName(init);
  const head = `server ${server === undefined ? JSON.stringify(display) : `${server} (${JSON.stringify(display)})`}`;
  if (count === 0) lines.push(`${head}: no tool published (${published.listed} listed)`);
  else if (!quiet) lines.push(`${head}: ${count} of ${published.listed} tools published`);
  // Each reason once, with every tool it withheld, in the order first met.
  const byReason = new Map<string, string[]>();
  for (const w of published.withheld) {
    const names = byReason.get(w.reason);
    if (names === undefined) byReason.set(w.reason, [w.name]);
    else names.push(w.name);
  }
  for (const [reason, names] of byReason) lines.push(`withheld: ${listNames(names, shortLine)}: ${reason}`);
  if (published.unconstrained.length > 0)
    lines.push(
      `accepts every arguments object (nothing is checked; --withhold-unconstrained withholds): ` +
        listNames(published.unconstrained, shortLine),
    );
  if (published.requiredDefaults.length > 0)
    lines.push(
      'required and with a "default" (the model must send them; a {} call is refused): ' +
        listItems(published.requiredDefaults, (t) => `${shortLine(t.name)} (${properties(t.properties)})`),
    );
  if (!quiet && published.typeAdded.length > 0)
    lines.push(
      'published with "type": "object" added to the inputSchema (MCP clients require it; non-object ' +
        `arguments are refused): ${listNames(published.typeAdded, shortLine)}`,
    );
  const lock = published.drift;
  if (lock !== undefined && (hasDrift(lock.drift) || !quiet)) {
    const d = lock.drift;
    lines.push(
      hasDrift(d)
        ? `lock ${lock.file}: drift: ${d.added.length} new, ${d.changed.length} changed, ${d.removed.length} gone ` +
            '(new and changed tools withheld)'
        : `lock ${lock.file}: every listed tool matches its pin`,
    );
    // What changed in each withheld tool, value by value (old -> new), so the reason is on the screen.
    for (const c of d.changed)
      for (const line of changeLines(c)) lines.push(`lock drift ${shortLine(c.name)}: ${line}`);
  }
  return lines;
}

/**
 * The summary after a re-admission (the server's tools/list_changed): none when it publishes the same tools as
 * before and says the same of them. server-everything announces a change right after it starts: the operator read
 * the start-up summary twice.
 */
export function readmissionLines(
  before: Published,
  after: Published,
  init: Record<string, unknown> | undefined,
  display: string,
  quiet: boolean,
): string[] {
  if (before === after) return [];
  const lines = summaryLines(after, init, display, quiet);
  if (viewChanged(before, after)) return lines;
  const said = summaryLines(before, init, display, quiet);
  return lines.length === said.length && lines.every((line, i) => line === said[i]) ? [] : lines;
}
