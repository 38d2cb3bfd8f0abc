// --max-result bounds what the client is sent. A result checked against its outputSchema, and every result a
// 2026-07-28 client gets, is sent as the value that was read, serialized again: `1e20` (4 characters as a server
// writes it) is 21 once JSON.stringify writes it, and a hunt's 25 KB result of them reached the client as 110 KB past
// a limit of 30 KB, measured on the server's text alone.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { checkResult } from '../../src/proxy/calls.js';

const output = validateSchema({ type: 'object', properties: { a: { type: 'array' } } });
if (!output.ok) throw new Error(output.error.message);
const WITH_OUTPUT = { outputs: new Map([['nums', output.value]]) };
const WITHOUT = { outputs: new Map() };

/** A server's answer line whose structuredContent is `n` numbers written `1e20`, and the result it holds. */
function answer(n: number): { line: string; result: unknown } {
  const line = `{"jsonrpc":"2.0","id":1,"result":{"content":[],"structuredContent":{"a":[${Array(n).fill('1e20')}]}}}`;
  return { line, result: (JSON.parse(line) as { result: unknown }).result };
}

const LIMIT = 30_000;
const { line, result } = answer(5000);

describe('--max-result holds for the text the client is sent', () => {
  it('a result checked against its outputSchema, under the limit as written, over it as sent: refused', () => {
    expect(line.length).toBeLessThan(LIMIT);
    const checked = checkResult('nums', result, line, WITH_OUTPUT, LIMIT);
    expect(checked.problem).toBe('size');
    expect(JSON.stringify(checked)).toContain(
      `its result (${JSON.stringify(result).length} bytes) is over --max-result`,
    );
  });

  it('the same result under a limit it fits as sent: sent as the text that was measured', () => {
    const checked = checkResult('nums', result, line, WITH_OUTPUT, 200_000);
    expect(checked).toEqual({ text: JSON.stringify(result), problem: undefined });
  });

  it('sent as a value to a 2026-07-28 client (asValue), without an outputSchema: refused', () => {
    expect(checkResult('nums', result, line, WITHOUT, LIMIT, 'nums', true).problem).toBe('size');
  });

  it('passed on as the server wrote it (no outputSchema, not asValue): measured as written, passed', () => {
    const checked = checkResult('nums', result, line, WITHOUT, LIMIT);
    expect(checked.problem).toBeUndefined();
    expect('text' in checked && checked.text.length).toBeLessThan(LIMIT);
  });
});
