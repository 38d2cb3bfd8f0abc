// The official suite's draft7 and draft2019-09 folders, run through validateSchema's own path with
// those dialects enabled (src/schema/front-ends.ts, legacy-front-end.ts). The suite's draft7 schemas do not declare
// `$schema` (the folder says the dialect), and toolgate reads a schema without `$schema` as 2020-12,
// so the runner adds the folder's `$schema` to object roots that lack one. Boolean roots mean the
// same in every dialect and run as they are.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { SchemaOptions } from '../../src/schema/options.js';
import { loadCases, type Expectation, type SuiteCase } from './suite.js';

/** One legacy run: folder, file filter, options, the `$schema` the folder stands for. */
export interface LegacyRun {
  readonly name: string;
  readonly dir: string;
  readonly files?: (f: string) => boolean;
  readonly options: SchemaOptions;
  readonly dialectUri: string;
}

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DRAFT_2019_09 = 'https://json-schema.org/draft/2019-09/schema';
const DIALECTS: SchemaOptions['dialects'] = ['2020-12', '2019-09', 'draft-07'];

export const LEGACY_RUNS: readonly LegacyRun[] = [
  { name: 'draft7 required', dir: 'draft7', options: { dialects: DIALECTS }, dialectUri: DRAFT_07 },
  {
    name: 'draft7 optional',
    dir: 'draft7/optional',
    files: (f) => f !== 'content.json',
    options: { dialects: DIALECTS },
    dialectUri: DRAFT_07,
  },
  // draft-07 content keywords may assert (draft-07 Validation §8); the suite tests them asserting.
  {
    name: 'draft7 optional/content (contentAssertion: true)',
    dir: 'draft7/optional',
    files: (f) => f === 'content.json',
    options: { dialects: DIALECTS, contentAssertion: true },
    dialectUri: DRAFT_07,
  },
  {
    name: 'draft7 optional/format (formatAssertion: true)',
    dir: 'draft7/optional/format',
    options: { dialects: DIALECTS, formatAssertion: true },
    dialectUri: DRAFT_07,
  },
  { name: '2019-09 required', dir: 'draft2019-09', options: { dialects: DIALECTS }, dialectUri: DRAFT_2019_09 },
  {
    name: '2019-09 optional',
    dir: 'draft2019-09/optional',
    options: { dialects: DIALECTS },
    dialectUri: DRAFT_2019_09,
  },
  {
    name: '2019-09 optional/format (formatAssertion: true)',
    dir: 'draft2019-09/optional/format',
    options: { dialects: DIALECTS, formatAssertion: true },
    dialectUri: DRAFT_2019_09,
  },
];

/** The run's cases, each object root given the folder's `$schema` when it has none. */
export function legacyCases(run: LegacyRun): SuiteCase[] {
  return loadCases(run.dir, run.files).map((c) => {
    const s = c.schema;
    if (s === null || typeof s !== 'object' || Array.isArray(s) || '$schema' in s) return c;
    return { ...c, schema: { $schema: run.dialectUri, ...s } };
  });
}

/** test/suite/expectations-legacy.json: legacy-suite tests toolgate refuses, each with its reason. */
export function loadLegacyExpectations(): Expectation[] {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, 'expectations-legacy.json'), 'utf8')) as Expectation[];
}
