// What the proxy writes to and how a run of it ends. The CLI's streams satisfy ProxyIO as they are; startProxy
// (start.ts) gives its caller's `onLog` and learns through `ready` that the proxy serves.
import type { Published } from './published.js';

/** What the proxy tells once it serves: where, and the tools it publishes. */
export interface ProxyReady {
  /** `http://host:port/mcp` with `listen`; undefined on stdio. */
  readonly url: string | undefined;
  readonly published: Published;
}

/** Where the proxy's own lines go (never stdout: on stdio that is the client's JSON-RPC stream). */
export interface ProxyIO {
  readonly err: (text: string) => void;
  /** Called once, when the upstream is admitted and the client side is open. */
  readonly ready?: (info: ProxyReady) => void;
  /** The client's streams without `listen` (default: this process's stdin and stdout). */
  readonly input?: NodeJS.ReadableStream;
  readonly output?: NodeJS.WritableStream;
}
