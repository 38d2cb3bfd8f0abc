// What the model reads when host code throws: by default the tool name and a generic failure, never the
// exception's text (it is host data: addresses, paths, credentials); the host keeps all of it.
import { describe, expect, it, vi } from 'vitest';
import { defineTool, Registry, type RegistryOptions, type ToolErrorEvent } from '../../src/index.js';

const SECRET = 'SMTP server unreachable at 10.0.0.5:25 (password=hunter2)';
const FORMATS = ['openai', 'openai-responses', 'anthropic', 'mcp'] as const;

function emailRegistry(options: RegistryOptions = {}): Registry {
  const registry = new Registry(options);
  registry.register(
    defineTool({
      name: 'send_email',
      description: 'Sends an email',
      inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
      execute: () => {
        throw new Error(SECRET);
      },
    }),
  );
  return registry;
}
const call = { id: 'call_3', name: 'send_email', arguments: { to: 'ops@example.com' } };

describe('host error text never reaches the model by default', () => {
  it('a throwing tool: the model reads the tool name and a generic failure; the host gets the error', async () => {
    const onError = vi.fn();
    const result = await emailRegistry({ onError }).call(call);
    expect(result.content).toBe('error: tool send_email failed');
    for (const format of FORMATS) expect(JSON.stringify(result.toMessage(format))).not.toContain('hunter2');
    expect(result.error).toMatchObject({
      class: 'execution_failure',
      stage: 'execute',
      message: `execute threw: ${SECRET}`,
    });
    expect(result.error?.cause).toMatchObject({ message: SECRET });
    const event: ToolErrorEvent | undefined = onError.mock.calls[0]?.[0];
    expect(event?.cause).toBe(result.error?.cause);
  });

  it('a throwing stage: the model reads which step failed, not why', async () => {
    const registry = emailRegistry({
      stages: {
        authorize: () => {
          throw new Error('policy store at db.internal:5432 refused login admin/hunter2');
        },
      },
    });
    const result = await registry.call(call);
    expect(result.content).toBe('error: authorize failed for send_email');
    expect(result.error?.message).toContain('hunter2');
  });

  it("a stage's verdict whose getter throws is that stage's throw, not toolgate's", async () => {
    const registry = emailRegistry({
      stages: {
        // A verdict whose getter throws: host code TypeScript's types cannot rule out.
        approve: () =>
          ({
            get allow(): boolean {
              throw new Error('approval service at 10.0.0.9 said no (token=abc)');
            },
          }) as never,
      },
    });
    const result = await registry.call(call);
    expect(result.content).toBe('error: approve failed for send_email');
    expect(result.error).toMatchObject({ kind: 'host', stage: 'approve' });
  });

  it('a stage that refuses on purpose still gives its reason (the host wrote it for the model)', async () => {
    const registry = emailRegistry({ stages: { approve: () => ({ allow: false, reason: 'the user declined' }) } });
    expect((await registry.call(call)).content).toBe(
      'error: approve refused the call to send_email: the user declined',
    );
  });

  it('exposeErrors: true opts in to the message, on one line', async () => {
    const result = await emailRegistry({ exposeErrors: true }).call(call);
    expect(result.content).toBe(`error: tool send_email failed: ${SECRET}`);
  });

  // A hunt's find: exposeErrors showed any `code` member, which is host data like the error's other members.
  it.each([
    ['a code name', 'ECONNREFUSED', ' (code ECONNREFUSED)'],
    ['a number', -32001, ' (code -32001)'],
    ['a connection string', 'postgres://admin:hunter2@10.0.0.5/prod', ''],
    ['lower case text', 'econnrefused at db.internal', ''],
    ['a long name', `E${'X'.repeat(60)}`, ''],
    ['NaN', Number.NaN, ''],
  ])('exposeErrors: true shows a code only as a code (%s)', async (_what, code, note) => {
    const registry = new Registry({ exposeErrors: true });
    const thrown = Object.assign(new Error('query failed'), { code });
    registry.register(
      defineTool({
        name: 'db',
        execute: () => {
          throw thrown;
        },
      }),
    );
    expect((await registry.call({ id: 'c', name: 'db' })).content).toBe(`error: tool db failed: query failed${note}`);
  });

  it('a formatter decides the text; one that throws or returns no string gives the generic text', async () => {
    const formatter = (event: ToolErrorEvent) => `error: ${event.name} is unavailable (${event.stage}); try later`;
    expect((await emailRegistry({ exposeErrors: formatter }).call(call)).content).toBe(
      'error: send_email is unavailable (execute); try later',
    );
    const throwing = () => {
      throw new Error(`formatter saw ${SECRET}`);
    };
    expect((await emailRegistry({ exposeErrors: throwing }).call(call)).content).toBe('error: tool send_email failed');
    const silent = (() => undefined) as unknown as () => string;
    expect((await emailRegistry({ exposeErrors: silent }).call(call)).content).toBe('error: tool send_email failed');
  });

  it('an exposeErrors that is neither a boolean nor a function is an options error', async () => {
    const registry = emailRegistry({ exposeErrors: 'yes' as never });
    expect(registry.register(defineTool({ name: 'x', execute: () => 1 }))).toMatchObject({
      ok: false,
      error: { message: 'invalid Registry options: exposeErrors must be a boolean or a function' },
    });
  });
});
