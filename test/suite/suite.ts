// Loads the official JSON Schema Test Suite from vendor/ (committed; `npm run suite:sync` moves it) and runs a
// group through toolgate's own compile path. A missing suite is an error, never a skip.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { compileSchema } from '../../src/schema/compile.js';
import type { SchemaOptions } from '../../src/schema/options.js';
import type { ErrorClass } from '../../src/result.js';

export const SUITE_DIR = resolve(import.meta.dirname, '../../vendor/json-schema-test-suite');

export interface SuiteTest {
  description: string;
  data: unknown;
  valid: boolean;
}
export interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: SuiteTest[];
}
export interface SuiteCase {
  file: string;
  group: string;
  test: string;
  schema: unknown;
  data: unknown;
  valid: boolean;
}

/** Reads a tests folder; throws (failing the run) when the suite is missing. */
export function loadCases(dir: string, files?: (name: string) => boolean): SuiteCase[] {
  const full = join(SUITE_DIR, 'tests', dir);
  if (!existsSync(full))
    throw new Error(`JSON Schema Test Suite missing at ${full}: it is committed (git checkout -- vendor)`);
  const out: SuiteCase[] = [];
  for (const name of readdirSync(full).sort()) {
    if (!name.endsWith('.json') || (files && !files(name))) continue;
    const groups = JSON.parse(readFileSync(join(full, name), 'utf8')) as SuiteGroup[];
    for (const g of groups)
      for (const t of g.tests)
        out.push({
          file: `${dir}/${name}`,
          group: g.description,
          test: t.description,
          schema: g.schema,
          data: t.data,
          valid: t.valid,
        });
  }
  return out;
}

let remotes: Record<string, object | boolean> | undefined;
/** Every document under remotes/, keyed by its http://localhost:1234/ URI. */
export function remoteRegistry(): Record<string, object | boolean> {
  if (remotes) return remotes;
  const base = join(SUITE_DIR, 'remotes');
  const acc: Record<string, object | boolean> = {};
  const visit = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) visit(p);
      else if (name.endsWith('.json'))
        acc[`http://localhost:1234/${relative(base, p).split('\\').join('/')}`] = JSON.parse(
          readFileSync(p, 'utf8'),
        ) as object;
    }
  };
  visit(base);
  remotes = acc;
  return acc;
}

export type Outcome =
  | { kind: 'passed' }
  | { kind: 'refused'; class: ErrorClass; message: string }
  | { kind: 'wrong'; detail: string };

const compiled = new Map<string, ReturnType<typeof compileSchema>>();

/** Runs one case; compile results are shared by the cases of a group. */
export function runCase(c: SuiteCase, options: SchemaOptions): Outcome {
  const key = `${c.file}\u0000${c.group}\u0000${JSON.stringify(options)}`;
  let result = compiled.get(key);
  if (result === undefined) {
    try {
      result = compileSchema(c.schema, { ...options, schemaRegistry: remoteRegistry() }, { toolRoot: false });
    } catch (e) {
      return { kind: 'wrong', detail: `compile threw: ${String(e)}` };
    }
    compiled.set(key, result);
  }
  if (!result.ok) {
    if (result.error.class === 'unsupported_capability')
      return { kind: 'refused', class: result.error.class, message: result.error.message };
    return { kind: 'wrong', detail: `compile failed (${result.error.class}): ${result.error.message}` };
  }
  let r: ReturnType<typeof result.value.validate>;
  try {
    r = result.value.validate(c.data);
  } catch (e) {
    return { kind: 'wrong', detail: `validate threw: ${String(e)}` };
  }
  if (!r.ok && r.error.class !== 'validation') {
    if (r.error.class === 'unsupported_capability')
      return { kind: 'refused', class: r.error.class, message: r.error.message };
    return { kind: 'wrong', detail: `validate failed (${r.error.class}): ${r.error.message}` };
  }
  if (r.ok === c.valid) return { kind: 'passed' };
  return {
    kind: 'wrong',
    detail: `expected ${c.valid ? 'valid' : 'invalid'}, got ${r.ok ? 'valid' : `invalid: ${r.error.message}`}`,
  };
}

export interface Expectation {
  file: string;
  group: string;
  test: string;
  class: ErrorClass;
  reason: string;
}

/** The expectations file: tests toolgate refuses instead of answering, each with its reason. */
export function loadExpectations(): Expectation[] {
  return JSON.parse(readFileSync(resolve(import.meta.dirname, 'expectations.json'), 'utf8')) as Expectation[];
}

export const caseId = (c: { file: string; group: string; test: string }): string =>
  `${c.file} › ${c.group} › ${c.test}`;
