// Where an icon may come from (MCP 2025-11-25, "Icons", Security Considerations: a client loads an icon's `src`,
// so a `javascript:` or `file:` source is refused): https, http (a local server) or a `data:` URI, parsed as a URL.

/** Whether `value` is an icon source a client may load. */
export function isIconSource(value: unknown): boolean {
  return typeof value === 'string' && /^(?:https?:|data:)/i.test(value) && URL.canParse(value);
}
