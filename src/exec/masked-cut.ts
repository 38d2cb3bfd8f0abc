// A program's output cut at `--max-output` without showing part of a secret: a value never shown (an `--env`
// value) that the cut falls inside would pass whole-value masking with its beginning in the text. So each stream
// is read past the cut by the longest form of a secret less one byte, every form that begins before the cut is
// replaced whole, and only then is it cut. Beginnings are never masked at a cut: a model that makes its own text
// end at the cut would learn from such a mask whether its guess begins a secret (mask-secrets.ts, createMasker).
import { BASE64_GROUP, isBase64Char, REDACTED } from './mask-secrets.js';
import { base64SecretForms, secretForms, wrappedSecretForms } from './secret-forms.js';
import { unwrapped, WRAPPED_LINE } from './wrapped-text.js';

const REDACTED_BYTES = Buffer.from(REDACTED, 'utf8');

/** The bytes of one wrap the cut reads past it for: a wrap of more (blank lines, a deep indent) may show a piece. */
const WRAP_BYTES = 8;

/**
 * A form of a secret as bytes; a base64 one is masked with the group of four on either side (mask-secrets.ts); a
 * wrapped one (base64, hex) is looked for across line breaks too (wrapped-text.ts).
 */
export interface CutForm {
  readonly bytes: Buffer;
  readonly base64: boolean;
  readonly wrapped: boolean;
}

/** The forms of `secrets` as bytes, and how far past a cut a stream must be read to see any of them whole. */
export function cutForms(secrets: readonly string[]): {
  readonly forms: readonly CutForm[];
  readonly lookahead: number;
} {
  const base64 = new Set(secrets.flatMap(base64SecretForms));
  const wrapped = new Set(secrets.flatMap(wrappedSecretForms));
  const forms = [...new Set(secrets.flatMap(secretForms))].map((f) => ({
    bytes: Buffer.from(f, 'utf8'),
    base64: base64.has(f),
    wrapped: wrapped.has(f),
  }));
  // A wrapped form holds a wrap in every WRAPPED_LINE characters of it at most, each taken as up to WRAP_BYTES (CR LF
  // and an indent, or JSON's escaped `\r\n`).
  const span = (f: CutForm): number =>
    f.bytes.length +
    (f.base64 ? BASE64_GROUP : 0) +
    (f.wrapped ? WRAP_BYTES * Math.ceil(f.bytes.length / WRAPPED_LINE) : 0);
  const longest = forms.reduce((n, f) => Math.max(n, span(f)), 0);
  return { forms, lookahead: Math.max(longest - 1, 0) };
}

/**
 * A base64 form's span widened as the text masker widens it: the group before it when all four of its bytes are
 * base64, and up to four base64 bytes after it (each holds one or two of the secret's bytes beside a neighbour's).
 */
function widened(received: Buffer, start: number, end: number): [number, number] {
  let from = start;
  const before = received.subarray(start - BASE64_GROUP, start);
  if (start >= BASE64_GROUP && before.every((b) => isBase64Char(b))) from = start - BASE64_GROUP;
  let to = end;
  while (to < end + BASE64_GROUP && isBase64Char(received[to])) to++;
  return [from, to];
}

/**
 * The first `cut` bytes of `received`, each occurrence of one of `forms` that begins before the cut replaced
 * whole by REDACTED (the text may then end with it). `received` must hold `cut` + lookahead bytes, or all there was.
 */
export function maskedCut(received: Buffer, cut: number, forms: readonly CutForm[]): Buffer {
  const spans: [number, number][] = [];
  // The stream read as one line where a program wrapped encoded data (wrapped-text.ts): the wrapped forms are looked
  // for there alone, as the text masker does (an occurrence on one line is there too). latin1: one character per
  // byte, so the view's places are the buffer's (base64 and hex are ASCII).
  const view = forms.some((f) => f.wrapped) ? unwrapped(received.toString('latin1')) : undefined;
  const joined = view === undefined ? undefined : Buffer.from(view.text, 'latin1');
  for (const { bytes, base64, wrapped } of forms) {
    if (bytes.length === 0) continue;
    const inView = view !== undefined && joined !== undefined && wrapped;
    const searched = inView ? joined : received;
    for (let at = searched.indexOf(bytes); at !== -1; at = searched.indexOf(bytes, at + 1)) {
      if ((inView ? view.at(at) : at) >= cut) break;
      const [from, to] = base64 ? widened(searched, at, at + bytes.length) : [at, at + bytes.length];
      spans.push(inView ? [view.at(from), view.at(to - 1) + 1] : [from, to]);
    }
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
