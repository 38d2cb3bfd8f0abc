// The types docs/api.md names in signatures (`Result<ProxySettings>`, `ToolsFor<format>`, `closed: Promise<ProxyExit>`,
// what `toMessage` returns) can be imported from the entry point that exports the function naming them: a hunt found
// none of the four exported. Checked by `tsc --noEmit`: an import of a name an entry point lacks does not compile.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Registry, type Result, type ToolMessage, type ToolResult, type ToolsFor } from '../../src/index.js';
import {
  type ProxyExit,
  type ProxyHandle,
  type ProxySettings,
  PROXY_DEFAULTS,
  readProxyOptions,
} from '../../src/proxy/index.js';

describe('types the docs name are exported where the docs name them', () => {
  it('toolgate: ToolsFor<format> (Registry.toolsFor) and ToolMessage (ToolResult.toMessage)', () => {
    const registry = new Registry();
    expectTypeOf(registry.toolsFor('anthropic')).toEqualTypeOf<ToolsFor<'anthropic'>>();
    expectTypeOf(registry.toolsFor('mcp')).toEqualTypeOf<ToolsFor<'mcp'>>();
    // The last overload, the one a format held in a variable gets.
    expectTypeOf<ReturnType<ToolResult['toMessage']>>().toEqualTypeOf<ToolMessage>();
    expect(registry.toolsFor('openai')).toEqual([]);
  });

  it('toolgate/proxy: ProxySettings (readProxyOptions) and ProxyExit (ProxyHandle.closed)', () => {
    expectTypeOf(readProxyOptions).returns.toEqualTypeOf<Result<ProxySettings>>();
    expectTypeOf<ProxyHandle['closed']>().toEqualTypeOf<Promise<ProxyExit>>();
    const read = readProxyOptions({ upstream: { command: 'server' } });
    expect(read.ok && read.value.timeoutMs).toBe(PROXY_DEFAULTS.timeoutSeconds * 1000);
  });
});
