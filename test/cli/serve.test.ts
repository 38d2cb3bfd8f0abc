// End-to-end: the SDK's own client starts `toolgate serve` (from source, through tsx) over stdio.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const CLI = ['--import', 'tsx', 'src/cli/main.ts'];
const NODE = process.execPath;
// Prints the argv it received as JSON: what the program sees is exactly what the test compares. Templates
// follow node's own `--` so that values starting with a dash reach the script, not node.
const ECHO = 'process.stdout.write(JSON.stringify(process.argv.slice(1)))';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-serve-'));
const marker = join(dir, 'ran');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: NODE,
    args: [...CLI, 'serve', ...args],
    cwd: ROOT,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'toolgate-test', version: '0' });
  await client.connect(transport);
  return client;
}

function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return content.map((c) => c.text).join('');
}

describe('toolgate serve (one tool, schema given)', () => {
  const schema = {
    type: 'object',
    properties: { text: { type: 'string' }, count: { type: 'integer', minimum: 1 }, loud: { type: 'boolean' } },
    required: ['text', 'count', 'loud'],
    additionalProperties: false,
  };
  let client: Client;
  beforeAll(async () => {
    client = await connect([
      '--name',
      'echo',
      '--description',
      'Echoes argv.',
      '--input-schema',
      JSON.stringify(schema),
      '--exec',
      NODE,
      '--',
      '-e',
      ECHO,
      '--',
      '{text}',
      '--count={count}',
      '{loud}',
      '{{x}}',
    ]);
  });
  afterAll(async () => client?.close());

  it('lists the tool with the schema as given', async () => {
    const { tools } = await client.listTools();
    expect(tools).toEqual([{ name: 'echo', description: 'Echoes argv.', inputSchema: schema }]);
  });

  it.each([
    ['spaces', 'a b  c'],
    ['quotes', `"double" and 'single'`],
    ['command substitution', '$(touch /tmp/toolgate-pwned) `id`'],
    ['semicolon', 'x; rm -rf /'],
    ['newlines', 'line1\nline2\r\n'],
    ['globs and variables', '* $HOME ~'],
    ['a leading dash', '--help'],
    ['the empty string', ''],
  ])('passes a value with %s verbatim as one argv element', async (_why, text) => {
    const result = await client.callTool({ name: 'echo', arguments: { text, count: 3, loud: false } });
    expect(result.isError).toBe(false);
    expect(JSON.parse(textOf(result))).toEqual([text, '--count=3', 'false', '{x}']);
  });

  it.each([
    ['an undeclared field', { text: 'a', count: 1, loud: true, extra: 1 }, '$: unexpected property "extra"'],
    ['a wrong JSON type', { text: 'a', count: '1', loud: true }, '$.count: expected integer, got string'],
    ['a broken constraint', { text: 'a', count: 0, loud: true }, '$.count'],
    ['a missing field', { text: 'a', count: 1 }, 'loud'],
  ])('refuses %s in the model-readable format', async (_why, args, line) => {
    const result = await client.callTool({ name: 'echo', arguments: args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^error: invalid arguments for echo:\n/);
    expect(textOf(result)).toContain(line);
  });

  it('refuses a NUL character instead of passing a truncated argument', async () => {
    const result = await client.callTool({ name: 'echo', arguments: { text: 'a\u0000b', count: 1, loud: true } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('NUL');
  });
});

describe('toolgate serve (one tool, schema inferred)', () => {
  it('infers a closed object of required strings from the placeholders', async () => {
    const client = await connect(['--name', 'greet', '--exec', NODE, '--', '-e', ECHO, '--', '{who}', '--at={place}']);
    try {
      const { tools } = await client.listTools();
      expect(tools[0]?.inputSchema).toEqual({
        type: 'object',
        properties: { who: { type: 'string' }, place: { type: 'string' } },
        required: ['who', 'place'],
        additionalProperties: false,
      });
      const ok = await client.callTool({ name: 'greet', arguments: { who: 'Ada Lovelace', place: 'x' } });
      expect(JSON.parse(textOf(ok))).toEqual(['Ada Lovelace', '--at=x']);
      const bad = await client.callTool({ name: 'greet', arguments: { who: 1, place: 'x' } });
      expect(bad.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe('toolgate serve --config (several tools)', () => {
  let client: Client;
  beforeAll(async () => {
    const config = {
      tools: [
        {
          name: 'touch',
          description: 'Writes a marker file.',
          exec: NODE,
          args: ['-e', 'require("fs").writeFileSync(process.argv[1], process.argv[2])', marker, '{word}'],
          inputSchema: {
            type: 'object',
            properties: { word: { type: 'string', pattern: '^[a-z]+$' } },
            required: ['word'],
            additionalProperties: false,
          },
        },
        {
          name: 'fail',
          exec: NODE,
          args: [
            '-e',
            'console.log("partial"); console.error("it broke: " + process.argv[1]); process.exit(3)',
            '--',
            '{why}',
          ],
        },
        { name: 'hang', exec: NODE, args: ['-e', 'setInterval(() => {{}}, 1000)', '--', '{n}'], timeout: 0.5 },
        {
          name: 'flood',
          exec: NODE,
          args: ['-e', 'process.stdout.write("y".repeat(Number(process.argv[1])))', '--', '{n}'],
          maxOutput: 100,
        },
      ],
    };
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify(config));
    client = await connect(['--config', file]);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists every tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['touch', 'fail', 'hang', 'flood']);
  });

  it('never starts the program for bad arguments', async () => {
    const result = await client.callTool({ name: 'touch', arguments: { word: 'NOT lower' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('$.word');
    expect(existsSync(marker)).toBe(false);
    const good = await client.callTool({ name: 'touch', arguments: { word: 'yes' } });
    expect(good.isError).toBe(false);
    expect(existsSync(marker)).toBe(true);
  });

  it('reports a failing command with its status and labelled stderr', async () => {
    const result = await client.callTool({ name: 'fail', arguments: { why: 'disk full' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('partial\nstderr:\nit broke: disk full\nerror: exit status 3');
  });

  it('kills a hanging command at the timeout and keeps serving', async () => {
    const result = await client.callTool({ name: 'hang', arguments: { n: '1' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('timed out after 500 ms');
    const after = await client.callTool({ name: 'fail', arguments: { why: 'still here' } });
    expect(textOf(after)).toContain('still here');
  });

  it('cuts output beyond the cap with a note', async () => {
    const result = await client.callTool({ name: 'flood', arguments: { n: '5000' } });
    expect(result.isError).toBe(false);
    expect(textOf(result)).toBe(`${'y'.repeat(100)}\n[output cut at 100 bytes]`);
  });

  it('answers an unknown tool with an error result', async () => {
    const result = await client.callTool({ name: 'nope', arguments: {} });
    expect(result.isError).toBe(true);
  });
});

describe('toolgate serve start-up checks', () => {
  const run = (args: string[]) =>
    spawnSync(NODE, [...CLI, 'serve', ...args], { cwd: ROOT, encoding: 'utf8', input: '' });
  it.each([
    [
      'a placeholder missing from the schema',
      [
        '--name',
        't',
        '--input-schema',
        '{"type":"object","properties":{},"additionalProperties":false}',
        '--exec',
        'echo',
        '{q}',
      ],
      'placeholder {q} is not a property',
    ],
    [
      'an optional property',
      [
        '--name',
        't',
        '--input-schema',
        '{"type":"object","properties":{"q":{"type":"string"}},"additionalProperties":false}',
        '--exec',
        'echo',
        '{q}',
      ],
      '"q" must be required',
    ],
    [
      'an open object',
      [
        '--name',
        't',
        '--input-schema',
        '{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}',
        '--exec',
        'echo',
        '{q}',
      ],
      'additionalProperties',
    ],
    [
      'a non-scalar property',
      [
        '--name',
        't',
        '--input-schema',
        '{"type":"object","properties":{"q":{"type":"array"}},"required":["q"],"additionalProperties":false}',
        '--exec',
        'echo',
        '{q}',
      ],
      'single scalar type',
    ],
    [
      'a malformed schema',
      ['--name', 't', '--input-schema', '{"type":"object","properties":{"q":{"type":5}}}', '--exec', 'echo', '{q}'],
      'invalid schema',
    ],
    ['a malformed template', ['--name', 't', '--exec', 'echo', '{q'], 'unclosed "{"'],
    ['missing --exec', ['--name', 't'], 'needs --name and --exec'],
    [
      'an unreadable schema file',
      ['--name', 't', '--input-schema', '@/nonexistent/s.json', '--exec', 'echo'],
      '/nonexistent/s.json',
    ],
    [
      'a placeholder that could pass an option (echo {message})',
      ['--name', 'say', '--exec', 'echo', '{message}'],
      'placeholder {message} starts the argument "{message}" and its value may start with "-"',
    ],
    [
      'an option-shaped git ref (git log {ref})',
      ['--name', 'log', '--exec', 'git', 'log', '{ref}'],
      'put a literal "--" argument before it',
    ],
    [
      'a timeout beyond what a timer can wait',
      ['--name', 't', '--timeout', '3000000', '--exec', 'echo', '--', '{q}'],
      '--timeout (seconds) must be between 0.001 and 2147483.647 seconds',
    ],
    [
      'a timeout below 1 ms',
      ['--name', 't', '--timeout', '0.0001', '--exec', 'echo', '--', '{q}'],
      '--timeout (seconds) must be between 0.001 and 2147483.647 seconds',
    ],
    [
      'an output cap below 1 byte',
      ['--name', 't', '--max-output', '0.5', '--exec', 'echo', '--', '{q}'],
      '--max-output (bytes) must be at least 1 byte',
    ],
    // A regression guard: 1.5 was floored to 1 where the library's maxResultBytes refuses it ("never clamped").
    [
      'an output cap that is not a whole number of bytes',
      ['--name', 't', '--max-output', '1.5', '--exec', 'echo', '--', '{q}'],
      '--max-output (bytes) must be a whole number of bytes, got "1.5"',
    ],
    [
      'a config timeout beyond what a timer can wait',
      ['--config', 'BIGTIMEOUT'],
      '"timeout" (seconds) must be between 0.001 and 2147483.647 seconds',
    ],
  ])('exits 2 for %s', (_why, args, message) => {
    const bigTimeout = join(dir, 'big-timeout.json');
    writeFileSync(
      bigTimeout,
      JSON.stringify({ tools: [{ name: 't', exec: 'echo', args: ['--', '{q}'], timeout: 2 ** 31 }] }),
    );
    const r = run(args.map((a) => (a === 'BIGTIMEOUT' ? bigTimeout : a)));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });
});

describe('toolgate serve examples/serve-config.json', () => {
  it('passes option-shaped messages to the say tool as plain text', async () => {
    const client = await connect(['--config', 'examples/serve-config.json']);
    try {
      for (const message of ['-n', '-e', '--help', 'a\\tb']) {
        const result = await client.callTool({ name: 'say', arguments: { message } });
        expect(result.isError).toBe(false);
        expect(textOf(result)).toBe(message);
      }
    } finally {
      await client.close();
    }
  });
});
