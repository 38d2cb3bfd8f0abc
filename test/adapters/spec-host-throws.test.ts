// An adapter's spec is the host's own object, read through its getters: a getter or Proxy trap that throws (a
// revoked Proxy) is the host's failure, its text withheld and kept as the cause, never toolgate's `internal`.
import { describe, expect, it } from 'vitest';
import { toAiSdkTool } from '../../src/adapters/ai-sdk.js';
import { toLangChainTool } from '../../src/adapters/langchain.js';
import { toAgentsTool } from '../../src/adapters/openai-agents.js';
import type { GateError, Result } from '../../src/index.js';

const SECRET = 'SECRET /etc/shadow';
const throwing = (): object => {
  const spec = { name: 't', description: 'd', inputSchema: { type: 'object' }, execute: () => 'ok' };
  return Object.defineProperty(spec, 'execute', {
    enumerable: true,
    get: () => {
      throw new Error(SECRET);
    },
  });
};
const revoked = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

const ADAPTERS: readonly [string, (spec: object) => Result<unknown, GateError>][] = [
  ['toAiSdkTool', (spec) => toAiSdkTool(spec as never)],
  ['toLangChainTool', (spec) => toLangChainTool(spec as never)],
  ['toAgentsTool', (spec) => toAgentsTool(spec as never)],
];

describe('an adapter spec that throws when read', () => {
  it.each(ADAPTERS)('%s: a throwing getter or a revoked Proxy is a host failure', (_name, make) => {
    for (const spec of [throwing(), revoked()]) {
      const r = make(spec);
      expect(r.ok ? '' : `${r.error.class} ${r.error.kind}`).toBe('execution_failure host');
      expect(r.ok ? '' : r.error.message).not.toContain('SECRET');
    }
  });
});
