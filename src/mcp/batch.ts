// JSON-RPC 2.0 batches (section 6: an array of messages, answered by an array). MCP 2025-03-26 has them ("Base
// Protocol", Batching: implementations MUST support receiving them) and 2025-06-18 removed them; the proxy, which
// negotiates 2025-03-26 with a client that asks for it, does not serve them. It answers one: each request in it gets
// the error -32600, in one array answer as section 6 has it, so no request waits for an answer that never comes (a
// hunt's find: a batch got one error naming no id, and each of its requests waited for the client's timeout).
// Notifications and answers in a batch are dropped. The answer is bounded by the batch: one error per request of
// it, under three times the bytes the request took (a request is 35 bytes and its id at least, its error 91 and the
// id), and a batch is one message, bounded as any (a 10 MiB line on stdio).
import { RPC } from './rpc-codes.js';

/** What each request of a batch is answered. */
export const BATCH_NOT_SERVED = 'JSON-RPC batches are not served';

/** Whether `value` is a JSON-RPC request: a method, and a string or finite number id (section 4). */
function requestId(value: unknown): string | number | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const m = value as Record<string, unknown>;
  if (m['jsonrpc'] !== '2.0' || typeof m['method'] !== 'string') return undefined;
  const id = m['id'];
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

/** The ids of the requests of `batch`, in its order (an id given twice is answered twice, as it was asked twice). */
export function batchRequestIds(batch: readonly unknown[]): (string | number)[] {
  const ids: (string | number)[] = [];
  for (const element of batch) {
    const id = requestId(element);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/** The answer to a batch whose requests are `ids`: each one's -32600, in one array. */
export function batchRefusal(ids: readonly (string | number)[]): object[] {
  return ids.map((id) => ({ jsonrpc: '2.0', id, error: { code: RPC.invalidRequest, message: BATCH_NOT_SERVED } }));
}
