// The stdio transport `check --mcp` and `lock --mcp` list a server's tools over, in place of the MCP SDK's
// StdioClientTransport. That one started the server in toolgate's own process group and reported its end only on
// 'close', once every holder of its pipes had gone: a helper its launcher started (`sh -c 'sleep 1000 & exec
// server'`) kept check waiting the whole --timeout for a server that had exited at start, named the wrong cause,
// and was left running, re-parented to init (a hunt's find). Here the server leads a process group of its own (as
// the proxy starts one, src/exec/process-group.ts), its exit ends the connection, saying so, and closing stops the
// group and the descendants that left it (src/exec/escape-watch.ts).
import type { ChildProcess } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type EscapeWatch, watchEscapes } from '../exec/escape-watch.js';
import { createLineReader } from '../exec/line-reader.js';
import { spawnGroup, stopGroup } from '../exec/process-group.js';
import type { MessageSchema } from '../mcp/stdio-line-transport.js';
import { startupReply } from '../mcp/startup-replies.js';
import { inWireOrder, responseMessage } from '../mcp/wire-order.js';

/** Longest line read: the bound of the SDK's stdio client (its STDIO_DEFAULT_MAX_BUFFER_SIZE), which check had. */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

/** How long, once the server has exited, its output may go quiet before the rest is taken as never coming. */
const EXIT_DRAIN_MS = 100;

/**
 * How long a server whose input was closed after its listing may take to exit before its group is stopped (MCP
 * "Lifecycle", stdio shutdown: close its input, wait for it to exit, then SIGTERM); the SDK's client waited as long.
 */
const EXIT_WAIT_MS = 2000;

/** The server to start, and where its output goes besides the transport. */
export interface ListedServer {
  readonly program: string;
  readonly args: readonly string[];
  /** Its whole environment. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Each chunk of its stdout, before the transport reads it. */
  readonly stdout: (chunk: Buffer) => void;
  readonly stderr: (chunk: Buffer) => void;
}

/** A Transport over a server started in its own process group. */
export class ListingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Why the connection ended on the server's side (`the server exited (status 3)`); undefined while it did not. */
  ended: string | undefined;
  private child: ChildProcess | undefined;
  private escapes: EscapeWatch | undefined;
  private closed = false;
  private stopping: Promise<void> | undefined;
  /** Ends the wait for the server's own exit at once. */
  private hurry: () => void = () => undefined;

  constructor(
    private readonly server: ListedServer,
    private readonly schema: MessageSchema,
  ) {}

  /** The server's pid once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const { program, args, env, cwd } = this.server;
      let child: ChildProcess;
      try {
        child = spawnGroup(program, args, {
          env,
          stdio: ['pipe', 'pipe', 'pipe'],
          ...(cwd === undefined ? {} : { cwd }),
        });
      } catch (thrown) {
        reject(thrown);
        return;
      }
      this.child = child;
      if (child.pid !== undefined) this.escapes = watchEscapes(child.pid);
      child.once('spawn', () => resolve());
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      const reader = createLineReader(MAX_LINE_BYTES, {
        line: (text) => this.receive(text),
        oversized: () => this.end(`the server wrote a line over ${MAX_LINE_BYTES >> 20} MiB, the most one is read`),
      });
      child.stdout?.on('data', (chunk: Buffer) => {
        this.server.stdout(chunk);
        reader.push(chunk);
      });
      child.stderr?.on('data', this.server.stderr);
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.on('error', (e) => this.onerror?.(e));
      child.once('exit', (code, signal) => this.exited(child, `the server exited (${signal ?? `status ${code}`})`));
    });
  }

  /**
   * After the server's exit: what it wrote before is read to the end of its pipes, or until they go quiet for
   * EXIT_DRAIN_MS (a process it left may hold them open for good), then the connection ends.
   */
  private exited(child: ChildProcess, why: string): void {
    const timer = setTimeout(() => this.end(why), EXIT_DRAIN_MS);
    const quiet = (): void => void timer.refresh();
    child.stdout?.on('data', quiet);
    child.stderr?.on('data', quiet);
    child.once('close', () => {
      clearTimeout(timer);
      this.end(why);
    });
  }

  private receive(text: string): void {
    // As the SDK's reader: a line that is not a JSON-RPC message is reported and dropped.
    try {
      const parsed = this.schema.safeParse(JSON.parse(text));
      if (!parsed.success) throw new Error('the server wrote a line that is not a JSON-RPC message');
      const { id, method } = parsed.data as { id?: unknown; method?: unknown };
      // A server's own request is answered as the proxy answers it while it lists (src/mcp/startup-replies.ts),
      // not by the SDK's client, whose answers a server could tell from the proxy's.
      if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number'))
        return void this.write(responseMessage(id, startupReply(method)));
      this.onmessage?.(parsed.data);
    } catch (thrown) {
      this.onerror?.(thrown instanceof Error ? thrown : new Error(String(thrown)));
    }
  }

  /** Ends the connection once (the client's requests fail); `why` is kept when the server's side ended it. */
  private end(why?: string): void {
    if (this.closed) return;
    this.closed = true;
    if (why !== undefined) this.ended = why;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (this.closed || stdin === undefined || stdin === null) return Promise.reject(new Error('Not connected'));
    // Written as the proxy writes its messages (src/mcp/wire-order.ts): the server is not told it is being listed.
    return this.write(inWireOrder(message));
  }

  /** Writes one message to the server's input as a line; settles once it is taken (or at once, closed). */
  private write(message: object): Promise<void> {
    const stdin = this.child?.stdin;
    if (this.closed || stdin === undefined || stdin === null) return Promise.resolve();
    return new Promise((resolve) => {
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Closes its input, gives it EXIT_WAIT_MS to exit, then stops its group and what left it; once. */
  async close(): Promise<void> {
    this.stopping ??= this.stopServer(EXIT_WAIT_MS);
    await this.stopping;
    this.end();
  }

  /**
   * Stops the server's group and what left it now (a failed listing: nothing more is wanted of it), a close begun
   * before included (the SDK's client closes on its own when `initialize` fails); once.
   */
  async stopNow(): Promise<void> {
    this.stopping ??= this.stopServer(0);
    this.hurry();
    await this.stopping;
  }

  private async stopServer(waitMs: number): Promise<void> {
    const child = this.child;
    if (child?.pid === undefined) return;
    // Seen while the server still runs: once it exits, its descendants' trail by parent pid is gone.
    this.escapes?.look();
    child.stdin?.end();
    if (waitMs > 0 && child.exitCode === null && child.signalCode === null) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
        child.once('exit', () => resolve());
        this.hurry = resolve;
      });
      clearTimeout(timer);
    }
    await Promise.all([stopGroup(child.pid), this.escapes?.stop()]);
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
  }
}
