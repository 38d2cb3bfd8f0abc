// What toolgate declares as an MCP client when it initializes a server (MCP 2025-06-18, "Lifecycle",
// capability negotiation). A server may list tools by the client's capabilities (server-everything lists its
// sampling, elicitation and roots tools only to clients that declare them), so `check`, `lock` and `proxy` must
// declare the same: a lock written by `lock --mcp` then pins exactly the catalog the proxy will be shown.
// The proxy relays each of these to its own clients, so it can declare them.

/** The client capabilities toolgate declares to every server it lists or proxies. */
export const CLIENT_CAPABILITIES = { sampling: {}, elicitation: {}, roots: { listChanged: true } } as const;

/** The name toolgate gives itself as an MCP client (`clientInfo.name`), the same for the proxy, check and lock. */
export const PROXY_CLIENT_NAME = 'toolgate-proxy';
