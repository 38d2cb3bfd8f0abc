// A catalog's file name in `check`'s text report and stderr lines (a hunt's find): it comes from a folder's listing or
// a shell's glob, and was printed raw in its heading line and in `cannot read` / `not JSON` messages, so a name
// holding a newline, ESC or BEL forged a `summary:` line or a CI runner's `::add-mask::` command, or wrote a
// terminal's clipboard (OSC 52). Now every control is written out, line breaks too, and the name cut; the JSON
// report keeps the name whole in `source`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-source-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A name that forges a CI command, a verdict and a summary, writes the clipboard and hides what follows. */
const FORGING =
  'x\u001b]52;c;cm0=\u0007\n::add-mask::s\nok.json: admitted\u2028summary: 1 accepted, 0 quarantined, ' +
  '0 rejected; 1 of 1 catalog admitted\r\u001b[8m.json';

/** How the name's start shows: every control written out (the name is cut further on, after the folder's path). */
const SHOWN_START = 'x\\u001b]52;c;cm0=\\u0007\\n::add-mask::s\\nok.json: admitted\\u2028summary';

/** Whether `text` holds a control character (but the LF that ends toolgate's own lines) or a Unicode line separator. */
function rawControl(text: string): boolean {
  return [...text].some((ch) => {
    const c = ch.charCodeAt(0);
    return (c < 0x20 && c !== 0x0a) || c === 0x7f || c === 0x2028 || c === 0x2029;
  });
}

/** A folder holding one catalog of one tool under the forging name, `text` its content. */
function folderWith(name: string, text: string): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  writeFileSync(join(folder, FORGING), text);
  return folder;
}

const REJECTED = JSON.stringify([{ name: 'bad', inputSchema: { type: 'object', dependencies: {} } }]);

describe("check shows a catalog's file name written out and cut", () => {
  it('in the heading line of the text report: one line, no control, no forged summary', async () => {
    const r = await runInProcess(['check', folderWith('report', REJECTED)]);
    expect(r.code).toBe(1);
    expect(rawControl(r.out)).toBe(false);
    const lines = r.out.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('summary:'))).toEqual([lines.at(-1)]);
    expect(lines.some((l) => l.startsWith('::') || l.startsWith('ok.json'))).toBe(false);
    expect(lines[0]).toContain(SHOWN_START);
    expect(lines[0]).toMatch(/: not admitted$/);
  });

  it.each([
    ['not JSON', '[', 'not JSON'],
    ['not a catalog', '{"hello": 1}', 'not a catalog'],
    ['not UTF-8', '\u00ff', 'not UTF-8'],
  ])('in the stderr line of a file that is %s: one line, no control', async (tag, text, says) => {
    const folder = folderWith(tag, '');
    writeFileSync(join(folder, FORGING), tag === 'not UTF-8' ? Buffer.from([0xff]) : text);
    const r = await runInProcess(['check', folder]);
    expect(r.code).toBe(2);
    expect(rawControl(r.err)).toBe(false);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).toContain(SHOWN_START);
    expect(r.err).toContain(says);
  });

  it('in the stderr line of a file that cannot be read', async () => {
    const r = await runInProcess(['check', join(dir, FORGING)]);
    expect(r.code).toBe(2);
    expect(rawControl(r.err)).toBe(false);
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(r.err).toContain('cannot read (ENOENT)');
  });

  it('cut, so a long name cannot flood the line', async () => {
    const long = join(dir, `${'n'.repeat(2000)}\n.json`);
    const r = await runInProcess(['check', long]);
    expect(r.err.length).toBeLessThan(400);
    expect(r.err).toContain('…');
  });

  it('whole and exact in the JSON report', async () => {
    const folder = folderWith('json', REJECTED);
    const r = await runInProcess(['check', folder, '--format', 'json']);
    const report = JSON.parse(r.out) as { catalogs: { source: string }[] };
    expect(report.catalogs.map((c) => c.source)).toEqual([join(folder, FORGING)]);
  });
});
