// No member of a host error reaches the model: real Node errors (fs with `path` and `dest`, net with `address`
// and `port`, child_process with `path` and `spawnargs`), thrown or returned by a tool in a Registry, by a
// program of `toolgate serve`, or by the client behind guardClient, read as the documented generic failure
// (docs/api.md, "Failures the model reads"); the host keeps the error itself in `error.cause` and `onError`.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guardClient, type McpClientLike } from '../../src/adapters/mcp-client.js';
import { callCommand } from '../../src/cli/serve.js';
import { prepareCommand, type PreparedCommand } from '../../src/exec/command.js';
import { runProgram } from '../../src/exec/run.js';
import { defineTool, Registry, type RegistryOptions } from '../../src/index.js';
import { NODE_ERROR_LABELS, nodeErrors } from '../fixtures/node-errors.js';

const FORMATS = ['openai', 'openai-responses', 'anthropic', 'mcp'] as const;
const dir = mkdtempSync(join(tmpdir(), `toolgate-error-members-${randomUUID().slice(0, 8)}-`));
/** A marker in every host path below: it must never be in what the model reads. */
const MARK = randomUUID();
let errors = new Map<string, Error>();

beforeAll(async () => {
  errors = await nodeErrors(dir, MARK);
  // The errors really carry what the test is about.
  for (const [label, e] of errors) expect(JSON.stringify(e), label).toMatch(/"(path|dest|address|spawnargs)"/);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LABELS = NODE_ERROR_LABELS;
const errorOf = (label: string): Error => errors.get(label) as Error;
/** Everything a model could read of a result, in every provider's shape. */
const shown = (r: { content: string; toMessage(f: (typeof FORMATS)[number]): unknown }): string =>
  [r.content, ...FORMATS.map((f) => JSON.stringify(r.toMessage(f)))].join('\n');

/** A Registry with one tool `t` whose execute is `execute`. */
function registry(execute: () => unknown, options: RegistryOptions = {}): Registry {
  const r = new Registry(options);
  r.register(defineTool({ name: 't', execute }));
  return r;
}

describe('a Registry tool that throws or returns a Node error', () => {
  it.each(LABELS)('returned (%s): the model reads the generic failure, the host gets the error', async (label) => {
    const e = errorOf(label);
    const onError = vi.fn();
    const result = await registry(() => e, { onError }).call({ id: 'c', name: 't' });
    expect(result.content).toBe('error: tool t failed');
    expect(result.isError).toBe(true);
    expect(shown(result)).not.toContain(MARK);
    expect(shown(result)).not.toMatch(/127\.0\.0\.1|errno|syscall/);
    expect(result.error?.cause).toBe(e);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ stage: 'execute', cause: e });
  });

  it.each(LABELS)('returned inside a value (%s): the same', async (label) => {
    const e = errorOf(label);
    const result = await registry(async () => ({ results: [{ ok: true }, { ok: false, error: e }] })).call({
      id: 'c',
      name: 't',
    });
    expect(result.content).toBe('error: tool t failed');
    expect(shown(result)).not.toContain(MARK);
    expect(result.error?.cause).toBe(e);
  });

  it.each(LABELS)('thrown (%s): the same', async (label) => {
    const result = await registry(() => {
      throw errorOf(label);
    }).call({ id: 'c', name: 't' });
    expect(result.content).toBe('error: tool t failed');
    expect(shown(result)).not.toContain(MARK);
  });

  it.each(LABELS)('with exposeErrors: true (%s): its message on one line, none of its members', async (label) => {
    const e = errorOf(label);
    for (const execute of [() => e, () => Promise.reject(e)]) {
      const result = await registry(execute, { exposeErrors: true }).call({ id: 'c', name: 't' });
      expect(result.content).toBe(`error: tool t failed: ${e.message}`);
      expect(result.content).not.toMatch(/errno|syscall|spawnargs/);
    }
  });
});

