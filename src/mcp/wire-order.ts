// The member order of the messages toolgate writes to a server: `jsonrpc`, `id`, `method`, `params` (a response:
// `jsonrpc`, `id`, `result` or `error`). The proxy's peer writes its messages so, and `check`/`lock` list a server
// through the same peer: a server that told the lister from the proxy by the bytes it is sent could show `lock` one
// catalog and the proxy another (a hunt's find: the MCP SDK's client, which listed before, writes `method` first).

/** A request as toolgate writes it. */
export function requestMessage(id: string | number, method: string, params?: unknown): Record<string, unknown> {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

/** A notification as toolgate writes it. */
export function notificationMessage(method: string, params?: unknown): Record<string, unknown> {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

/** A response as toolgate writes it: its error when it has one, else its result. */
export function responseMessage(
  id: string | number | null,
  reply: { readonly result?: unknown; readonly error?: unknown },
): Record<string, unknown> {
  return reply.error !== undefined
    ? { jsonrpc: '2.0', id, error: reply.error }
    : { jsonrpc: '2.0', id, result: reply.result };
}
