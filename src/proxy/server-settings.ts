// Each server of the aggregate runs on the proxy's own settings (every flag: mode, --bad-tools, grants, limits,
// the log) with its own upstream fields and its name as the namespace of what it publishes. Derived once per
// proxy and kept: admission is shared per settings object (src/proxy/admission-cache.ts), so every session's
// connection to one server shares one admission of one catalog. With `--lock` (a config lock), each server is
// held to its own entry, found by its name (a server the lock does not name has no pins: every tool it lists is
// new), through the same admission as the single proxy's `--lock`.
import { serverPins } from '../catalog/config-lock.js';
import type { ProxySettings } from './settings.js';

const derived = new WeakMap<ProxySettings, readonly ProxySettings[]>();

/** The settings of each server of `settings.servers`, in the config's order (none without it). */
export function serverSettingsOf(settings: ProxySettings): readonly ProxySettings[] {
  const known = derived.get(settings);
  if (known !== undefined) return known;
  const { servers, lock: _lock, configLock, ...base } = settings;
  const out = (servers ?? []).map(
    (s): ProxySettings => ({
      ...base,
      url: s.url,
      headers: s.headers,
      words: s.words,
      env: s.env,
      ...(s.cwd === undefined ? {} : { cwd: s.cwd }),
      display: s.display,
      // Every server's secrets are masked in every server's lines, as in all the proxy writes.
      secrets: settings.secrets,
      namespace: s.name,
      ...(configLock === undefined
        ? {}
        : { lock: { file: `${configLock.file} (server ${s.name})`, pins: serverPins(configLock.lock, s.name) } }),
    }),
  );
  derived.set(settings, out);
  return out;
}
