// After the request was sent, guardClient adds "The request was sent, so the tool may have run" to the failure
// text: as one more sentence, whatever the exposed text ends with (no ". ." or ".. " between them).
import { describe, expect, it } from 'vitest';
import { guardClient, type McpClientLike } from '../../src/adapters/mcp-client.js';
import type { ExposeErrors } from '../../src/index.js';

const NOTICE = 'The request was sent, so the tool may have run: check before calling it again, do not retry blindly';

/** A server with one tool whose every call fails with `message` after the request went out. */
const failing = (message: string): McpClientLike =>
  ({
    listTools: async () => ({ tools: [{ name: 'charge', inputSchema: { type: 'object' } }] }),
    callTool: async () => {
      throw new Error(message);
    },
    setNotificationHandler: () => {},
  }) as McpClientLike;

const CASES: [label: string, message: string, expose: ExposeErrors, text: string][] = [
  ['the generic line', 'Request timed out.', false, `error: tool charge failed. ${NOTICE}`],
  [
    'a message with its own period',
    'Request timed out.',
    true,
    `error: tool charge failed: Request timed out. ${NOTICE}`,
  ],
  ['a message without one', 'Request timed out', true, `error: tool charge failed: Request timed out. ${NOTICE}`],
  ['a formatter text ending ". "', 'x', () => 'the charge service is down. ', `the charge service is down. ${NOTICE}`],
  ['a formatter text ending "..."', 'x', () => 'retrying...', `retrying. ${NOTICE}`],
];

describe('guardClient: the "request was sent" notice after a failure text', () => {
  it.each(CASES)('%s', async (_label, message, expose, text) => {
    const result = await guardClient(failing(message), { exposeErrors: expose }).callTool({ name: 'charge' });
    expect(result).toEqual({ content: [{ type: 'text', text }], isError: true });
  });
});
