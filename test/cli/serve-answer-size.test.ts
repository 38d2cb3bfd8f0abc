// An answer no MCP client could read (a hunt's find): the MCP SDK's stdio clients read lines of at most 10 MiB and
// close the session past one, and JSON writes a control character in 6 bytes, so with `--max-output` above 1.7 MB a
// program printing control characters ended its client's session (every later call failed "Not connected"). Such
// an answer is an error the client reads now.
import { describe, expect, it } from 'vitest';
import { callCommand, prepareServe } from '../../src/cli/serve.js';

/** `serve`'s `dump` tool: node printing `bytes` bytes of `char`, with `--max-output` at `max`. */
function dump(max: number) {
  const plan = prepareServe([
    '--max-output',
    String(max),
    '--name',
    'dump',
    '--input-schema',
    '{"type":"object","properties":{"bytes":{"type":"integer","minimum":0},"char":{"type":"integer","minimum":0}},' +
      '"required":["bytes","char"],"additionalProperties":false}',
    '--exec',
    process.execPath,
    '--',
    '-e',
    'process.stdout.write(Buffer.alloc(Number(process.argv[1]), Number(process.argv[2])))',
    '{bytes}',
    '{char}',
  ]);
  if (!plan.ok) throw new Error(plan.error.message);
  return plan.value.tools;
}

describe('serve: an answer larger than a client reads', () => {
  it('is an error the client reads, not a line that ends its session', async () => {
    const r = await callCommand(dump(2_000_000), 'dump', { bytes: 2_000_000, char: 1 });
    expect(r.isError).toBe(true);
    expect(r.content).toEqual([
      {
        type: 'text',
        text: expect.stringMatching(
          /^error: the output of "dump" is \d+ bytes as JSON, more than an MCP client reads in one message \(10 MiB\)/,
        ),
      },
    ]);
  }, 30_000);

  it('leaves an answer a client reads as it is: the same bytes of plain text', async () => {
    const r = await callCommand(dump(2_000_000), 'dump', { bytes: 2_000_000, char: 0x61 });
    expect(r.isError).toBe(false);
    expect((r.content[0] as { text: string }).text).toHaveLength(2_000_000);
  }, 30_000);
});
