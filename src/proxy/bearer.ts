// Bearer tokens (`Authorization: Bearer <token>`, RFC 6750) compared in constant time: both sides hashed to
// fixed-length SHA-256 digests and compared with timingSafeEqual, so neither how much of a guess was right nor
// its length shows in the time taken; with per-client tokens (`--grants`) every client is compared, the match
// kept without leaving the loop, so the time says nothing of which client matched or how many there are before it.
import { createHash, timingSafeEqual } from 'node:crypto';

/** The SHA-256 digest of a token's UTF-8 text. */
export function tokenDigest(text: string): Uint8Array {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** The token of an `Authorization` header (`Bearer <token>`, the scheme case-insensitive); '' when none. */
function bearerOf(header: string | undefined): string {
  return /^Bearer +(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
}

/** Whether `header` is `Bearer <token>`: equal-length digests compared with timingSafeEqual. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = bearerOf(header);
  return timingSafeEqual(tokenDigest(given), tokenDigest(token)) && given !== '';
}

/** The one of `clients` whose token `header` carries, or undefined; every client is compared. */
export function bearerClient<T extends { readonly digest: Uint8Array }>(
  header: string | undefined,
  clients: readonly T[],
): T | undefined {
  const given = bearerOf(header);
  const digest = tokenDigest(given);
  let found: T | undefined;
  for (const client of clients) {
    const same = timingSafeEqual(digest, client.digest);
    // Tokens are distinct (client-grants.ts), so at most one is the same; no early exit.
    found = same ? client : found;
  }
  return given === '' ? undefined : found;
}