// JSON.stringify hands its replacer what an Error's own `toJSON` returns, so such an Error was never seen: axios's
// AxiosError.toJSON() copies its request's config, headers and their Authorization token included.
describe('a returned Error with a toJSON of its own', () => {
  class HttpError extends Error {
    readonly config = { headers: { Authorization: `Bearer ${MARK}` } };
    constructor(
      message: string,
      readonly as: 'object' | 'string',
    ) {
      super(message);
    }
    toJSON(): unknown {
      return this.as === 'object' ? { message: this.message, config: this.config } : `${this.message} ${MARK}`;
    }
  }
  it.each([
    ['itself, toJSON giving an object', () => new HttpError('boom', 'object')],
    ['itself, toJSON giving a string', () => new HttpError('boom', 'string')],
    ['inside a value', () => ({ ok: false, error: new HttpError('x', 'object') })],
    ['in an array', () => [1, new HttpError('x', 'string')]],
    // A review: a Proxy holder (a reactive store's state) and a getter gave no data member to look at.
    ['held by a Proxy', () => new Proxy({ ok: false, error: new HttpError('x', 'object') }, {})],
    ['in an array Proxy', () => new Proxy([new HttpError('x', 'object')], {})],
    [
      'behind a getter',
      () => {
        const e = new HttpError('x', 'object');
        return {
          ok: false,
          get error() {
            return e;
          },
        };
      },
    ],
  ])('%s: the model reads the generic failure, the host gets the error', async (_, make) => {
    const result = await registry(make).call({ id: 'c', name: 't' });
    expect(result.content).toBe('error: tool t failed');
    expect(result.isError).toBe(true);
    expect(shown(result)).not.toContain(MARK);
    expect(result.error?.cause).toBeInstanceOf(HttpError);
  });

  it('a member behind a getter: the text holds the value JSON.stringify read, not an error', async () => {
    let reads = 0;
    const value = Object.defineProperty({}, 'n', {
      enumerable: true,
      get: () => {
        reads++;
        return { at: reads };
      },
    });
    const result = await registry(() => value).call({ id: 'c', name: 't' });
    expect(result.isError).toBe(false);
    expect(JSON.parse(result.content)).toEqual({ n: { at: 1 } });
  });
});

describe('a program of toolgate serve that cannot start', () => {
  it('reads the system code only, never the spawn error’s path or spawnargs', async () => {
    // There at start-up (which checks that it is), gone by the call.
    const program = join(dir, `no-such-program-${MARK}`);
    writeFileSync(program, '#!/bin/sh\n', { mode: 0o755 });
    const spec = { name: 'run', program, args: [`--secret=${MARK}x`], timeoutMs: 5000, maxOutputBytes: 1000 };
    const prepared = prepareCommand(spec);
    if (!prepared.ok) throw new Error(prepared.error.message);
    rmSync(program);
    const tools = new Map<string, PreparedCommand>([['run', prepared.value]]);
    const result = await callCommand(tools, 'run', {});
    expect(result).toEqual({
      content: [{ type: 'text', text: `error: could not start ${program}: ENOENT` }],
      isError: true,
    });
    expect(JSON.stringify(result)).not.toContain(`${MARK}x`);
  });

  it('reads no host text when spawn throws at once (a working directory Node refuses)', async () => {
    const cwd = join(dir, `dir-${MARK}\u0000`);
    const r = await runProgram(process.execPath, ['-e', ''], { timeoutMs: 5000, maxOutputBytes: 1000, cwd });
    expect(r.startError).toBe('the system refused it');
  });
});

describe('guardClient in front of a client that fails with a Node error', () => {
  /** A client with one tool `t` whose calls end with `outcome`. */
  const client = (outcome: () => Promise<unknown>): McpClientLike =>
    ({
      listTools: async () => ({ tools: [{ name: 't', inputSchema: { type: 'object' } }] }),
      callTool: outcome,
      setNotificationHandler: () => {},
    }) as unknown as McpClientLike;
  const SENT = 'The request was sent, so the tool may have run: check before calling it again, do not retry blindly';

  it.each(LABELS)('rejected or resolved with it (%s): the generic failure, the host gets the error', async (label) => {
    const e = errorOf(label);
    for (const outcome of [() => Promise.reject(e), () => Promise.resolve(e)]) {
      const onError = vi.fn();
      const result = await guardClient(client(outcome), { onError }).callTool({ name: 't', arguments: {} });
      expect(result).toEqual({ content: [{ type: 'text', text: `error: tool t failed. ${SENT}` }], isError: true });
      expect(onError.mock.calls[0]?.[0]).toMatchObject({ cause: e });
    }
  });
});
