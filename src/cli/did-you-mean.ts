// "Did you mean ...?" for a mistyped command or option name: the known name nearest by edit distance, chosen the
// same way on every run. An exact name is always its own answer, so a real option is never "corrected" into a
// longer one that merely starts with it.
import { editDistance } from '../lint/keyword-typo.js';

/** How a candidate ranks against the typed name; lower is closer. */
interface Rank {
  readonly name: string;
  /** The distance that decides whether it is suggested at all: a prefix counts as 1. */
  readonly near: number;
  /** The true edit distance, which breaks ties between prefixes (`--form`: format before format-assertion). */
  readonly distance: number;
}

/**
 * The candidate closest to `name`, if one is close enough to suggest: within an edit distance of a third of its
 * length (at least 2), or one it begins (three characters or more: parseArgs does not abbreviate, so `--prov`
 * meant a longer name). Ties go to the smaller true distance, then to the earlier candidate.
 */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  if (candidates.includes(name)) return name;
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: Rank | undefined;
  for (const candidate of candidates) {
    // The true distance is needed whole only for a prefix; otherwise anything past the limit is out anyway.
    const prefix = name.length >= 3 && candidate.startsWith(name);
    const distance = editDistance(name, candidate, prefix ? candidate.length : limit);
    const near = prefix ? 1 : distance;
    if (near > limit) continue;
    if (best === undefined || near < best.near || (near === best.near && distance < best.distance))
      best = { name: candidate, near, distance };
  }
  return best?.name;
}
