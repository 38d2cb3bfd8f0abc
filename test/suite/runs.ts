import type { SchemaOptions } from '../../src/schema/options.js';

/** The suite runs: folder, file filter, options, and whether the run is required. */
export interface SuiteRun {
  readonly name: string;
  readonly dir: string;
  readonly files?: (f: string) => boolean;
  readonly options: SchemaOptions;
  readonly required: boolean;
  readonly docRow: string;
}

export const RUNS: readonly SuiteRun[] = [
  {
    name: 'required',
    dir: 'draft2020-12',
    options: {},
    required: true,
    docRow: 'required (`tests/draft2020-12`, 1299 tests)',
  },
  // optional/format-assertion.json turns assertion on through its own meta-schemas; the rest run as they are.
  { name: 'optional', dir: 'draft2020-12/optional', options: {}, required: false, docRow: 'optional (as is)' },
  {
    name: 'optional/format (formatAssertion: true)',
    dir: 'draft2020-12/optional/format',
    options: { formatAssertion: true },
    required: false,
    docRow: 'optional/format (`formatAssertion: true`)',
  },
];
