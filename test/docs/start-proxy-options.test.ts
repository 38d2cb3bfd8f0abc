// docs/proxy.md's table of startProxy's options names every field ProxyOptions types, and each flag beside the field
// it sets: a hunt found `denyMethods`, `withholdUnconstrained`, `quiet` and the upstream's `cwd` typed but not
// listed. The field lists are typed against ProxyOptions (tsc refuses a list missing a field or naming another).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROXY_FLAGS } from '../../src/proxy/options.js';
import type { ProxyListen, ProxyOptions, ProxyUpstream } from '../../src/proxy/index.js';

type KeysOf<T> = T extends unknown ? keyof T : never;
const OPTIONS: Record<keyof ProxyOptions, true> = {
  upstream: true,
  servers: true,
  listen: true,
  allow: true,
  deny: true,
  denyMethods: true,
  mode: true,
  badTools: true,
  timeoutSeconds: true,
  maxResultBytes: true,
  log: true,
  logArgs: true,
  withholdUnconstrained: true,
  quiet: true,
  lock: true,
  dialects: true,
  formatAssertion: true,
  schemaRegistry: true,
  provider: true,
  providerPolicy: true,
  onLog: true,
};
const UPSTREAM: Record<KeysOf<ProxyUpstream>, true> = {
  command: true,
  args: true,
  env: true,
  cwd: true,
  url: true,
  headers: true,
};
const LISTEN: Record<keyof ProxyListen, true> = {
  port: true,
  host: true,
  authToken: true,
  allowOrigins: true,
  sessionIdleSeconds: true,
  maxSessions: true,
  maxConnections: true,
  stateless: true,
  grants: true,
};

/** The table after the start-proxy sample: each row's option and flag cells. */
function rows(): { option: string; flag: string }[] {
  const text = readFileSync(new URL('../../docs/proxy.md', import.meta.url), 'utf8');
  const start = text.indexOf('| option | flag | default |', text.indexOf('<!-- sample: start-proxy -->'));
  const lines = text.slice(start).split('\n');
  const table = lines.slice(
    2,
    lines.findIndex((line) => !line.startsWith('|')),
  );
  return table.map((line) => {
    const [option = '', flag = ''] = line.split(' | ').map((cell) => cell.replace(/^\| /, ''));
    return { option, flag };
  });
}

/** Whether `name` is a whole word of `text` (a field inside `{ ... }` or a backticked name). */
const names = (text: string, name: string): boolean => new RegExp(`\\b${name}\\b`).test(text);

describe('docs/proxy.md lists every startProxy option', () => {
  const table = rows();

  it.each(Object.keys(OPTIONS))('%s has a row', (name) => {
    expect(table.filter((row) => names(row.option, name))).not.toEqual([]);
  });

  it.each([
    ['upstream', Object.keys(UPSTREAM)],
    ['listen', Object.keys(LISTEN)],
  ])('%s: the row names each member', (name, members) => {
    const row = table.find((r) => r.option.startsWith(`\`${name}:`));
    expect(row).toBeDefined();
    for (const member of members) expect(names(row?.option ?? '', member), member).toBe(true);
  });

  it.each(Object.entries(PROXY_FLAGS))('--%s is in the row of %s', (flag, field) => {
    const top = field.split('.')[0] as string;
    const row = table.find((r) => names(r.option, top) && r.flag.includes(`--${flag}`));
    expect(row, `--${flag}`).toBeDefined();
  });
});
