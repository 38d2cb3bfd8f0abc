// A long message read in slices (src/mcp/read-in-slices.ts) reports what readMessage(asOneLine(text)) reports:
// the same message and text, the same refusals, the same count of values for the listing memo.
import { describe, expect, it } from 'vitest';
import { asOneLine, type ChannelSink, readMessage, type RpcMessage } from '../../src/mcp/channel.js';
import { MAX_MESSAGE_DEPTH, jsonValues, valuesOf } from '../../src/mcp/message-depth.js';
import { readMessageInSlices } from '../../src/mcp/read-in-slices.js';
import { timeSlices } from '../../src/util/time-slice.js';

const tools = Array.from({ length: 2000 }, (_, i) => ({
  name: `tool_${i}`,
  inputSchema: { type: 'object', properties: { [`p${i}`]: { type: 'integer', maximum: i } } },
}));
const PAGE = JSON.stringify({ jsonrpc: '2.0', id: 3, result: { tools } });
/** A reply whose result nests past the bound, inside a long text. */
const NESTED = `${'['.repeat(MAX_MESSAGE_DEPTH)}${']'.repeat(MAX_MESSAGE_DEPTH)}`;
const DEEP = `{"jsonrpc":"2.0","id":4,"result":{"pad":${JSON.stringify('x'.repeat(200_000))},"deep":${NESTED}}}`;

type Sink = Pick<ChannelSink, 'message' | 'bad' | 'known'>;

/** What a read reports: each message as `message <its text>` with the message, or `bad <why> <id>`. */
function recorder(): { sink: Sink; seen: unknown[] } {
  const seen: unknown[] = [];
  return {
    seen,
    sink: {
      message: (m: RpcMessage, text: string) => seen.push(['message', m, text]),
      bad: (why, id) => seen.push(['bad', why, id]),
    },
  };
}

async function compare(text: string): Promise<void> {
  const whole = recorder();
  readMessage(asOneLine(text), whole.sink);
  const sliced = recorder();
  await readMessageInSlices(text, sliced.sink, () => true, timeSlices(0));
  expect(sliced.seen).toEqual(whole.seen);
}

describe('readMessageInSlices', () => {
  it.each([
    ['a tools/list page', PAGE],
    ['the page pretty-printed (read as one line)', JSON.stringify(JSON.parse(PAGE), null, 2)],
    ['a reply nested past the bound (an error for its request)', DEEP],
    ['a request nested past the bound (bad)', DEEP.replace('"result"', '"method":"x","params"')],
    ['a value that is no message', JSON.stringify({ id: 5, tools })],
    ['a reply whose repeated key first held a value nested past the bound', DEEP.replace(/}}$/, ',"deep":1}}')],
    ['a text that is not JSON', `${PAGE}]`],
  ])('reports %s as readMessage does', async (_what, text) => {
    await compare(text);
  });

  it('counts the values of the message it reports as a walk of the whole would', async () => {
    const { sink, seen } = recorder();
    await readMessageInSlices(PAGE, sink, () => true, timeSlices(0));
    const message = (seen[0] as [string, object])[1];
    expect(valuesOf(message)).toBe(jsonValues(JSON.parse(PAGE)));
  });

  it('counts only the value a repeated key keeps', async () => {
    const text = PAGE.replace('"tools":', `"tools":[${'1,'.repeat(5000)}1],"tools":`);
    const { sink, seen } = recorder();
    await readMessageInSlices(text, sink, () => true, timeSlices(0));
    const message = (seen[0] as [string, object])[1];
    expect(valuesOf(message)).toBe(jsonValues(JSON.parse(text)));
  });

  it('recalls a known text without parsing it', async () => {
    const known = { jsonrpc: '2.0', id: 3, result: {} } as const;
    const { sink, seen } = recorder();
    await readMessageInSlices(PAGE, {
      ...sink,
      known: { recall: (t) => (t === PAGE ? { message: known, text: t } : undefined) },
    });
    expect(seen).toEqual([['message', known, PAGE]]);
  });

  // 50 sessions starting over one new catalog: each parsing its own copy of the page cost the CPU again.
  it('waits for a read of the same text under way, then recalls what that read reported', async () => {
    const remembered = new Map<string, { message: RpcMessage; text: string }>();
    const got: RpcMessage[] = [];
    const sink: Sink = {
      message: (message, text) => {
        got.push(message);
        remembered.set(text, { message, text });
      },
      bad: () => undefined,
      known: { recall: (text) => remembered.get(text) },
    };
    const reads = [readMessageInSlices(PAGE, sink, () => true, timeSlices(0))];
    reads.push(readMessageInSlices(PAGE, sink, () => true, timeSlices(0)));
    await Promise.all(reads);
    expect(got).toHaveLength(2);
    expect(got[1]).toBe(got[0]);
  });

  it('reports nothing to a session whose channel closed while it waited for another read', async () => {
    const remembered = new Map<string, { message: RpcMessage; text: string }>();
    const known = { recall: (text: string) => remembered.get(text) };
    const got: string[] = [];
    const owner = readMessageInSlices(
      PAGE,
      {
        message: (message, text) => {
          got.push('owner');
          remembered.set(text, { message, text });
        },
        bad: () => undefined,
        known,
      },
      () => true,
      timeSlices(0),
    );
    let live = true;
    const waiter = readMessageInSlices(
      PAGE,
      { message: () => got.push('closed'), bad: () => got.push('closed'), known },
      () => live,
      timeSlices(0),
    );
    live = false;
    await Promise.all([owner, waiter]);
    expect(got).toEqual(['owner']);
  });

  it('reports nothing once its channel closed while it read', async () => {
    const { sink, seen } = recorder();
    await readMessageInSlices(PAGE, sink, () => false, timeSlices(0));
    expect(seen).toEqual([]);
  });

  it('reports the message in a later turn than the one that read the text', async () => {
    const { sink, seen } = recorder();
    const read = readMessageInSlices(PAGE, sink, () => true, timeSlices(0));
    expect(seen).toEqual([]);
    await read;
    expect(seen).toHaveLength(1);
  });
});
