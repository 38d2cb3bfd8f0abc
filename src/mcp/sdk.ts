// The official MCP SDK is an optional peer dependency: only `serve` needs it (check and lock list servers through
// the proxy's own code: src/proxy/stdio-lister.ts, http-lister.ts), so it is loaded when serve runs, and a missing
// SDK is a usage error that says what to install, not a crash at start-up.
import type * as ServerModule from '@modelcontextprotocol/sdk/server/index.js';
import type * as TypesModule from '@modelcontextprotocol/sdk/types.js';
import { thrownMessage } from '../result.js';

/** The SDK modules the CLI uses. */
export interface McpSdk {
  readonly server: typeof ServerModule;
  readonly types: typeof TypesModule;
}

/** Loads one module specifier; replaceable in tests to stand for an SDK that is not installed. */
export type ModuleImporter = (specifier: string) => Promise<unknown>;

const PACKAGE = '@modelcontextprotocol/sdk';

/** Whether `thrown` says the SDK package itself could not be found (not a failure inside it). */
function isMissingSdk(thrown: unknown): boolean {
  const code = thrown !== null && typeof thrown === 'object' ? (thrown as { code?: unknown }).code : undefined;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && thrownMessage(thrown).includes(PACKAGE);
}

/** The message for a missing SDK, naming the command that needs it. */
export function missingSdkMessage(feature: string): string {
  return (
    `${feature} needs the MCP SDK, an optional peer dependency of toolgate that is not installed: ` +
    `run "npm install ${PACKAGE}" (version 1.29 or later) next to toolgate (with -g for a global toolgate)`
  );
}

/** Loads the SDK for `feature` (e.g. "serving tools over MCP"); a message when it is absent or fails to load. */
export async function loadMcpSdk(
  feature: string,
  importer: ModuleImporter = (specifier) => import(specifier),
): Promise<{ ok: true; sdk: McpSdk } | { ok: false; message: string }> {
  try {
    const [server, types] = await Promise.all([
      importer(`${PACKAGE}/server/index.js`),
      importer(`${PACKAGE}/types.js`),
    ]);
    return { ok: true, sdk: { server, types } as McpSdk };
  } catch (thrown) {
    if (isMissingSdk(thrown)) return { ok: false, message: missingSdkMessage(feature) };
    return { ok: false, message: `${feature}: the MCP SDK failed to load: ${thrownMessage(thrown)}` };
  }
}
