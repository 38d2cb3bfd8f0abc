// What the result tests share: a server's line as the proxy reads it (its result member parsed, the line kept),
// judged by checkResult with no output schema and a 1 MB bound.
import { checkResult } from '../../src/proxy/calls.js';

const PUBLISHED = { outputs: new Map() };

/** checkResult's verdict on a result written as `resultText` in a server's answer line. */
export function judgeResult(resultText: string): ReturnType<typeof checkResult> {
  const line = `{"jsonrpc":"2.0","id":1,"result":${resultText}}`;
  return checkResult('x', (JSON.parse(line) as { result: unknown }).result, line, PUBLISHED, 1 << 20);
}
