import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { validateSchema } from '../dist/index.js';

/** A compiled check: true when the arguments are valid. Throws only for an engine failure. */
export type Check = (args: unknown) => boolean;

/** One instance of a validator, created inside the timed part of a cold admission (as a host would). */
export interface Instance {
  compile(schema: unknown, index: number): Check | Promise<Check>;
}

/** A validator under test; `load` imports its modules (not timed), `start` makes an instance (timed). */
export interface Contender {
  readonly name: string;
  /** The npm package measured, for the printed versions. */
  readonly pkg: string;
  load(): Promise<() => Instance>;
}

const require = createRequire(import.meta.url);

/** Version of an installed package, read from `<dir>/node_modules/<pkg>/package.json` (the bench's own by default). */
export function versionOf(pkg: string, dir: string = fileURLToPath(new URL('.', import.meta.url))): string {
  try {
    return (
      (JSON.parse(readFileSync(`${dir}/node_modules/${pkg}/package.json`, 'utf8')) as { version?: string }).version ??
      'unknown'
    );
  } catch {
    return 'unknown';
  }
}

type AjvValidate = ((d: unknown) => boolean) & { errors?: unknown };
type Ajv2020Ctor = new (
  opts: Record<string, unknown>,
) => { compile(s: unknown): AjvValidate; errorsText(e?: unknown): string };

/** Options a host writing "raw Ajv" would use: formats as annotations (toolgate's default), quiet, lenient. */
export const RAW_AJV_OPTIONS = { strict: false, logger: false, validateFormats: false };
/** toolgate's own engine options (src/schema/engine/ajv-2020.ts), to separate the option cost from the gate's cost. */
export const TOOLGATE_AJV_OPTIONS = {
  strict: false,
  logger: false,
  validateFormats: false,
  allErrors: true,
  ownProperties: true,
  unicodeRegExp: true,
  validateSchema: false,
};

async function ajv2020(): Promise<Ajv2020Ctor> {
  const mod = (await import('ajv/dist/2020.js')) as unknown as { default: Ajv2020Ctor } | { Ajv2020: Ajv2020Ctor };
  return 'Ajv2020' in mod ? mod.Ajv2020 : mod.default;
}

export const toolgate: Contender = {
  name: 'toolgate validate',
  pkg: 'toolgate',
  load: async () => () => ({
    compile: (schema) => {
      const compiled = validateSchema(schema);
      if (!compiled.ok) throw new Error(`${compiled.error.class}: ${compiled.error.message}`);
      const c = compiled.value;
      return (args) => c.validate(args).ok;
    },
  }),
};

function rawAjv(name: string, options: Record<string, unknown>): Contender {
  return {
    name,
    pkg: 'ajv',
    load: async () => {
      const Ajv = await ajv2020();
      return () => {
        const ajv = new Ajv(options);
        return { compile: (schema) => ajv.compile(schema) as Check };
      };
    },
  };
}

/** The baseline: one shared Ajv2020 instance, the validator Ajv compiles for the schema. */
export const rawAjvDefault = rawAjv('raw Ajv 2020', RAW_AJV_OPTIONS);
/** Raw Ajv with toolgate's engine options (allErrors, ownProperties, unicodeRegExp). */
export const rawAjvSameOptions = rawAjv('raw Ajv 2020, toolgate options', TOOLGATE_AJV_OPTIONS);

export const mcpSdk: Contender = {
  name: 'MCP SDK AjvJsonSchemaValidator',
  pkg: '@modelcontextprotocol/sdk',
  load: async () => {
    const { AjvJsonSchemaValidator } = await import('@modelcontextprotocol/sdk/validation/ajv');
    return () => {
      const v = new AjvJsonSchemaValidator();
      return {
        compile: (schema) => {
          // The SDK's Ajv keeps Ajv's console logger (unknown formats print a warning): muted so the table stays
          // readable.
          const warn = console.warn;
          console.warn = () => undefined;
          try {
            const check = v.getValidator(schema as never);
            return (args) => check(args).valid;
          } finally {
            console.warn = warn;
          }
        },
      };
    };
  },
};

export const schemasafe: Contender = {
  name: '@exodus/schemasafe',
  pkg: '@exodus/schemasafe',
  load: async () => {
    const { validator } = require('@exodus/schemasafe') as {
      validator: (s: unknown, o?: Record<string, unknown>) => (d: unknown) => boolean;
    };
    return () => ({ compile: (schema) => validator(schema) });
  },
};

export const cfworker: Contender = {
  name: '@cfworker/json-schema',
  pkg: '@cfworker/json-schema',
  load: async () => {
    const { Validator } = await import('@cfworker/json-schema');
    return () => ({
      compile: (schema) => {
        const v = new Validator(schema as never, '2020-12');
        return (args) => v.validate(args).valid;
      },
    });
  },
};

let hyperjumpRun = 0;

export const hyperjump: Contender = {
  name: '@hyperjump/json-schema',
  pkg: '@hyperjump/json-schema',
  load: async () => {
    const hj = await import('@hyperjump/json-schema/draft-2020-12');
    return () => {
      // Hyperjump keeps one process-wide registry: a fresh URI space per instance.
      const space = `https://bench.invalid/${hyperjumpRun++}/`;
      return {
        compile: async (schema, index) => {
          const uri = `${space}${index}`;
          hj.registerSchema(schema as never, uri, 'https://json-schema.org/draft/2020-12/schema');
          const v = await hj.validate(uri);
          return (args) => v(args as never).valid;
        },
      };
    };
  },
};

/** Everything measured on workload 1 and 4 with peers, in table order. */
export const PEERS: readonly Contender[] = [toolgate, rawAjvDefault, mcpSdk, schemasafe, cfworker, hyperjump];

/** By name, for the admission child process. */
export const CONTENDERS: Readonly<Record<string, Contender>> = Object.fromEntries(
  [toolgate, rawAjvDefault, rawAjvSameOptions, mcpSdk, schemasafe, cfworker, hyperjump].map((c) => [c.name, c]),
);

export { ajv2020 };
