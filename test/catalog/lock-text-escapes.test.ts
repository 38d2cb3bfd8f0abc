// A lock file is read in review (git diff): a raw bidi override in a kept definition can reorder what a pin shows
// ("Trojan Source"), a C1 control or DEL acts on a terminal, U+2028/2029 break a line. The lock writes each as a
// `\uXXXX` escape, the same JSON value: the pins do not change, and a lock written before with the raw characters
// reads the same. A hunt's find: they were written raw (while `wrap --write` escapes them).
import { describe, expect, it } from 'vitest';
import { configLockText, parseConfigLock } from '../../src/catalog/config-lock.js';
import { comparePins, hasDrift } from '../../src/catalog/lock-diff.js';
import { lockText, parseLock } from '../../src/catalog/lock-file.js';
import { pinTools, type ToolLock } from '../../src/catalog/lock-pins.js';

/** [what it is, the character]: each must come out escaped. */
const CHARACTERS: readonly (readonly [string, string])[] = [
  ['DEL', '\u007f'],
  ['C1 NEL', '\u0085'],
  ['C1 CSI', '\u009b'],
  ['LINE SEPARATOR', '\u2028'],
  ['PARAGRAPH SEPARATOR', '\u2029'],
  ['RIGHT-TO-LEFT OVERRIDE', '\u202e'],
  ['LEFT-TO-RIGHT EMBEDDING', '\u202a'],
  ['RIGHT-TO-LEFT ISOLATE', '\u2067'],
  ['POP DIRECTIONAL ISOLATE', '\u2069'],
  // A review's find: bidi marks and zero-width characters were written raw; a lock's text is a server's.
  ['ARABIC LETTER MARK', '\u061c'],
  ['RIGHT-TO-LEFT MARK', '\u200f'],
  ['ZERO WIDTH SPACE', '\u200b'],
  ['ZERO WIDTH JOINER', '\u200d'],
  ['BYTE ORDER MARK', '\ufeff'],
];

/** A lock of one tool carrying `c` in its name, its description and a property name of its schema. */
function lockWith(c: string): ToolLock {
  const tool = {
    name: `t${c}`,
    description: `allow${c}deny`,
    inputSchema: { type: 'object', properties: { [`p${c}`]: { type: 'string' } } },
  };
  const pinned = pinTools({ tools: [tool] });
  if (!pinned.ok) throw new Error(pinned.error.message);
  return pinned.value;
}

const escape = (c: string): string => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`;

describe('a lock writes characters that hide or reorder text as escapes', () => {
  it.each(CHARACTERS)('%s', (_what, c) => {
    const lock = lockWith(c);
    const text = lockText(lock);
    expect(text.includes(c)).toBe(false);
    // In the tool's name (a key), its kept description and its schema's property name.
    expect(text.split(escape(c)).length - 1).toBeGreaterThanOrEqual(4);
    // The same JSON value: it reads back as the same pins, the digests unchanged.
    const read = parseLock(text);
    expect(read.ok && read.value).toEqual(lock);
    // A lock written before, with the raw characters, reads the same and shows no drift.
    const raw = `${JSON.stringify(lock, null, 2)}\n`;
    expect(raw.includes(c)).toBe(true);
    const old = parseLock(raw);
    expect(old.ok && old.value).toEqual(lock);
    expect(old.ok && hasDrift(comparePins(old.value, lockWith(c)))).toBe(false);
    // A config lock holds each server's lock text, and the server's name is written so too.
    const config = configLockText({ version: 1, servers: { [`s${c}`]: lock } });
    expect(config.includes(c)).toBe(false);
    const back = parseConfigLock(config);
    expect(back.ok && back.value).toEqual({ version: 1, servers: { [`s${c}`]: lock } });
  });

  it('leaves other text as written: accents, other scripts, an emoji', () => {
    const text = lockText(lockWith('\u00e9 \u0639\u0631\u0628\u064a \u{1f600}'));
    expect(text).toContain('\u00e9 \u0639\u0631\u0628\u064a \u{1f600}');
  });
});
