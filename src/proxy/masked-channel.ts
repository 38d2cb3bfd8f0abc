// What the proxy sends its client, masked: every secret it was given (each --header value, each --env value,
// the --auth-token-env token) at least MIN_SHOWN_SECRET_LENGTH long is replaced wherever an upstream's
// result, error, notification or request echoes it. Each message is masked whole, as the JSON value it is
// (mask-secrets.ts), so a value written with any escapes is found and the message stays JSON. The top-level id
// is left alone: it is the client's own or the proxy's, never the upstream's, and the client matches on it.
import type { Masker } from '../exec/mask-secrets.js';
import { type Channel, type EncodedJson, textOf } from '../mcp/channel.js';
import { clientMasker } from './client-masker.js';
import { keepOwn } from './own-refusals.js';

// A result encoded once (a tools/list answer, made once per admission) is masked once per list of secrets, which
// every session of a proxy shares: decoded and masked for each session, 5,000 tools took 9 ms a session.
const maskedResults = new WeakMap<EncodedJson, WeakMap<readonly string[], EncodedJson>>();

/** `result` masked of `secrets`: itself when there was nothing to mask, else the masked text's bytes. */
function maskedOnce(result: EncodedJson, secrets: readonly string[], masker: Masker): EncodedJson {
  let bySecrets = maskedResults.get(result);
  if (bySecrets === undefined) {
    bySecrets = new WeakMap();
    maskedResults.set(result, bySecrets);
  }
  let masked = bySecrets.get(secrets);
  if (masked === undefined) {
    const text = textOf(result);
    const shown = masker.json(text);
    masked = shown === text ? result : { bytes: Buffer.from(shown, 'utf8') };
    bySecrets.set(secrets, masked);
  }
  return masked;
}

/** `channel` with every message masked of `secrets` (`channel` itself when none is long enough). */
export function maskedChannel(channel: Channel, secrets: readonly string[]): Channel {
  const masker = clientMasker(secrets);
  if (masker.empty) return channel;
  return {
    // `related` (which request's stream a message goes on) is passed on with it.
    send: (message, related) => {
      const { id, ...rest } = message as { id?: unknown };
      const text = JSON.stringify(rest);
      const masked = masker.json(text);
      if (masked === text) return channel.send(message, related);
      const back = JSON.parse(masked) as Record<string, unknown>;
      // Rebuilt, a refusal of the proxy's stays its own (its HTTP status: http-answer.ts).
      keepOwn((message as { error?: unknown }).error, back['error']);
      channel.send(Object.hasOwn(message, 'id') ? { jsonrpc: back['jsonrpc'], id, ...back } : back, related);
    },
    sendResult: (id, result) => {
      if (typeof result !== 'string') return channel.sendResult(id, maskedOnce(result, secrets, masker));
      const masked = masker.json(result);
      channel.sendResult(id, masked === result ? result : masked);
    },
    backlog: () => channel.backlog(),
    close: () => channel.close(),
    ...(channel.cancelled === undefined ? {} : { cancelled: (id) => channel.cancelled?.(id) }),
  };
}
