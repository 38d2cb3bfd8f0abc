// The MCP SDK is an optional peer: `serve` loads it when it runs and says what to install when it is absent
// (`check`/`lock --mcp` no longer need it). The packed-package test (test/package/) runs them without the SDK.
import { describe, expect, it } from 'vitest';
import { loadMcpSdk, missingSdkMessage, type ModuleImporter } from '../../src/mcp/sdk.js';

/** An importer that fails the way Node does for a package that is not installed. */
const absent: ModuleImporter = (specifier) => {
  const error = new Error(`Cannot find package '@modelcontextprotocol/sdk' imported from /x/dist/cli/mcp-sdk.js`);
  Object.assign(error, { code: 'ERR_MODULE_NOT_FOUND' });
  return Promise.reject(Object.assign(error, { specifier }));
};

describe('loading the optional MCP SDK', () => {
  it('loads the installed SDK (a dev dependency here)', async () => {
    const loaded = await loadMcpSdk('toolgate serve');
    expect(loaded.ok).toBe(true);
    expect(loaded.ok && typeof loaded.sdk.server.Server).toBe('function');
  });

  it('an absent SDK is a message naming the command and the package to install', async () => {
    const loaded = await loadMcpSdk('toolgate serve', absent);
    expect(loaded).toEqual({ ok: false, message: missingSdkMessage('toolgate serve') });
    expect(missingSdkMessage('toolgate serve')).toBe(
      'toolgate serve needs the MCP SDK, an optional peer dependency of toolgate that is not installed: ' +
        'run "npm install @modelcontextprotocol/sdk" (version 1.29 or later) next to toolgate (with -g for a global ' +
        'toolgate)',
    );
  });

  it('a failure inside an installed SDK is reported as such, not as a missing package', async () => {
    const broken: ModuleImporter = () => Promise.reject(new SyntaxError('Unexpected token'));
    const loaded = await loadMcpSdk('toolgate serve', broken);
    expect(loaded).toEqual({ ok: false, message: 'toolgate serve: the MCP SDK failed to load: Unexpected token' });
  });

  it('a missing module other than the SDK (a broken install) is not reported as a missing SDK', async () => {
    const other: ModuleImporter = () =>
      Promise.reject(Object.assign(new Error("Cannot find package 'zod'"), { code: 'ERR_MODULE_NOT_FOUND' }));
    const loaded = await loadMcpSdk('toolgate serve', other);
    expect(loaded.ok === false && loaded.message).toBe(
      "toolgate serve: the MCP SDK failed to load: Cannot find package 'zod'",
    );
  });
});
