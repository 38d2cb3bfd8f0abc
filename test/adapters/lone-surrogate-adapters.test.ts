// The framework adapters publish a tool's description and schema to a model as admission does: a lone surrogate
// in either was published as it was (a review's find; admission's preflight already refused it), and Anthropic's
// API refuses such a body, so that tool failed every request of the conversation.
import { describe, expect, it } from 'vitest';
import { aiSdkSchema, toAiSdkTool } from '../../src/adapters/ai-sdk.js';
import { toLangChainTool } from '../../src/adapters/langchain.js';
import { toAgentsTool } from '../../src/adapters/openai-agents.js';

const object = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false };
const loneSchema = { ...object, properties: { q: { type: 'string', description: 'y\uDC00' } } };
const execute = () => 'ok';

describe('a lone surrogate in what an adapter publishes', () => {
  it.each([
    [
      'toLangChainTool, description',
      () => toLangChainTool({ name: 't', description: 'a\uD800', inputSchema: object, execute }),
    ],
    ['toLangChainTool, schema', () => toLangChainTool({ name: 't', inputSchema: loneSchema, execute })],
    [
      'toAgentsTool, description',
      () => toAgentsTool({ name: 't', description: 'a\uD800', inputSchema: object, execute }),
    ],
    ['toAgentsTool, schema', () => toAgentsTool({ name: 't', description: 'd', inputSchema: loneSchema, execute })],
    ['aiSdkSchema', () => aiSdkSchema(loneSchema)],
    ['toAiSdkTool, description', () => toAiSdkTool({ description: 'a\uD800', inputSchema: object, execute })],
  ])('%s is refused (validation)', (_, make) => {
    const r = make() as { ok: boolean; error?: { class: string; message: string } };
    expect(r.ok).toBe(false);
    expect(r.error?.class).toBe('validation');
    expect(r.error?.message).toMatch(/lone surrogate/);
  });

  it('a pair (an emoji) is text, and passes', () => {
    expect(toLangChainTool({ name: 't', description: 'hi \u{1F600}', inputSchema: object, execute }).ok).toBe(true);
    expect(toAgentsTool({ name: 't', description: 'hi \u{1F600}', inputSchema: object, execute }).ok).toBe(true);
    expect(toAiSdkTool({ description: 'hi \u{1F600}', inputSchema: object, execute }).ok).toBe(true);
  });
});
