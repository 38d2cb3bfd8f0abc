import { describe, expect, it } from 'vitest';
import { sdkSchemaIssue } from '../../src/mcp/sdk-issue.js';

const { PaginatedResultSchema } = await import('@modelcontextprotocol/sdk/types.js');

/** What the SDK rejects a request with when the server's result does not parse. */
function sdkError(result: unknown): unknown {
  const parsed = PaginatedResultSchema.safeParse(result);
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error;
}

describe('the MCP SDK schema failure, read as data', () => {
  it('names the method, where, and what (it read "non-Error value thrown (object)")', () => {
    expect(sdkSchemaIssue(sdkError({ tools: [], nextCursor: 12 }), 'tools/list')).toBe(
      'the answer to "tools/list" is not what MCP defines: ' +
        '$.nextCursor: Invalid input: expected string, received number',
    );
  });

  it.each([
    ['an Error', new Error('boom')],
    ['null', null],
    ['a string', 'text'],
    ['no issues', { issues: [] }],
    ['an issue that is not an object', { issues: [7] }],
  ])('is undefined for %s', (_, thrown) => {
    expect(sdkSchemaIssue(thrown, 'tools/list')).toBeUndefined();
  });

  it('runs no getter and clips a hostile path', () => {
    const issue = {
      path: ['x'.repeat(5000), 3, Symbol('s')],
      get message(): string {
        throw new Error('a getter ran');
      },
    };
    const text = sdkSchemaIssue({ issues: [issue, issue] }, 'initialize');
    expect(text).toMatch(/^the answer to "initialize" is not what MCP defines: \$\.x+/);
    expect(text).toMatch(/: not valid \(and 1 more\)$/);
    expect(text?.length).toBeLessThan(300);
  });
});
