// Each server of the aggregate runs on the proxy's own settings (every flag: mode, --bad-tools, grants, limits,
// the log) with its own upstream fields and its name as the namespace of what it publishes. Derived once per
// proxy and kept: admission is shared per settings object (src/proxy/admission-cache.ts), so every session's
// connection to one server shares one admission of one catalog. A server's lock pins (`--lock` with `--config`)
// would be set here, by its name.
import type { ProxySettings } from './settings.js';

const derived = new WeakMap<ProxySettings, readonly ProxySettings[]>();

/** The settings of each server of `settings.servers`, in the config's order (none without it). */
export function serverSettingsOf(settings: ProxySettings): readonly ProxySettings[] {
  const known = derived.get(settings);
  if (known !== undefined) return known;
  const { servers, lock: _lock, ...base } = settings;
  const out = (servers ?? []).map(
    (s): ProxySettings => ({
      ...base,
      url: s.url,
      headers: s.headers,
      words: s.words,
      env: s.env,
      display: s.display,
      // Every server's secrets are masked in every server's lines, as in all the proxy writes.
      secrets: settings.secrets,
      namespace: s.name,
    }),
  );
  derived.set(settings, out);
  return out;
}
