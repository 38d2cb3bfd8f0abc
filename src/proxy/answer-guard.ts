// Requests answered after an await (tools/list once the tools are admitted, tools/call once the server answered,
// tasks/result) run as `void work`: a throw there would be an unhandled rejection, which ends the Node process and
// every session in it. Nothing there is meant to throw (a message too deep to write again is refused when it is
// read: src/mcp/message-depth.ts); should something still, the client gets an error answer, the host a line on
// stderr, and the proxy goes on.
import { RPC, type Reply } from '../mcp/peer.js';
import { thrownMessage } from '../result.js';
import { clip } from '../util/describe-value.js';

/**
 * Runs a request's answer; a rejection is answered through `answer` as an internal error and told `warn`. The
 * thrown text is the proxy's own: the host's log may read it, the client gets a fixed message.
 */
export function guardAnswer(
  work: Promise<unknown>,
  answer: (reply: Reply) => void,
  warn: (line: string) => void,
): void {
  work.catch((thrown: unknown) => {
    warn(`a request could not be answered: ${clip(thrownMessage(thrown), 200)}`);
    try {
      answer({ error: { code: RPC.internalError, message: 'the proxy could not answer this request' } });
    } catch {
      // The channel itself failed: the session's end tells the client.
    }
  });
}
