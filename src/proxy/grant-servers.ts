// Which servers of a gateway (`--config`) a `--grants` client's grant reaches: those under whose `<server>__` some
// name its `allow` globs match and its `deny` globs do not could be published (names.ts: `^[A-Za-z0-9_-]{1,64}$`).
// Decided from the globs, not from the tools listed now, so a server whose granted tool appears later still
// counts. A server the grant does not reach is not started for the client's sessions at all: its requests (roots,
// sampling, elicitation) and notifications would otherwise reach a client that may use none of its tools (a hunt's
// find). The globs (util/glob.ts: `*` any run, `?` one character) are run as automata side by side over the names'
// characters, breadth first, until a granted name turns up or every state reachable within 64 characters was seen
// (an allow glob filled in plainly is tried first: it finds most granted names at once).
import { SEPARATOR } from './names.js';

/** The characters of a published name. */
const NAME_CHARACTERS = Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-');
const NAME_SET: ReadonlySet<string> = new Set(NAME_CHARACTERS);
/** The longest published name. */
const MAX_NAME = 64;
/**
 * Glob steps taken before giving up, the search and the plain tries together: a state costs a step per glob and
 * character, so the states' bound alone let 56 globs take 12 s, holding the loop as a client's first session opened
 * (a review's find). Past it the server counts as not reached: failing closed, its tools are withheld from that
 * client (none of its messages reach it). Every state the search keeps cost a step, so this bounds them too.
 */
const MAX_STEPS = 50_000;

/** Thrown inside the search when MAX_STEPS is spent; caught by grantReaches. */
const SPENT: unique symbol = Symbol('toolgate.grantSearchSpent');

/** Where one glob's automaton may be after some text: the positions in the glob, ascending. */
type Positions = readonly number[];

/** `at` with each position past a `*` added (a `*` may match nothing). */
function closure(glob: readonly string[], at: Iterable<number>): Positions {
  const out = new Set<number>();
  for (let i of at) {
    out.add(i);
    while (glob[i] === '*') out.add(++i);
  }
  return [...out].sort((a, b) => a - b);
}

/** The positions after reading `c` from `at`. */
function step(glob: readonly string[], at: Positions, c: string): Positions {
  const next: number[] = [];
  for (const i of at) {
    const g = glob[i];
    if (g === '*') next.push(i);
    else if (g === '?' || g === c) next.push(i + 1);
  }
  return closure(glob, next);
}

const accepts = (glob: readonly string[], at: Positions): boolean => at.includes(glob.length);
/** Whether from `at` every continuation matches (the rest of the glob is all `*`): a deny there denies all. */
const takesAll = (glob: readonly string[], at: Positions): boolean =>
  at.some((i) => i < glob.length && glob.slice(i).every((g) => g === '*'));

/** The globs of a grant as automata, each with where it is after the prefix `<server>__`. */
interface Automata {
  readonly allows: readonly (readonly string[])[];
  readonly denies: readonly (readonly string[])[];
  /** Where each glob (allows, then denies) is after the prefix. */
  readonly start: readonly Positions[];
  readonly prefix: number;
  /** The characters that tell states apart: those the globs name, and one for all the others. */
  readonly alphabet: readonly string[];
  /** Glob steps left (MAX_STEPS). */
  readonly budget: { left: number };
}

const after = (of: Automata, state: readonly Positions[], c: string): Positions[] => {
  of.budget.left -= state.length;
  if (of.budget.left < 0) throw SPENT;
  return state.map((at, i) =>
    step((i < of.allows.length ? of.allows[i] : of.denies[i - of.allows.length]) ?? [], at, c),
  );
};

/** Whether an allow matches the text read and no deny does. */
const granted = (of: Automata, state: readonly Positions[]): boolean =>
  of.allows.some((g, i) => accepts(g, state[i] as Positions)) &&
  !of.denies.some((g, i) => accepts(g, state[of.allows.length + i] as Positions));

/** No allow can match any more, or a deny matches whatever follows. */
const dead = (of: Automata, state: readonly Positions[]): boolean =>
  of.allows.every((_, i) => (state[i] as Positions).length === 0) ||
  of.denies.some((g, i) => takesAll(g, state[of.allows.length + i] as Positions));

/** Whether `tool` is a published tool name the grant names under the prefix. */
function names(of: Automata, tool: readonly string[]): boolean {
  if (tool.length === 0 || of.prefix + tool.length > MAX_NAME || !tool.every((c) => NAME_SET.has(c))) return false;
  let state: readonly Positions[] = of.start;
  for (const c of tool) state = after(of, state, c);
  return granted(of, state);
}

/** Most grants name a tool plainly: an allow glob filled in after the prefix (`*` empty or one character). */
function plainlyNamed(of: Automata): boolean {
  for (const [i, glob] of of.allows.entries())
    for (const from of of.start[i] as Positions)
      for (const filler of of.alphabet)
        for (const star of ['', filler]) {
          const rest = glob.slice(from).map((g) => (g === '*' ? star : g === '?' ? filler : g));
          if (names(of, Array.from(rest.join('')))) return true;
        }
  return false;
}

/** Every state reachable by a tool name, breadth first (the shortest first), until one is granted (MAX_STEPS). */
function searched(of: Automata): boolean {
  const seen = new Set<string>([JSON.stringify(of.start)]);
  let layer: readonly (readonly Positions[])[] = [of.start];
  for (let length = of.prefix + 1; length <= MAX_NAME && layer.length > 0; length++) {
    const next: Positions[][] = [];
    for (const state of layer)
      for (const c of of.alphabet) {
        const now = after(of, state, c);
        if (granted(of, now)) return true;
        const key = JSON.stringify(now);
        if (dead(of, now) || seen.has(key)) continue;
        seen.add(key);
        next.push(now);
      }
    layer = next;
  }
  return false;
}

/**
 * Whether a name `<server>__<tool>` of the published form is matched by one of `allow` and by none of `deny`
 * (a client's grant: an empty `allow` grants nothing).
 */
export function grantReaches(
  allow: readonly string[],
  deny: readonly string[],
  server: string,
  steps: number = MAX_STEPS,
): boolean {
  const allows = allow.map((g) => Array.from(g));
  const denies = deny.map((g) => Array.from(g));
  const globs = [...allows, ...denies];
  const prefix = Array.from(`${server}${SEPARATOR}`);
  let start = globs.map((g) => closure(g, [0]));
  for (const c of prefix) start = start.map((at, i) => step(globs[i] as string[], at, c));
  // Every character no glob names literally behaves alike: one of them stands for all.
  const literal = new Set(globs.flat());
  const other = NAME_CHARACTERS.find((c) => !literal.has(c));
  const alphabet = [...NAME_CHARACTERS.filter((c) => literal.has(c)), ...(other === undefined ? [] : [other])];
  const of: Automata = { allows, denies, start, prefix: prefix.length, alphabet, budget: { left: steps } };
  if (dead(of, start)) return false;
  try {
    return plainlyNamed(of) || searched(of);
  } catch (thrown) {
    if (thrown === SPENT) return false;
    throw thrown;
  }
}
