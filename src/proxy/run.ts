// One proxy run on checked settings: the client side over HTTP (`listen`) or this process's stdio. startProxy
// (start.ts) and the CLI's `proxy` command both run it, so both start, serve and stop the same way.
import type { ProxyExit } from './exit.js';
import { serveHttp } from './http.js';
import type { ProxyIO } from './io.js';
import type { ProxySettings } from './settings.js';
import { serveStdio } from './stdio.js';

/** Runs the proxy on checked settings until `told` settles or it ends by itself; the CLI's entry too. */
export function runProxy(settings: ProxySettings, io: ProxyIO, told: Promise<void>): Promise<ProxyExit> {
  return settings.listen !== undefined ? serveHttp(settings, io, told) : serveStdio(settings, io, told);
}
