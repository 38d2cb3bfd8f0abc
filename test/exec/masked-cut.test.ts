// Output cut at --max-output never shows part of a secret, and masking never answers whether text the model
// placed at a cut or a clip mark begins one (src/exec/masked-cut.ts, src/cli/serve.ts).
import { describe, expect, it } from 'vitest';
import { callCommand, prepareServe } from '../../src/cli/serve.js';
import { cutForms, maskedCut } from '../../src/exec/masked-cut.js';
import { runProgram } from '../../src/exec/run.js';

const SECRET = 'ghp_abcdef123456';
const node = process.execPath;
const limits = { timeoutMs: 10_000, maxOutputBytes: 1000 };

describe('maskedCut', () => {
  const { forms, lookahead } = cutForms([SECRET]);
  const cut = (text: string, at: number): string => maskedCut(Buffer.from(text), at, forms).toString();

  // Worked out by hand, not by the code's formula: the longest reach is the secret's hex (32 characters), wrapped at
  // most once in 16 characters, each wrap taken as 8 bytes: 32 + 2 x 8 = 48, less one. Its base64 forms reach
  // 20 + 4 (the group after) + 2 x 8 = 40.
  it('reads past the cut by the longest reach of a form, wraps and base64 group included, less one byte', () => {
    expect(lookahead).toBe(47);
    expect(cutForms([]).lookahead).toBe(0);
  });

  // A review's find: the cut replaced the bare base64 form first, so the text masker never saw it to widen it, and
  // serve's model read `YWdo<redacted>NDUh` (YWdo is "agh", NDUh "45!": the secret's first and last characters).
  it.each(['', 'a', 'ab'])('masks the groups beside a base64 form too (%j before the secret)', (before) => {
    const encoded = Buffer.from(`${before}${SECRET}!`).toString('base64');
    const shown = cut(`x ${encoded} y`, 200);
    const left = shown.replace(/^x |y$/g, '').split('<redacted>');
    for (const part of left) expect(Buffer.from(part.trim(), 'base64').toString('latin1')).not.toMatch(/gh|56/);
  });

  it.each([
    ['a secret the cut falls inside', `ab${SECRET}cd`, 8, 'ab<redacted>'],
    ['a secret before the cut', `${SECRET}cd`, 17, '<redacted>c'],
    ['a secret after the cut', `abcd${SECRET}`, 4, 'abcd'],
    ['text that only begins like the secret', 'ghp_abXXXXXXXXXXXXXXXXXXXX', 6, 'ghp_ab'],
    ['no secret', 'abcdef', 3, 'abc'],
  ])('%s', (_why, text, at, shown) => {
    expect(cut(text, at)).toBe(shown);
  });

  // A hunt's find: a secret in base64 wrapped at 76 columns (GNU base64, MIME) came back whole wherever a line
  // break fell in its form; wherever the cut falls too, no piece of it is shown.
  it.each(['\n', '\r\n', '\n    ', '\\n'])('a secret in base64 wrapped with %j, the cut anywhere', (eol) => {
    const data = Buffer.concat([Buffer.alloc(50, 0x41), Buffer.from(SECRET), Buffer.from(' tail of the data')]);
    const encoded = (data.toString('base64').match(/.{1,16}/g) ?? []).join(eol);
    const { forms: all, lookahead: ahead } = cutForms([SECRET]);
    for (let at = 60; at < 140; at++) {
      const shown = maskedCut(Buffer.from(encoded.slice(0, at + ahead)), at, all).toString();
      for (const part of shown.split('<redacted>'))
        for (let skip = 0; skip < 4; skip++) {
          const decoded = Buffer.from(part.replace(/\s|\\n/g, '').slice(skip), 'base64').toString('latin1');
          for (let i = 0; i + 4 <= SECRET.length; i++)
            expect(decoded, `cut at ${at} +${skip}`).not.toContain(SECRET.slice(i, i + 4));
        }
    }
  });

  // A review's find: the cut knew a secret's URL-encoded form in uppercase hex only, so `head de4d%2fb33f%` showed.
  it('a secret URL-encoded with lowercase hex that the cut falls inside', () => {
    const { forms: lower } = cutForms(['de4d/b33f+tok3n']);
    expect(maskedCut(Buffer.from('head de4d%2fb33f%2btok3n tail'), 16, lower).toString()).toBe('head <redacted>');
  });
});

describe('runProgram with secrets', () => {
  it('masks a secret the --max-output cut falls inside, on stdout and on stderr', async () => {
    const printed = `process.stdout.write("x".repeat(990) + ${JSON.stringify(SECRET)} + "y".repeat(100))`;
    const out = await runProgram(node, ['-e', printed], { ...limits, secrets: [SECRET] });
    expect(out.stdout).toBe(`${'x'.repeat(990)}<redacted>`);
    expect(out.truncated).toBe(true);
    const secret = JSON.stringify(SECRET);
    // Stdout first, then stderr: the cap is shared in the order output arrives.
    const late = `setTimeout(() => process.stderr.write("e".repeat(495) + ${secret}), 100)`;
    const both = `process.stdout.write("o".repeat(500)); ${late}`;
    const err = await runProgram(node, ['-e', both], { ...limits, secrets: [SECRET] });
    expect(err.stdout).toBe('o'.repeat(500));
    expect(err.stderr).toBe(`${'e'.repeat(495)}<redacted>`);
  });
});

describe('runProgram shares --max-output in the order output arrives', () => {
  it('keeps an error a program wrote to stderr before it flooded stdout', async () => {
    const printed =
      'process.stderr.write("fatal: bad config\\n"); setTimeout(() => process.stdout.write("y".repeat(5000)), 100)';
    const r = await runProgram(node, ['-e', printed], limits);
    expect(r.stderr).toBe('fatal: bad config\n');
    expect(r.stdout).toBe('y'.repeat(1000 - 'fatal: bad config\n'.length));
    expect(r.truncated).toBe(true);
  });
});

/** `serve`'s `say` tool (printf of the message) with TOKEN set to SECRET, and the command-line options given. */
function sayPlan(...options: string[]) {
  const plan = prepareServe([
    '--env',
    `TOKEN=${SECRET}`,
    ...options,
    '--name',
    'say',
    '--exec',
    'printf',
    '--',
    '--',
    '%s\n',
    '{message}',
  ]);
  if (!plan.ok) throw new Error(plan.error.message);
  return plan.value;
}

describe('serve: masking answers no guess', () => {
  const { tools, secrets } = sayPlan();

  it('leaves a guess that ends at a clip mark as the model wrote it', async () => {
    const r = await callCommand(tools, 'say', { message: 'ghp_a… ghp_b…' }, { secrets });
    expect(r.content).toEqual([{ type: 'text', text: 'ghp_a… ghp_b…' }]);
  });

  it('still masks the whole secret', async () => {
    const r = await callCommand(tools, 'say', { message: `x ${SECRET} y` }, { secrets });
    expect(r.content).toEqual([{ type: 'text', text: 'x <redacted> y' }]);
  });

  it('shows no part of a secret the --max-output cut falls inside', async () => {
    const cut = sayPlan('--max-output', '14');
    const r = await callCommand(cut.tools, 'say', { message: `ab${SECRET}` }, { secrets });
    expect(r.content).toEqual([{ type: 'text', text: 'ab<redacted>\n[output cut at 14 bytes]' }]);
  });
});
