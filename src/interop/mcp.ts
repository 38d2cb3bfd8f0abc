import type { Provider } from './provider.js';

/**
 * MCP as a wire format (`toolsFor('mcp')`, `toMessage('mcp')`): MCP allows tool names of 1-128 characters of
 * `A-Za-z0-9_-.` (MCP 2025-11-25, server/tools, "Tool names"), so a tool keeps its own name there.
 */
export const MCP_PROVIDER: Provider<'mcp'> = { id: 'mcp', names: { maxLength: 128 } };
