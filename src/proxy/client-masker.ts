// The masker of what a client reads, one per list of secrets, and the one rule for a secret a server wrote as a
// JSON number: no masked form of a number is a number, so what holds one is withheld, refused or left out wherever
// the proxy masks JSON for a client (unpublishable.ts, calls.ts, server-messages.ts, session.ts). Apart from
// masked-channel.ts so that `check` and `lock`, which say what the proxy withholds, load no channel.
import { createMasker, type Masker, MIN_SHOWN_SECRET_LENGTH } from '../exec/mask-secrets.js';

const clientMaskers = new WeakMap<readonly string[], Masker>();

/**
 * The masker of what a client reads, one per list of secrets (a proxy's settings hold one list, every session shares
 * it). Whole values only: masking a secret's clipped beginning would answer a client's guesses (mask-secrets.ts).
 */
export function clientMasker(secrets: readonly string[]): Masker {
  let masker = clientMaskers.get(secrets);
  if (masker === undefined) {
    masker = createMasker(secrets, MIN_SHOWN_SECRET_LENGTH, 'whole-values');
    clientMaskers.set(secrets, masker);
  }
  return masker;
}

/** Why a value holding a secret as a number is not sent: no masked form of a number is a number. */
export const SECRET_NUMBER = 'a value given to the server as a number: masked, that number would become a string';

/**
 * Whether `value` (parsed JSON, about to be sent to a client) holds a secret of `secrets` as a number: masked, its
 * type would change under the client (a schema's `maximum`, a result's `structuredContent` its outputSchema types),
 * so what holds it is withheld or refused instead, everywhere the proxy masks JSON for a client.
 */
export function holdsSecretNumber(value: unknown, secrets: readonly string[]): boolean {
  const masker = clientMasker(secrets);
  return !masker.empty && masker.retypes(value);
}

/**
 * `record` without each member holding a secret of `secrets` as a number (an initialize answer's `_meta`, a server's
 * capability): what the proxy answers for its server, where a refusal would end the session, leaves it out instead.
 */
export function withoutSecretNumbers(
  record: Readonly<Record<string, unknown>>,
  secrets: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => !holdsSecretNumber(v, secrets)));
}

/** Whether `json` (JSON text sent to a client as written) holds a secret of `secrets` as a number. */
export function writesSecretNumber(json: string, secrets: readonly string[]): boolean {
  const masker = clientMasker(secrets);
  return !masker.empty && masker.retypesText(json);
}
