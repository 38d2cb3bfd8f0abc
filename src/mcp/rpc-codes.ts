// The JSON-RPC error codes the proxy answers with, in a file of their own so that the channel (which answers a
// reply too deep with one) and the peer both read them without importing each other.

/** Error codes the proxy answers with (JSON-RPC 2.0 section 5.1, and the MCP SDK's request timeout). */
export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  requestTimeout: -32001,
} as const;
