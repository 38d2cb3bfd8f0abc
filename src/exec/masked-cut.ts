// A program's output cut at `--max-output` without showing part of a secret: a value never shown (an `--env`
// value) that the cut falls inside would pass whole-value masking with its beginning in the text. So each stream
// is read past the cut by the longest form of a secret less one byte, every form that begins before the cut is
// replaced whole, and only then is it cut. Beginnings are never masked at a cut: a model that makes its own text
// end at the cut would learn from such a mask whether its guess begins a secret (mask-secrets.ts, createMasker).
import { REDACTED, secretForms } from './mask-secrets.js';

const REDACTED_BYTES = Buffer.from(REDACTED, 'utf8');

/** The forms of `secrets` as bytes, and how far past a cut a stream must be read to see any of them whole. */
export function cutForms(secrets: readonly string[]): {
  readonly forms: readonly Buffer[];
  readonly lookahead: number;
} {
  const forms = [...new Set(secrets.flatMap(secretForms))].map((f) => Buffer.from(f, 'utf8'));
  const longest = forms.reduce((n, f) => Math.max(n, f.length), 0);
  return { forms, lookahead: Math.max(longest - 1, 0) };
}

/**
 * The first `cut` bytes of `received`, each occurrence of one of `forms` that begins before the cut replaced
 * whole by REDACTED (the text may then end with it). `received` must hold `cut` + lookahead bytes, or all there was.
 */
export function maskedCut(received: Buffer, cut: number, forms: readonly Buffer[]): Buffer {
  const spans: [number, number][] = [];
  for (const form of forms) {
    if (form.length === 0) continue;
    for (let at = received.indexOf(form); at !== -1 && at < cut; at = received.indexOf(form, at + 1))
      spans.push([at, at + form.length]);
  }
  if (spans.length === 0) return received.length <= cut ? received : received.subarray(0, cut);
  spans.sort((a, b) => a[0] - b[0]);
  const pieces: Buffer[] = [];
  let pos = 0;
  for (const [start, end] of spans) {
    if (end <= pos) continue;
    // Overlapping forms: one REDACTED for the whole run.
    if (start < pos) {
      pos = end;
      continue;
    }
    pieces.push(received.subarray(pos, start), REDACTED_BYTES);
    pos = end;
  }
  if (pos < cut) pieces.push(received.subarray(pos, Math.min(cut, received.length)));
  return Buffer.concat(pieces);
}
