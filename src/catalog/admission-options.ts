import { PROVIDER_NAMES } from '../interop/providers.js';
import type { ProviderName } from '../interop/profile.js';
import { SCHEMA_OPTION_TABLE, type SchemaOptions } from '../schema/options.js';
import { REGISTRY_TABLE, TIMEOUT } from '../tools/registry-options.js';
import type { RegistryOptions } from '../tools/registry-options.js';
import { FUNCTION, OBJECT, oneOf, type OptionTable } from '../util/option-table.js';
import type { AsyncSchemaLoader } from './async-loader.js';
import type { Authority } from './authority.js';
import type { ProviderPolicy } from './provider-policy.js';

/*
 * The options of preflight and admitBatch, their types and their tables (admitMcpTools adds its own in mcp.ts).
 * Each table is its own options plus the tables of what it passes on (schema options, Registry options), so a
 * key any of them reads is known, every other refused, and what is passed on is picked by the receiver's table,
 * never stripped by hand. The types live here beside their tables so that no file of catalog/ imports another
 * that imports it back.
 */

/** Runs a backend that is not a function: the host's own dispatch (an RPC stub, a queue, an MCP client). */
export type Invoke = (backend: unknown, args: unknown, context: unknown) => unknown;

/** Options of preflight: the schema options of validateSchema plus the metadata rules. */
export type PreflightOptions = SchemaOptions & {
  /** Executes non-function backends; without it such a backend fails preflight. */
  readonly invoke?: Invoke;
};

/**
 * Options of admitBatch: the Registry's options (schema options included; `grants` comes from `authority`)
 * plus the admission policy.
 */
export type AdmissionOptions = Omit<RegistryOptions, 'schemaLoader' | 'grants'> & {
  /**
   * 'strict' (default): any problem fails the batch. 'quarantine': only `unsupported_capability` schemas are left out.
   */
  readonly mode?: 'strict' | 'quarantine';
  /**
   * Narrowed in the bundle (grants of rejected tools removed, every other field kept) and enforced: the
   * bundle's registry calls and publishes only granted tools.
   */
  readonly authority?: Authority;
  /** 'reject' (default): a grant for a tool not in the batch fails the batch; 'keep' passes it through. */
  readonly unknownGrants?: 'reject' | 'keep';
  /** May return a Promise; each URI is asked for at most once per batch. */
  readonly schemaLoader?: AsyncSchemaLoader;
  /**
   * Milliseconds admitBatch waits for one URI from `schemaLoader` (default DEFAULT_LOADER_TIMEOUT_MS,
   * 10,000; whole ms from 1 to 2^31-1, or Infinity for none). Past it the loader's `signal` aborts and
   * every tool that needs that URI is `execution_failure` naming it.
   */
  readonly loaderTimeoutMs?: number;
  /** Executes non-function backends. */
  readonly invoke?: Invoke;
  /**
   * Checks every accepted schema against this provider's profile (checkProvider); findings go to
   * `bundle.providerFindings`.
   */
  readonly provider?: ProviderName;
  /**
   * 'report' (default): findings are information only. 'quarantine': a schema with a `rejects` finding is
   * `unsupported_capability`, so `mode` decides as for any refused schema (strict fails, quarantine leaves it out).
   */
  readonly providerPolicy?: ProviderPolicy;
};

/** preflight: the schema options and `invoke`. */
export const PREFLIGHT_TABLE: OptionTable<PreflightOptions> = { ...SCHEMA_OPTION_TABLE, invoke: FUNCTION };

/** The Registry's options a bundle's registry takes; its grants come from `authority`, not from an option. */
const { grants: _grants, ...REGISTRY_WITHOUT_GRANTS } = REGISTRY_TABLE;

/** admitBatch's own options. */
const ADMISSION_OWN: OptionTable<Omit<AdmissionOptions, keyof RegistryOptions>> = {
  mode: oneOf('strict', 'quarantine'),
  authority: OBJECT,
  unknownGrants: oneOf('reject', 'keep'),
  loaderTimeoutMs: TIMEOUT,
  invoke: FUNCTION,
  provider: oneOf(...PROVIDER_NAMES),
  providerPolicy: oneOf('report', 'quarantine'),
};

/** admitBatch: schema options (its `schemaLoader` may be async), Registry options but `grants`, its own. */
export const ADMISSION_TABLE: OptionTable<AdmissionOptions> = {
  ...SCHEMA_OPTION_TABLE,
  ...REGISTRY_WITHOUT_GRANTS,
  ...ADMISSION_OWN,
};
