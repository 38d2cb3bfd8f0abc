// `toolgate wrap` through the command: entries it must not count as gated, or that the proxy would refuse, or
// whose secrets it would copy raw, are left as they are, named on stderr, exit 1; odd keys are kept exactly.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-wrap-entries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** A config file holding `doc`; its path. */
function configFile(doc: unknown): string {
  const file = join(dir, `config-${++n}.json`);
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  return file;
}

describe('toolgate wrap: entries left as they are, exit 1', () => {
  it.each([
    ['a stray toolgate member', { command: 'node', args: ['s.js'], toolgate: null }, 'is not the record wrap writes'],
    ['a lookalike', { command: 'docker', args: ['run', 'ghcr.io/evil/toolgate', 'proxy'] }, 'looks routed'],
    ['a url that is not http(s)', { url: 'file:///etc/passwd' }, '"url" needs an http:// or https:// URL'],
    ['a url like an option', { url: '-x' }, '"url" needs an http:// or https:// URL'],
    ['a url with credentials', { url: 'http://u:p@127.0.0.1:1/' }, '"url" must not carry credentials'],
    ['an odd header name', { url: 'http://127.0.0.1:1/', headers: { 'Bad Name': 'v' } }, 'HTTP header name'],
    ['a header toolgate sets', { url: 'http://127.0.0.1:1/', headers: { Host: 'v' } }, 'toolgate sets this header'],
    ['a stdio entry with headers', { command: 'node', headers: { Authorization: 'Bearer SECRET123' } }, 'headers'],
  ])('%s', async (_, entry, why) => {
    const doc = { mcpServers: { odd: entry, ok: { command: 'node' } } };
    const r = await runInProcess(['wrap', configFile(doc), '--launcher', 'tg']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`server "odd" left as it is: `);
    expect(r.err).toContain(why);
    expect(JSON.parse(r.out).mcpServers.odd).toEqual(entry);
    expect(r.out.match(/SECRET123/g)?.length ?? 1).toBe(1);
  });

  it('keeps a server named __proto__ through wrap', async () => {
    const file = join(dir, `proto-${++n}.json`);
    writeFileSync(file, '{"mcpServers": {"__proto__": {"command": "node", "env": {"__proto__": "x"}}}}\n');
    const r = await runInProcess(['wrap', file, '--launcher', 'tg']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('"__proto__": {\n      "command": "tg"');
    expect(r.out).toContain('"--env",\n        "__proto__"');
  });
});

// A hunt's find: wrap wrote the config again with JSON.stringify, which writes C1 controls and bidi controls raw: a
// name the file held as `\u009b2J` or `\u202e` came out as the characters, acting on the terminal that shows it.
describe('toolgate wrap: characters that steer a terminal stay escaped', () => {
  it.each([
    ['C1 CSI', '\\u009b'],
    ['right-to-left override', '\\u202e'],
  ])('%s in a server name', async (_, escape) => {
    const file = join(dir, `steer-${++n}.json`);
    writeFileSync(file, `{\n  "mcpServers": {\n    "x${escape}y": {"command": "srv"}\n  }\n}\n`);
    const r = await runInProcess(['wrap', file, '--launcher', 'tg']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`"x${escape}y": {`);
    expect(r.out).not.toMatch(/[\u0080-\u009f\u202e]/);
    expect(Object.keys(JSON.parse(r.out).mcpServers)).toEqual([JSON.parse(`"x${escape}y"`)]);
  });
});

// A review's find in the fix above: escaping every invisible character rewrote the user's own text, an emoji's joiner
// and a Persian non-joiner in entries wrap never touched, and `wrap` then `--undo` no longer gave back the file.
it("keeps a person's text as the file had it: joiners, non-joiners, a subdivision flag", async () => {
  const file = join(dir, `text-${++n}.json`);
  const names = [
    'dev\u{1f468}\u200d\u{1f4bb}',
    '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645',
    '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}',
    '\u2764\ufe0f',
  ];
  const servers = Object.fromEntries(names.map((name) => [name, { command: 'srv' }]));
  const original = `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;
  writeFileSync(file, original);
  const wrapped = await runInProcess(['wrap', file, '--launcher', 'tg']);
  expect(wrapped.code).toBe(0);
  for (const name of names) expect(wrapped.out).toContain(`"${name}": {`);
  writeFileSync(file, wrapped.out);
  const undone = await runInProcess(['wrap', file, '--undo']);
  expect(undone.out).toBe(original);
});
