// `toolgate proxy --listen` run in the test's own process (serveHttp from source), for tests that watch its
// objects (memory, admissions) rather than its output: its URL, a raw POST, and how to stop it.
import { proxySettings } from '../../src/cli/proxy-options.js';
import { serveHttp } from '../../src/proxy/http.js';
import type { ProxyIO } from '../../src/proxy/io.js';
import { eventually, POST_HEADERS } from '../cli/http-fixture.js';

/** A proxy serving in this process. */
export interface InProcessProxy {
  readonly url: string;
  /** POSTs one JSON-RPC message in `session`; the response text. */
  post(session: string, body: object): Promise<string>;
  /** Tells it to stop (as SIGTERM does); its exit status. */
  stop(): Promise<number>;
}

/** Starts serveHttp with `args` (which include --listen) and waits until it listens. */
export async function startInProcess(args: readonly string[]): Promise<InProcessProxy> {
  const read = proxySettings(args);
  if (!read.ok) throw new Error(read.error.message);
  let stderr = '';
  const io: ProxyIO = {
    err: (t) => {
      stderr += t;
    },
  };
  let tell: () => void = () => undefined;
  const told = new Promise<void>((resolve) => {
    tell = resolve;
  });
  const served = serveHttp(read.value, io, told);
  if (!(await eventually(() => /listening on (\S+)/.test(stderr), 15_000)))
    throw new Error(`not listening:\n${stderr}`);
  const url = (/listening on (\S+)/.exec(stderr) as RegExpExecArray)[1] as string;
  return {
    url,
    post: async (session, body) => {
      const r = await fetch(url, {
        method: 'POST',
        headers: { ...POST_HEADERS, 'mcp-session-id': session },
        body: JSON.stringify({ jsonrpc: '2.0', ...body }),
      });
      return r.text();
    },
    stop: async () => {
      tell();
      return served;
    },
  };
}
