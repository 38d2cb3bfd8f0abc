// The bytes of request bodies a server keeps while reading them, all requests together (src/mcp/http-body.ts):
// each body is bounded, and so is their sum, so that many clients writing large bodies at once cannot fill memory.
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BodyBudget, readBody } from '../../src/mcp/http-body.js';

/** A request whose body is written by the test. */
function request(): PassThrough & IncomingMessage {
  return Object.assign(new PassThrough(), { headers: {} }) as unknown as PassThrough & IncomingMessage;
}

describe('readBody within a budget', () => {
  it('answers busy when the bodies being read would take more than the budget; gives bytes back after', async () => {
    const budget = new BodyBudget(10);
    const first = request();
    const reading = readBody(first, 100, budget);
    first.write('1234567');
    const second = request();
    const refused = readBody(second, 100, budget);
    second.write('12345');
    expect(await refused).toBe('busy');
    first.end('8');
    expect(await reading).toBe('12345678');
    // Both reads have ended: the whole budget is free again.
    const third = request();
    const read = readBody(third, 100, budget);
    third.end('0123456789');
    expect(await read).toBe('0123456789');
  });

  // The first chunk of each fits the body's bound, so it is taken from the budget before the read ends.
  it.each([
    ['a body within its bound', ['{"a":', '1}'], '{"a":1}'],
    ['a body over its bound, drained', ['x'.repeat(60), 'x'.repeat(90)], 'oversized'],
    ['a body over four times its bound, cut off', ['x'.repeat(60), 'x'.repeat(400)], 'oversized'],
    ['a body whose connection broke', ['x'.repeat(60), new Error('reset')], 'broken'],
  ] as const)('%s gives back what it took from the budget', async (_, chunks, outcome) => {
    const budget = new BodyBudget(100);
    const req = request();
    const read = readBody(req, 100, budget);
    for (const chunk of chunks) {
      if (typeof chunk === 'string') req.write(chunk);
      else req.emit('error', chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (outcome !== 'broken') req.end();
    expect(await read).toBe(outcome);
    expect(budget.take(100)).toBe(true);
  });
});
