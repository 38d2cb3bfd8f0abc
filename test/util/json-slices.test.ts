// JSON.parse in slices (src/util/json-slices.ts): the value JSON.parse makes of the whole text, the same texts
// refused, and the work spread over more than one event-loop turn once a slice is used up.
import { describe, expect, it, vi } from 'vitest';
import { parseJsonInSlices } from '../../src/util/json-slices.js';
import { timeSlices } from '../../src/util/time-slice.js';
import { turnsWhile } from '../fixtures/loop-turns.js';

/** A 2,000-tool tools/list page as a server sends it (about 700 KB). */
function page(tools = 2000): string {
  const tool = (i: number) => ({
    name: `tool_${i}`,
    description: `Tool ${i}: "quoted" \\ back \u2028 é 😀`,
    inputSchema: {
      type: 'object',
      properties: { [`id_${i}`]: { type: 'string', maxLength: 64 + i }, n: { enum: [1, 2.5e10, -0, null, true] } },
      required: [`id_${i}`],
    },
  });
  return JSON.stringify({ jsonrpc: '2.0', id: 3, result: { tools: Array.from({ length: tools }, (_, i) => tool(i)) } });
}
const PAGE = page();

/**
 * The value as text, members in their order, with each object's prototype and own __proto__ member shown. A loop,
 * not a recursion: 3,000 levels of `map` and this function overflowed Node 24's stack (its frames are larger).
 */
function shape(value: unknown): string {
  const out: string[] = [];
  // Text to write, or a value (boxed) to write out.
  const work: (string | { readonly value: unknown })[] = [{ value }];
  while (work.length > 0) {
    const next = work.pop() as string | { readonly value: unknown };
    if (typeof next === 'string') out.push(next);
    else if (next.value === null || typeof next.value !== 'object')
      out.push(JSON.stringify(next.value) ?? String(next.value));
    else if (Array.isArray(next.value)) {
      out.push('[');
      work.push(']');
      for (let i = next.value.length - 1; i >= 0; i--) work.push({ value: next.value[i] }, i > 0 ? ',' : '');
    } else {
      const o = next.value as Record<string, unknown>;
      out.push(`${Object.getPrototypeOf(o) === Object.prototype ? '' : '!proto'}{`);
      work.push('}');
      const keys = Object.keys(o);
      for (let i = keys.length - 1; i >= 0; i--) {
        const k = keys[i] as string;
        work.push({ value: o[k] }, `${i > 0 ? ',' : ''}${JSON.stringify(k)}:`);
      }
    }
  }
  return out.join('');
}

/** What JSON.parse makes of `text` (its shape), or 'refused'; and the same from parseJsonInSlices. */
async function both(text: string, sliceMs = 0): Promise<[string, string]> {
  let whole: string;
  try {
    whole = shape(JSON.parse(text));
  } catch {
    whole = 'refused';
  }
  const sliced = await parseJsonInSlices(text, timeSlices(sliceMs));
  return [whole, sliced === undefined ? 'refused' : shape(sliced.value)];
}

describe('parseJsonInSlices', () => {
  it.each([
    ['a tools/list page', PAGE],
    ['the page pretty-printed (CRLF)', JSON.stringify(JSON.parse(PAGE), null, 2).replace(/\n/g, '\r\n')],
    ['an own __proto__ member and a repeated key', PAGE.replace('"jsonrpc"', '"__proto__":{"a":1},"id":9,"jsonrpc"')],
    [
      'a repeated key whose first value is long',
      `{"a":1,"b":${JSON.stringify('x'.repeat(40_000))},"a":[${'7,'.repeat(20_000)}8]}`,
    ],
    [
      'an object of 30,000 members',
      JSON.stringify(Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, i]))),
    ],
    ['an array of 60,000 numbers', `[${'1,'.repeat(60_000)}2]`],
    ['a long string', JSON.stringify('a'.repeat(200_000))],
    ['3,000 levels of arrays with space inside', `${'['.repeat(3000)}${' '.repeat(100_000)}${']'.repeat(3000)}`],
    ['whitespace around the value', ` \t\r\n${PAGE}\n `],
    ['a trailing comma', PAGE.replace(']}}', '],}}')],
    ['two values', `${PAGE} 1`],
    ['a truncated page', PAGE.slice(0, -40)],
    ['an unclosed string', PAGE.replace('"tool_7"', '"tool_7')],
    ['a raw control character in a string', PAGE.replace('tool_5"', 'tool_5\n"')],
    ['a byte order mark', `\uFEFF${PAGE}`],
  ])('reads %s as JSON.parse does', async (_what, text) => {
    const [whole, sliced] = await both(text);
    expect(sliced).toBe(whole);
  });

  it('refuses exactly what JSON.parse refuses, over 400 single-character changes of a long text', async () => {
    const text = page(300);
    expect(text.length).toBeGreaterThan(2 * 32 * 1024);
    const characters = ['"', '\\', ',', ':', '[', ']', '{', '}', ' ', '\n', 'x', '1', '-', 'e', '.', 'u', ''];
    let seed = 7;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const differing: string[] = [];
    for (let k = 0; k < 400; k++) {
      const at = next(text.length);
      const c = characters[next(characters.length)] as string;
      const changed = text.slice(0, at) + c + text.slice(at + next(2));
      const [whole, sliced] = await both(changed);
      if (whole !== sliced)
        differing.push(`${at} ${JSON.stringify(c)}: ${whole.slice(0, 20)} / ${sliced.slice(0, 20)}`);
    }
    expect(differing).toEqual([]);
  });

  it('tells whether the text holds a raw CR or LF', async () => {
    expect((await parseJsonInSlices(PAGE, timeSlices(0)))?.lineBreaks).toBe(false);
    const pretty = JSON.stringify(JSON.parse(PAGE), null, 1);
    expect((await parseJsonInSlices(pretty, timeSlices(0)))?.lineBreaks).toBe(true);
    expect((await parseJsonInSlices(PAGE.replace('"id":3', '"id":\r3'), timeSlices(0)))?.lineBreaks).toBe(true);
  });

  it('reads nesting 50,000 levels deep without a stack overflow', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    expect(await parseJsonInSlices(deep, timeSlices(0))).toBeDefined();
    expect(await parseJsonInSlices(deep.slice(1), timeSlices(0))).toBeUndefined();
  });

  // Each container cut around a long string looked for its end: a string of escaped quotes (each found on its own)
  // nested 9 levels deep was walked 9 times in one turn, 20 times as long as JSON.parse of the whole text.
  it('walks a long string once, however many containers around it are cut', async () => {
    const quotes = 300_000;
    const text = `${'['.repeat(9)}"${'\\"'.repeat(quotes)}"${']'.repeat(9)}`;
    const indexOf = vi.spyOn(String.prototype, 'indexOf');
    try {
      expect(await parseJsonInSlices(text, timeSlices(0))).toBeDefined();
      expect(indexOf.mock.calls.length).toBeLessThan(2 * quotes);
    } finally {
      indexOf.mockRestore();
    }
  });

  // What it is for: a page of 2,000 tools is no longer parsed in one turn of the event loop.
  it('yields to the event loop between pieces once a slice is used up (0 ms slices: after each piece)', async () => {
    const { turns } = await turnsWhile(() => parseJsonInSlices(PAGE, timeSlices(0)));
    expect(turns).toBeGreaterThanOrEqual(PAGE.length / (32 * 1024) - 1);
  });
});
