// Every echo of a foreign string is cut: a tool name, a cursor, a grant or a property name of 100,000
// characters must not come back whole in a model's text (or a host's error). One row per path that
// echoes one; each text must stay short while still saying what it is about.
import { describe, expect, it } from 'vitest';
import { guardClient, type McpClientLike } from '../../src/adapters/mcp-client.js';
import { callCommand } from '../../src/cli/serve.js';
import type { PreparedCommand } from '../../src/exec/command.js';
import {
  admitBatch,
  checkProvider,
  defineTool,
  formatForModel,
  lintSchema,
  Registry,
  validateSchema,
  type Result,
} from '../../src/index.js';
import { mcpClient, modelText } from './model-text.js';

const HUGE = 'n'.repeat(100_000);
/** Far below the 100,000 characters echoed whole before. */
const SHORT = 2_000;

function registry(options: ConstructorParameters<typeof Registry>[0] = {}, count = 1): Registry {
  const r = new Registry(options);
  for (let i = 0; i < count; i++)
    r.register(defineTool({ name: `tool_${'x'.repeat(50)}_${i}`, inputSchema: { type: 'object' }, execute: () => 1 }));
  return r;
}

/** The failure message of an admission reported to onAdmission. */
async function admissionMessage(client: McpClientLike): Promise<string> {
  const seen: Result<unknown>[] = [];
  await guardClient(client, { onAdmission: (r) => seen.push(r) }).admit();
  const r = seen[0];
  return r === undefined || r.ok ? 'admitted' : `${r.error.message}\n${r.error.violations.map((v) => v.message)}`;
}

const ROWS: { path: string; text: () => Promise<string> }[] = [
  {
    path: 'Registry.call: an unknown name',
    text: async () => (await registry().call({ id: 'c', name: HUGE })).content,
  },
  {
    path: 'Registry.call: the name of a call to a misconfigured registry (content and result.name)',
    text: async () => {
      const r = await registry({ timeoutMs: -1 }).call({ id: 'c', name: HUGE });
      return `${r.content}\n${r.name}`;
    },
  },
  {
    path: 'Registry.call: the name of a call with invalid call options',
    text: async () => (await registry().call({ id: 'c', name: HUGE }, { timeoutMs: 0 })).content,
  },
  {
    path: 'Registry.check: an unknown name',
    text: async () => {
      const r = registry().check({ id: 'c', name: HUGE });
      return r.ok ? 'ok' : r.error.message;
    },
  },
  {
    path: 'Registry.call: the list of available tools (200 tools)',
    text: async () => (await registry({}, 200).call({ id: 'c', name: 'nope' })).content,
  },
  {
    path: 'guardClient: a call after a failed admission',
    text: async () =>
      modelText(
        await guardClient(
          mcpClient({
            listTools: () => {
              throw new Error('down');
            },
          }),
        ).callTool({ name: HUGE }),
      ),
  },
  {
    path: 'guardClient: an unknown name',
    text: async () => modelText(await guardClient(mcpClient()).callTool({ name: HUGE })),
  },
  {
    path: 'guardClient: the list of available tools (200 tools)',
    text: async () => {
      const tools = Array.from({ length: 200 }, (_, i) => ({
        name: `t${'x'.repeat(50)}${i}`,
        inputSchema: { type: 'object' as const },
      }));
      return modelText(await guardClient(mcpClient({ listTools: async () => ({ tools }) })).callTool({ name: 'nope' }));
    },
  },
  {
    path: 'guardClient: a listed tool with a huge name (the admission error)',
    text: () =>
      admissionMessage(
        mcpClient({ listTools: async () => ({ tools: [{ name: HUGE, inputSchema: { type: 'object' as const } }] }) }),
      ),
  },
  {
    path: 'guardClient: a huge cursor returned twice (the admission error)',
    text: () => admissionMessage(mcpClient({ listTools: async () => ({ tools: [], nextCursor: HUGE }) as never })),
  },
  {
    path: 'admitBatch: a descriptor with a huge name and revision',
    text: async () => {
      const r = await admitBatch([{ name: HUGE, revision: HUGE, inputSchema: { type: 'object' }, backend: () => 1 }]);
      return r.ok ? 'admitted' : `${r.error.message}\n${r.error.violations.map((v) => v.message).join('\n')}`;
    },
  },
  {
    path: 'admitBatch: grants for tools not in the batch (one huge, 10,000 others)',
    text: async () => {
      const grants = [HUGE, ...Array.from({ length: 10_000 }, (_, i) => `g${i}`)];
      const r = await admitBatch([{ name: 't', inputSchema: { type: 'object' }, backend: () => 1 }], {
        authority: { grants },
      });
      return r.ok ? 'admitted' : r.error.message;
    },
  },
  {
    path: 'serve callCommand: an unknown name',
    text: async () => modelText(await callCommand(new Map([['t', {} as PreparedCommand]]), HUGE, {})),
  },
  {
    path: 'formatForModel: a huge tool name',
    text: async () => formatForModel(HUGE, { class: 'validation', message: 'm', violations: [] }),
  },
  {
    path: 'formatForModel: a huge property name in a violation path and message',
    text: async () => {
      // The limit on a schema's pointers would refuse the schema first: lifted, to reach the violation's path.
      const c = validateSchema(
        { type: 'object', required: [HUGE], properties: { [HUGE]: { type: 'string' } } },
        { limits: { maxSchemaPointerLength: Number.POSITIVE_INFINITY } },
      );
      if (!c.ok) throw new Error(c.error.message);
      const r = c.value.validate({ [HUGE]: 1 });
      return r.ok ? 'ok' : formatForModel('t', r.error);
    },
  },
  {
    path: 'lintSchema: a huge required property that additionalProperties forbids',
    text: async () => {
      const r = lintSchema({ type: 'object', required: [HUGE], additionalProperties: false });
      return r.ok ? r.value.map((w) => w.message).join('\n') : r.error.message;
    },
  },
  {
    path: 'checkProvider: a huge property name with a boolean schema (gemini)',
    text: async () => {
      const r = checkProvider({ type: 'object', properties: { [HUGE]: true } }, 'gemini');
      return r.ok ? r.value.map((f) => f.message).join('\n') : r.error.message;
    },
  },
];

describe('a 100,000-character foreign string is cut wherever it is echoed', () => {
  it.each(ROWS)('$path', async ({ text }) => {
    const shown = await text();
    expect(shown).not.toBe('ok');
    expect(shown).not.toBe('admitted');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(SHORT);
  });

  it('a cut name still shows its beginning, and says more was there', async () => {
    const shown = (await registry().call({ id: 'c', name: HUGE })).content;
    expect(shown).toContain(`"${'n'.repeat(50)}`);
    expect(shown).toContain('…');
    const many = (await registry({}, 200).call({ id: 'c', name: 'nope' })).content;
    expect(many).toMatch(/… and 180 more$/);
  });
});
