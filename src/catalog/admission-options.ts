import { PROVIDER_NAMES } from '../interop/profile.js';
import { SCHEMA_OPTION_TABLE } from '../schema/options.js';
import { REGISTRY_TABLE, TIMEOUT } from '../tools/registry-options.js';
import type { RegistryOptions } from '../tools/registry.js';
import { FUNCTION, OBJECT, oneOf, type OptionTable } from '../util/option-table.js';
import type { AdmissionOptions } from './admission.js';
import type { McpAdmissionOptions } from './mcp.js';
import type { PreflightOptions } from './preflight.js';

/*
 * The option tables of preflight, admitBatch and admitMcpTools. Each is its own options plus the tables of
 * what it passes on (schema options, Registry options), so a key any of them reads is known, every other
 * refused, and what is passed on is picked by the receiver's table, never stripped by hand.
 */

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

/** admitMcpTools: admitBatch's options, the backend maker and the revision per tool. */
export const MCP_ADMISSION_TABLE: OptionTable<McpAdmissionOptions> = {
  ...ADMISSION_TABLE,
  backend: FUNCTION,
  revision: FUNCTION,
};
