// `toolgate serve` (from source, through tsx) driven by raw JSON-RPC lines on its stdin, for tests that need what
// the SDK's client hides: writing any bytes, hanging up mid-call, signalling the server, many calls at once.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

const ROOT = new URL('../..', import.meta.url).pathname;

/** One JSON-RPC message the server wrote. */
export interface Reply {
  readonly id?: string | number | null;
  readonly result?: { content: { text: string }[]; isError?: boolean; tools?: unknown[] };
  readonly error?: { code: number; message: string };
}

/** A running `toolgate serve`. */
export class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly replies: Reply[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: (() => void)[] = [];
  private pending = '';
  private gone = false;

  constructor(args: readonly string[], env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.pending += chunk.toString('utf8');
      for (let nl = this.pending.indexOf('\n'); nl >= 0; nl = this.pending.indexOf('\n')) {
        this.replies.push(JSON.parse(this.pending.slice(0, nl)) as Reply);
        this.pending = this.pending.slice(nl + 1);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => {
        this.gone = true;
        resolve({ code, signal });
        for (const w of this.waiters.splice(0)) w();
      }),
    );
  }

  /** Writes one line (a message, or any text). */
  send(message: unknown): void {
    this.child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }

  /** Initializes the session. */
  async initialize(): Promise<void> {
    this.send({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    await this.until((r) => r.id === 'init');
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** Sends a tools/call with `id`. */
  call(id: string | number, name: string, args: Record<string, unknown>): void {
    this.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  }

  /** Waits for the first reply that `match` accepts. */
  async until(match: (r: Reply) => boolean): Promise<Reply> {
    for (;;) {
      const found = this.replies.find(match);
      if (found !== undefined) return found;
      // A server that ended will write nothing more: fail now rather than at the test's timeout.
      if (this.gone) throw new Error(`the server exited before the reply came (${this.replies.length} replies)`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The text of the tools/call reply with `id`. */
  async textOf(id: string | number): Promise<string> {
    const r = await this.until((x) => x.id === id);
    return (r.result?.content ?? []).map((c) => c.text).join('');
  }

  /** Ends the server for good (clean-up). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
