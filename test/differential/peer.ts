// The second validator of the differential test: @hyperjump/json-schema, the most compliant peer
// measured on the official suite (compliance/), with its 2020-12, 2019-09 and draft-07 dialects
// loaded (a schema's root `$schema` chooses; none means 2020-12). One change: its multipleOf compares a float64
// remainder within 1.2e-7 (so 1e-8 passes multipleOf 1), which §6.2.1 does not allow; it is replaced
// by an exact decimal oracle (decimal-multiple.ts). Nothing is fetched: every schema is registered
// under https://toolgate.test/ (the custom meta-schemas of meta-schemas.ts too), and a reference to
// anything else fails instead of reaching a network. Formats are asserted in every dialect, as toolgate
// asserts them with `formatAssertion` (compare.ts): its format checkers are loaded and switched on; the
// host name checkers print every rejection, so the console is silenced while it validates.
import * as hj from '@hyperjump/json-schema/draft-2020-12';
import '@hyperjump/json-schema/draft-2019-09';
import '@hyperjump/json-schema/draft-07';
import '@hyperjump/json-schema/formats';
import { addKeyword, getKeyword } from '@hyperjump/json-schema/experimental';
import * as Instance from '@hyperjump/json-schema/instance/experimental';
import { ROOT_URI } from './assemble.js';
import { isDecimalMultiple } from './decimal-multiple.js';
import { META_SCHEMAS } from './meta-schemas.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

globalThis.fetch = (async (input: unknown) => {
  throw new Error(`the differential peer never fetches (asked for ${String(input)})`);
}) as typeof fetch;

hj.setShouldValidateFormat(true);
for (const meta of Object.values(META_SCHEMAS)) hj.registerSchema(structuredClone(meta) as never);

const MULTIPLE_OF = 'https://json-schema.org/keyword/multipleOf';
const original = getKeyword<number>(MULTIPLE_OF);
addKeyword<number>({
  ...original,
  interpret: (divisor: number, instance: Instance.JsonNode) =>
    Instance.typeOf(instance) !== 'number' || isDecimalMultiple(Instance.value(instance) as number, divisor),
});

/** The peer's answer for one schema: a schema error, or per instance valid/invalid or what it threw. */
export type PeerOutcome =
  | { readonly kind: 'schema-error'; readonly message: string }
  | { readonly kind: 'verdicts'; readonly verdicts: readonly (boolean | { readonly threw: string })[] };

/** Runs `f` with console.log and console.error silenced (the peer's IDN checkers log what they reject). */
function quietly<T>(f: () => T): T {
  const { log, error } = console;
  console.log = () => undefined;
  console.error = () => undefined;
  try {
    return f();
  } finally {
    Object.assign(console, { log, error });
  }
}

const message = (e: unknown): string => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/**
 * Registers the schema, compiles it once, validates every instance, and unregisters it again, so the
 * registry never grows and the next schema can use the same URI. Calls must not overlap.
 */
export async function peerValidate(schema: unknown, instances: readonly unknown[]): Promise<PeerOutcome> {
  let validator: Awaited<ReturnType<typeof hj.validate>> & ((v: unknown) => { valid: boolean });
  try {
    hj.registerSchema(structuredClone(schema) as never, ROOT_URI, DIALECT);
  } catch (e) {
    return { kind: 'schema-error', message: message(e) };
  }
  try {
    try {
      validator = (await hj.validate(ROOT_URI)) as typeof validator;
    } catch (e) {
      return { kind: 'schema-error', message: message(e) };
    }
    const verdicts = quietly(() =>
      instances.map((instance) => {
        try {
          return validator(instance as never).valid;
        } catch (e) {
          return { threw: message(e) };
        }
      }),
    );
    return { kind: 'verdicts', verdicts };
  } finally {
    hj.unregisterSchema(ROOT_URI);
  }
}
