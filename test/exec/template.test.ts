import { describe, expect, it } from 'vitest';
import { parseTemplate, placeholderNames, parseTemplates } from '../../src/exec/template.js';
import { prepareCommand } from '../../src/exec/command.js';

describe('parseTemplate', () => {
  it.each([
    ['plain', [{ kind: 'text', text: 'plain' }]],
    ['{q}', [{ kind: 'placeholder', name: 'q' }]],
    [
      '--name={who}!',
      [
        { kind: 'text', text: '--name=' },
        { kind: 'placeholder', name: 'who' },
        { kind: 'text', text: '!' },
      ],
    ],
    ['{{literal}}', [{ kind: 'text', text: '{literal}' }]],
    [
      '{{{x}}}',
      [
        { kind: 'text', text: '{' },
        { kind: 'placeholder', name: 'x' },
        { kind: 'text', text: '}' },
      ],
    ],
    [
      '{a}{b}',
      [
        { kind: 'placeholder', name: 'a' },
        { kind: 'placeholder', name: 'b' },
      ],
    ],
    ['{odd name}', [{ kind: 'placeholder', name: 'odd name' }]],
    ['', []],
  ])('%j parses', (source, parts) => {
    const r = parseTemplate(source);
    expect(r).toEqual({ ok: true, value: { source, parts } });
  });

  it.each([
    ['{', 'unclosed'],
    ['a}b', 'unmatched'],
    ['{}', 'empty placeholder'],
    ['{a{b}', 'inside a placeholder'],
    ['}}}', 'unmatched'],
    // Found by a hunt: accepted at start-up, then every call failed naming the model's arguments.
    ['x\u0000y', 'NUL character'],
    ['{a}\ud800', 'lone surrogate'],
  ])('%j is refused (%s)', (source, why) => {
    const r = parseTemplate(source);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.class).toBe('validation');
      expect(r.error.message).toContain(why);
      expect(r.error.message).toContain(JSON.stringify(source));
    }
  });

  it('lists placeholder names once, in first-use order', () => {
    const t = parseTemplates(['{b}', '-x', '{a}{b}']);
    expect(t.ok && placeholderNames(t.value)).toEqual(['b', 'a']);
  });
});

// Found by a hunt: a program with a NUL failed every call ("the system refused it"), and "{prog}" ran a file of
// that name; both are start-up errors now.
describe('the program of a command', () => {
  it.each([['print\u0000f'], ['{prog}'], ['/usr/bin/{tool}']])('%j is refused at start-up', (program) => {
    const r = prepareCommand({ name: 'a', program, args: [], timeoutMs: 1000, maxOutputBytes: 1000 });
    expect(r.ok ? 'ok' : r.error.message).toContain('must be a name or path as written');
  });

  it('a name with a lone brace is a name', () => {
    const r = prepareCommand({ name: 'a', program: 'a}b', args: [], timeoutMs: 1000, maxOutputBytes: 1000 });
    // Past the placeholder rule: then looked for on the PATH, where no such program is.
    expect(r.ok ? 'ok' : r.error.message).toContain('is not on the PATH');
  });
});
