// A secret in a URL is masked as it is written and as percent-decoded: a server may echo either. Three readers of
// URLs need this (a path segment that may be a key, a URL word's password and query values, a `user:password`
// value), so the malformed-escape rule is written once.

/** `text` percent-decoded, or undefined where it holds a malformed escape (`%ZZ`, a lone `%`). */
export function percentDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** `text` as written and percent-decoded; as written only where it holds a malformed escape. */
export function writtenAndDecoded(text: string): string[] {
  const plain = percentDecoded(text);
  return plain === undefined ? [text] : [text, plain];
}
