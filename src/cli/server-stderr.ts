// The beginning of an `--mcp` server's stderr, shown under the message of a server that failed. It is cut at
// MAX_STDERR_BYTES, not at whatever pipe chunk passed the bound (64 KiB of it could follow), and a value given to
// the server (an `--env` value, a `KEY=VALUE` word) that the cut falls inside is masked whole: cut first, its
// beginning would pass whole-value masking and be printed (src/exec/masked-cut.ts).
import { cutForms, maskedCut } from '../exec/masked-cut.js';

/** Most bytes of a server's stderr shown. */
export const MAX_STDERR_BYTES = 4000;

/** A server's stderr as it is read, and the part of it to show. */
export interface StderrHead {
  /** Takes one chunk of the stream (the part within the bound and the look-ahead; the rest is dropped). */
  readonly take: (chunk: Buffer) => void;
  /** The first MAX_STDERR_BYTES bytes as text, every secret the cut falls inside masked whole. */
  readonly text: () => string;
}

/** The head of one server's stderr; `secrets` are the values the server was given. */
export function stderrHead(secrets: readonly string[]): StderrHead {
  const { forms, lookahead } = cutForms(secrets);
  // Read a secret's length past the cut, so one the cut falls inside is seen whole.
  const room = MAX_STDERR_BYTES + lookahead;
  const chunks: Buffer[] = [];
  let kept = 0;
  return {
    take: (chunk) => {
      if (kept >= room) return;
      const piece = chunk.length <= room - kept ? chunk : chunk.subarray(0, room - kept);
      chunks.push(piece);
      kept += piece.length;
    },
    text: () => maskedCut(Buffer.concat(chunks), MAX_STDERR_BYTES, forms).toString('utf8'),
  };
}
