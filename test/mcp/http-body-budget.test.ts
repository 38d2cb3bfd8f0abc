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

  it.each([
    ['a body within its bound', '{}', '{}'],
    ['a body over its bound, drained', 'x'.repeat(150), 'oversized'],
  ])('%s takes nothing from the budget once read', async (_, body, outcome) => {
    const budget = new BodyBudget(100);
    const req = request();
    const read = readBody(req, 100, budget);
    req.end(body);
    expect(await read).toBe(outcome);
    expect(budget.take(100)).toBe(true);
  });
});
