// What the proxy sends its client, masked: every secret it was given (each --header value, each --env value,
// the --auth-token-env token) at least MIN_SHOWN_SECRET_LENGTH long is replaced wherever an upstream's
// result, error, notification or request echoes it. Each message is masked whole, as the JSON value it is
// (mask-secrets.ts), so a value written with any escapes is found and the message stays JSON. The top-level id
// is left alone: it is the client's own or the proxy's, never the upstream's, and the client matches on it.
import { createMasker, MIN_SHOWN_SECRET_LENGTH } from '../exec/mask-secrets.js';
import { type Channel, textOf } from '../mcp/channel.js';

/** `channel` with every message masked of `secrets` (`channel` itself when none is long enough). */
export function maskedChannel(channel: Channel, secrets: readonly string[]): Channel {
  // Whole values only: masking a secret's clipped beginning would answer a client's guesses (mask-secrets.ts).
  const masker = createMasker(secrets, MIN_SHOWN_SECRET_LENGTH, 'whole-values');
  if (masker.empty) return channel;
  return {
    // `related` (which request's stream a message goes on) is passed on with it.
    send: (message, related) => {
      const { id, ...rest } = message as { id?: unknown };
      const text = JSON.stringify(rest);
      const masked = masker.json(text);
      if (masked === text) return channel.send(message, related);
      const back = JSON.parse(masked) as Record<string, unknown>;
      channel.send(Object.hasOwn(message, 'id') ? { jsonrpc: back['jsonrpc'], id, ...back } : back, related);
    },
    sendResult: (id, result) => {
      const text = textOf(result);
      const masked = masker.json(text);
      // Bytes made once are passed on when there was nothing to mask; masked text is encoded anew.
      channel.sendResult(id, masked === text ? result : masked);
    },
    backlog: () => channel.backlog(),
    close: () => channel.close(),
    ...(channel.cancelled === undefined ? {} : { cancelled: (id) => channel.cancelled?.(id) }),
  };
}
