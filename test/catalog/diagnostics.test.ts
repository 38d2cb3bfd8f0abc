import { describe, expect, it } from 'vitest';
import { batchError, type Diagnostic } from '../../src/catalog/diagnostics.js';
import type { ErrorClass } from '../../src/result.js';

function diag(
  name: string,
  index: number,
  cls: ErrorClass,
  stage: Diagnostic['stage'] = 'schema',
  schemaPath = '/type',
): Diagnostic {
  return {
    name,
    revision: undefined,
    index,
    stage,
    error: {
      class: cls,
      message: `${name} broke`,
      violations: [
        { path: '$', pointer: '', keyword: 'type', message: 'm', schemaPath, code: 'schema_invalid', params: {} },
      ],
    },
  };
}

describe('batchError', () => {
  const precedence: { why: string; classes: ErrorClass[]; expected: ErrorClass }[] = [
    {
      why: 'only refusals',
      classes: ['unsupported_capability', 'unsupported_capability'],
      expected: 'unsupported_capability',
    },
    {
      why: 'a broken schema among refusals',
      classes: ['unsupported_capability', 'validation'],
      expected: 'validation',
    },
    {
      why: 'an exceeded limit among the rest',
      classes: ['validation', 'execution_failure', 'unsupported_capability'],
      expected: 'execution_failure',
    },
  ];
  it.each(precedence)('reports $expected for $why', ({ classes, expected }) => {
    expect(
      batchError(
        classes.map((c, i) => diag(`t${i}`, i, c)),
        'strict',
      ).class,
    ).toBe(expected);
  });

  it('lists one violation per bad tool, sorted by name, located at the descriptor', () => {
    const e = batchError(
      [
        diag('zeta', 0, 'validation'),
        diag('alpha', 3, 'unsupported_capability'),
        diag('beta', 1, 'validation', 'descriptor', '/name'),
      ],
      'strict',
    );
    expect(e.violations.map((v) => [v.message, v.schemaPath])).toEqual([
      ['tool "alpha": alpha broke', '/tools/3/inputSchema/type'],
      ['tool "beta": beta broke', '/tools/1/name'],
      ['tool "zeta": zeta broke', '/tools/0/inputSchema/type'],
    ]);
    expect(e.diagnostics.map((d) => d.name)).toEqual(['alpha', 'beta', 'zeta']);
    expect(e.message).toMatch(/^strict batch admission failed: 3 tools not admitted; tool "alpha"/);
  });

  it('counts tools, not diagnostics: one tool with two problems is one tool not admitted', () => {
    const e = batchError([diag('one', 0, 'validation'), diag('one', 0, 'unsupported_capability')], 'quarantine');
    expect(e.message).toMatch(/^quarantine batch admission failed: 1 tool not admitted; tool "one"/);
    const two = batchError(
      [diag('a', 0, 'validation'), diag('a', 0, 'validation'), diag('b', 2, 'validation')],
      'strict',
    );
    expect(two.message).toMatch(/^strict batch admission failed: 2 tools not admitted;/);
  });

  it('locates an authority problem under /authority', () => {
    const d: Diagnostic = {
      name: '',
      revision: undefined,
      index: -1,
      stage: 'batch',
      error: {
        class: 'validation',
        message: 'bad grant',
        violations: [
          {
            path: '$',
            pointer: '',
            keyword: 'authority',
            message: 'm',
            schemaPath: '/grants/0',
            code: 'authority_refused',
            params: {},
          },
        ],
      },
    };
    expect(batchError([d], 'quarantine').violations[0]?.schemaPath).toBe('/authority/grants/0');
  });
});
