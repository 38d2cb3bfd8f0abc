// The proxy as a library: startProxy reads typed options (options.ts), starts and admits the upstream, opens the
// client side (HTTP with `listen`, else this process's stdio) and resolves to a handle, or to the error value
// that stopped it; nothing is thrown. The CLI's `proxy` command runs the same runProxy on the settings it reads
// from flags (run.ts), so both paths start, serve and stop the same way.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Failure, fail, failExecution, type GateError, ok, type Result } from '../result.js';
import { dropRejection } from '../util/host-hook.js';
import { terminalText } from '../util/describe-value.js';
import { openHttpFront } from './http.js';
import type { ProxyExit } from './exit.js';
import type { ProxyIO, ProxyReady } from './io.js';
import { runProxy } from './run.js';
import { listenOf } from './listen-options.js';
import { readProxyOptions, type ProxyOptions } from './options.js';

/** A running proxy. */
export interface ProxyHandle {
  /** `http://host:port/mcp` with `listen` (port 0 resolved); undefined when serving on stdio. */
  readonly url: string | undefined;
  /** The tools published to clients, in the upstream's order. */
  readonly tools: readonly string[];
  /** The admission report: one line per tool withheld (its name and why), never shown to clients. */
  readonly withheld: readonly string[];
  /** Ends every session and every server it started; resolves when they are gone. */
  close(): Promise<void>;
  /** Settles when the proxy has stopped: 0 after close() or the stdio client hanging up, 1 when a server died. */
  readonly closed: Promise<ProxyExit>;
}

/**
 * Starts a proxy: resolves once the upstream is initialized and admitted and clients can connect. A misspelt or
 * wrong option is a `validation` error; a strict-mode admission failure is `validation`; a server that cannot be
 * started or does not answer, or an address that cannot be bound, is `execution_failure` (kind `upstream`). The
 * message carries the proxy's start-up lines, secrets masked.
 */
export async function startProxy(options: ProxyOptions): Promise<Result<ProxyHandle>> {
  const read = readProxyOptions(options);
  if (!read.ok) return read;
  // Validated by the option table as an own data property holding a function: reading it runs no caller code.
  const onLog = (options as { onLog?: (line: string) => void }).onLog;
  let stop: () => void = () => undefined;
  const told = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const lines: string[] = [];
  return new Promise((resolve) => {
    let handle: ProxyHandle | undefined;
    const io: ProxyIO = {
      err: (text) => {
        // The host's logger may write to a terminal: no escape of a server's acts (terminalText).
        const line = terminalText(text.replace(/\n$/, ''));
        if (handle === undefined) lines.push(line);
        try {
          // An async logger fails by rejecting: dropped as a throw is, never an unhandled rejection.
          dropRejection(onLog?.(line));
        } catch {
          // The host's logger threw: the proxy keeps serving; its own lines are not worth a crash.
        }
      },
      ready: (info: ProxyReady) => {
        handle = handleOf(info, closed, stop);
        resolve(ok(handle));
      },
    };
    const closed: Promise<ProxyExit> = runProxy(read.value, io, told).then(
      (code) => {
        if (handle === undefined) resolve(startFailure(code, lines));
        return code;
      },
      () => {
        if (handle === undefined) resolve(failExecution('internal', 'the proxy failed to start'));
        return 1 as const;
      },
    );
  });
}

function handleOf(info: ProxyReady, closed: Promise<ProxyExit>, stop: () => void): ProxyHandle {
  return {
    url: info.url,
    tools: [...info.published.tools.keys()],
    withheld: info.published.withheld.map((w) => `${w.name}: ${w.reason}`),
    close: async () => {
      stop();
      await closed;
    },
    closed,
  };
}

/** Why start-up ended: exit 1 is an admission that failed (strict mode, a broken tool), 2 a server or address. */
function startFailure(code: ProxyExit, lines: readonly string[]): Failure<GateError> {
  const message = lines.map((l) => l.replace(/^toolgate proxy: /, '')).join('\n') || 'the proxy did not start';
  return code === 1 ? fail('validation', message) : failExecution('upstream', message);
}

/**
 * A request of node:http (its `IncomingMessage`, as Express and Hono on Node pass it), named by a few of its
 * members so that the package's types need no `@types/node`; the handler reads it as the whole object.
 */
export interface NodeRequest {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** A response of node:http (its `ServerResponse`), named by shape as NodeRequest is. */
export interface NodeResponse {
  readonly headersSent: boolean;
}

/** The proxy as a request handler for a host's own server (node:http, Express, Hono on Node). */
export interface ProxyRequestHandler {
  /**
   * Serves one request at whatever path the host routes to it; a third argument (Express's `next`) is ignored.
   * Mount it before any body parser: the arguments are validated as the text that arrived.
   */
  readonly node: (req: NodeRequest, res: NodeResponse, next?: unknown) => void;
  /** The tools published to clients, in the upstream's order. */
  readonly tools: readonly string[];
  /** The admission report: one line per tool withheld (its name and why). */
  readonly withheld: readonly string[];
  /** Ends every session and every server it started; the host closes its own server. */
  close(): Promise<void>;
}

/**
 * The proxy without a server of its own: resolves, once the upstream is started and admitted, to a handler a
 * host mounts at a path of its own. `listen` (its `port` and `maxConnections` unused: the host's server holds the
 * connections) sets the same request checks and session bounds as for startProxy: give `host` as the host's server
 * binds it, so the Host check knows what to expect. Errors as for startProxy; nothing is thrown.
 */
export async function createProxyHandler(options: ProxyOptions): Promise<Result<ProxyRequestHandler>> {
  const read = readProxyOptions(options);
  if (!read.ok) return read;
  // Without `listen`, its defaults (loopback, no token), read through the table: the caller's object is never
  // spread, so none of its getters runs.
  const listen = read.value.listen === undefined ? listenOf({ port: 0 }) : ok(read.value.listen);
  if (!listen.ok || listen.value === undefined) return fail('validation', 'createProxyHandler: listen cannot be read');
  const settings = { ...read.value, listen: listen.value };
  const onLog = (options as { onLog?: (line: string) => void }).onLog;
  let stop: () => void = () => undefined;
  const told = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const lines: string[] = [];
  let serving = false;
  const io: ProxyIO = {
    err: (text) => {
      // The host's logger may write to a terminal: no escape of a server's acts (terminalText).
      const line = terminalText(text.replace(/\n$/, ''));
      if (!serving) lines.push(line);
      try {
        // An async logger fails by rejecting: dropped as a throw is, never an unhandled rejection.
        dropRejection(onLog?.(line));
      } catch {
        // The host's logger threw: the proxy keeps serving.
      }
    },
  };
  let front: Awaited<ReturnType<typeof openHttpFront>>;
  try {
    front = await openHttpFront(settings, io, told, undefined);
  } catch {
    return failExecution('internal', 'the proxy failed to start');
  }
  if ('code' in front) return startFailure(front.code, lines);
  serving = true;
  const opened = front;
  return ok({
    // Host code hands its own server's objects (threat model: the host's objects are host code).
    node: (req, res) => opened.handle(req as IncomingMessage, res as ServerResponse),
    tools: [...opened.published.tools.keys()],
    withheld: opened.published.withheld.map((w) => `${w.name}: ${w.reason}`),
    close: async () => {
      stop();
      await opened.stop();
    },
  });
}
