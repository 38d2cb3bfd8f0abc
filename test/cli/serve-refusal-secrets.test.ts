// A refused command line never echoes a value given on it: serve's corrected command line (the option-injection
// refusal) repeated `--env TOKEN=<value>` and the program's `KEY=VALUE` words verbatim on stderr, which an MCP
// client keeps in its server log; docs/cli.md's rule for check is every `KEY=VALUE` word shown as `KEY=<redacted>`.
import { describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const TOKEN = 'ghp_supersecret123';
const KEY = 'sk-live-abcdef123456';

describe('a refused command line shows no value given on it', () => {
  it.each([
    {
      name: 'serve: --env KEY=VALUE in the corrected command line',
      argv: ['serve', '--name', 'say', '--env', `TOKEN=${TOKEN}`, '--exec', 'echo', '{message}'],
      secret: TOKEN,
      shown: "--env TOKEN=<redacted> --exec echo -- -- '{message}'",
    },
    {
      name: 'serve: --env=KEY=VALUE, and --env KEY passed through',
      argv: ['serve', '--name', 'say', `--env=TOKEN=${TOKEN}`, '--env', 'HOME', '--exec', 'echo', '{message}'],
      secret: TOKEN,
      shown: "--env TOKEN=<redacted> --env HOME --exec echo -- -- '{message}'",
    },
    {
      name: 'serve: a short --env value',
      argv: ['serve', '--name', 'say', '--env', 'PIN=4711', '--exec', 'echo', '{message}'],
      secret: '4711',
      shown: "--env PIN=<redacted> --exec echo -- -- '{message}'",
    },
    {
      name: "serve: the program's own KEY=VALUE word",
      argv: ['serve', '--name', 'say', '--exec', 'env', `API_KEY=${KEY}`, 'echo', '{message}'],
      secret: KEY,
      shown: "--exec env -- API_KEY=<redacted> echo -- '{message}'",
    },
    {
      name: 'serve: an --env value written into the refused template too',
      argv: ['serve', '--name', 'say', '--env', `TOKEN=${TOKEN}`, '--exec', 'echo', `{message}${TOKEN}`],
      secret: TOKEN,
      shown: 'starts the argument "{message}<redacted>"',
    },
    {
      name: "serve: a program's --key=VALUE read as the value of --env",
      argv: ['serve', '--name', 'say', '--env', `--api-key=${KEY}`, '--exec', 'true'],
      secret: KEY,
      shown: 'got the option-like word "--api-key=<redacted>"; to give a value that starts with "-", write --env=',
    },
    {
      name: "check: a program's --key=VALUE read as the value of --env",
      argv: ['check', '--mcp', 'server', '--env', `--api-key=${KEY}`],
      secret: KEY,
      shown: 'got the option-like word "--api-key=<redacted>"',
    },
  ])('$name', async ({ argv, secret, shown }) => {
    const r = await runInProcess(argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(shown);
    expect(r.out).not.toContain(secret);
    expect(r.err).not.toContain(secret);
  });
});
