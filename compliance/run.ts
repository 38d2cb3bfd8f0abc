// One table over the official suite: toolgate, raw Ajv 2020, Ajv 2020 + ajv-formats and peers.
// An answer is passed/wrong; a refusal (toolgate's unsupported_capability) is refused; a throw is an exception.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { loadCases, remoteRegistry, runCase, type SuiteCase } from '../test/suite/suite.js';

type Verdict = boolean | 'refused';
type Engine = {
  name: string;
  prepare: (schema: unknown, format: boolean) => Promise<(data: unknown) => Promise<Verdict>>;
};

// Peers may annotate the objects they are given: each gets its own copies, never the suite's.
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const pristine = clone(remoteRegistry());
let remotes = clone(pristine);
const ajvEngine =
  (formats: boolean): Engine['prepare'] =>
  async (schema, format) => {
    const ajv = new Ajv2020({ strict: false, logger: false, validateFormats: format });
    if (formats) (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    for (const [uri, doc] of Object.entries(remotes)) {
      try {
        ajv.addSchema(doc as object, uri);
      } catch {
        /* a remote of another draft */
      }
    }
    const v = ajv.compile(schema as object);
    return async (d) => v(d) === true;
  };

const peers: Engine[] = [];
try {
  const { Validator } = await import('@cfworker/json-schema');
  peers.push({
    name: '@cfworker/json-schema',
    prepare: async (schema) => {
      const v = new Validator(schema as object, '2020-12', false);
      for (const [uri, doc] of Object.entries(remotes)) v.addSchema(doc as object, uri);
      return async (d) => v.validate(d).valid;
    },
  });
} catch {
  console.log('@cfworker/json-schema not installed: skipped');
}
try {
  const { validator } = await import('@exodus/schemasafe');
  peers.push({
    name: '@exodus/schemasafe',
    prepare: async (schema, format) => {
      const v = validator(
        schema as object,
        {
          schemas: new Map(Object.entries(remotes)) as never,
          mode: 'default',
          includeErrors: false,
          $schemaDefault: 'https://json-schema.org/draft/2020-12/schema',
          formatAssertion: format,
          contentValidation: false,
          requireSchema: false,
        } as never,
      );
      return async (d) => v(d as never);
    },
  });
} catch {
  console.log('@exodus/schemasafe not installed: skipped');
}
try {
  const hj = await import('@hyperjump/json-schema/draft-2020-12');
  // The other dialects are loaded too, so remotes that declare them (cross-draft tests) register.
  for (const d of ['draft-2019-09', 'draft-07', 'draft-06', 'draft-04']) {
    try {
      await import(`@hyperjump/json-schema/${d}`);
    } catch {
      /* not in this version */
    }
  }
  // Format validators are a separate entry point; without it every format passes.
  await import('@hyperjump/json-schema/formats');
  const DIALECT = 'https://json-schema.org/draft/2020-12/schema';
  // Remotes without `$schema` are 2020-12 documents in this suite: say so, as the suite's own
  // harnesses do, instead of letting hyperjump refuse them for having no dialect.
  for (const [uri, doc] of Object.entries(pristine)) {
    try {
      hj.registerSchema(clone(doc) as never, uri, DIALECT);
    } catch {
      /* a remote of a dialect hyperjump lacks */
    }
  }
  let n = 0;
  peers.push({
    name: '@hyperjump/json-schema',
    prepare: async (schema, format) => {
      // hyperjump's switch is global; it is set per group so each run gets the mode it measures.
      hj.setShouldValidateFormat(format ? true : undefined);
      const uri = `https://compliance.invalid/schema-${n++}`;
      hj.registerSchema(schema as never, uri, DIALECT);
      // Compile once per group (the async API's validator form), then validate each test with it.
      const validator = await hj.validate(uri);
      // Its IDN format checkers print each rejection to stderr; the verdict is what is measured.
      return async (d) => {
        const error = console.error;
        console.error = () => undefined;
        try {
          return validator(d as never).valid;
        } finally {
          console.error = error;
        }
      };
    },
  });
} catch {
  console.log('@hyperjump/json-schema not installed: skipped');
}

const engines: Engine[] = [
  { name: 'raw Ajv 2020', prepare: ajvEngine(false) },
  { name: 'Ajv 2020 + ajv-formats', prepare: ajvEngine(true) },
  ...peers,
];

interface Tally {
  passed: number;
  refused: number;
  wrong: number;
  exceptions: number;
}
const runs: [string, string, boolean][] = [
  ['required', 'draft2020-12', false],
  ['optional', 'draft2020-12/optional', false],
  ['optional/format', 'draft2020-12/optional/format', true],
];
const table: Record<string, Record<string, Tally>> = {};
const tally = (who: string, run: string): Tally => {
  const byRun = table[who] ?? {};
  table[who] = byRun;
  const t = byRun[run] ?? { passed: 0, refused: 0, wrong: 0, exceptions: 0 };
  byRun[run] = t;
  return t;
};

for (const [run, dir, format] of runs) {
  const cases: SuiteCase[] = loadCases(dir);
  for (const c of cases) {
    const t = tally('toolgate', run);
    const o = runCase(c, format ? { formatAssertion: true } : {});
    if (o.kind === 'passed') t.passed++;
    else if (o.kind === 'refused') t.refused++;
    else {
      t.wrong++;
      if (process.env.DEBUG) console.log(c.file, c.group, c.test, o.detail);
    }
  }
  for (const e of engines) {
    const groups = new Map<string, SuiteCase[]>();
    for (const c of cases)
      groups.set(`${c.file}\u0000${c.group}`, [...(groups.get(`${c.file}\u0000${c.group}`) ?? []), c]);
    for (const group of groups.values()) {
      const t = tally(e.name, run);
      let check: ((d: unknown) => Promise<Verdict>) | undefined;
      try {
        remotes = clone(pristine);
        check = await e.prepare(clone(group[0]!.schema), format);
      } catch {
        t.exceptions += group.length;
        continue;
      }
      for (const c of group) {
        try {
          (await check(c.data)) === c.valid ? t.passed++ : t.wrong++;
        } catch {
          t.exceptions++;
        }
      }
    }
  }
}

console.log('| validator | run | passed | refused | wrong | exceptions |\n|---|---|---:|---:|---:|---:|');
for (const [who, r] of Object.entries(table))
  for (const [run, t] of Object.entries(r))
    console.log(`| ${who} | ${run} | ${t.passed} | ${t.refused} | ${t.wrong} | ${t.exceptions} |`);
