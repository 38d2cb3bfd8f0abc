import { describe, expect, it } from 'vitest';
import { parseTemplate, placeholderNames, parseTemplates } from '../../src/exec/template.js';

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
