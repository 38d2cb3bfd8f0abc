// The masker of what the proxy writes for its host (its own stderr lines, a server's stderr passed on, --log), made
// once per list of secrets: the settings hold one list, and every line, session and restart shares it. Made per
// line, as before, 10,000 secrets cost 1.2 s a line (their forms worked out again each time; a review's find).
import { createMasker, type Masker } from '../exec/mask-secrets.js';

const hostMaskers = new WeakMap<readonly string[], Masker>();

/**
 * The host's masker of `secrets` (createMasker's defaults: clipped heads masked too), one per list; `secrets` is
 * never changed once read (a settings' list).
 */
export function hostMasker(secrets: readonly string[]): Masker {
  let masker = hostMaskers.get(secrets);
  if (masker === undefined) {
    masker = createMasker(secrets);
    hostMaskers.set(secrets, masker);
  }
  return masker;
}

/** A writer of the proxy's own lines on `io.err`, `toolgate proxy: <line>`, masked of `secrets`. */
export function ownLines(io: { err(text: string): void }, secrets: readonly string[]): (line: string) => void {
  const masker = hostMasker(secrets);
  return (line) => io.err(`toolgate proxy: ${masker.text(line)}\n`);
}
