// A process spoken to in newline JSON-RPC, for the stdio benchmarks (bench/proxy.ts, bench/proxy-relay.ts): each
// request resolves with its wall time, from writing it to reading its reply's line. The client writes raw lines,
// so its own cost is the same on every path measured and small.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

/** A node process (`args` after the node binary) spoken to in JSON-RPC lines. */
export class LinePeer {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (at: number) => void>();
  private buffer = '';
  private next = 1;

  constructor(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
    this.child = spawn(process.execPath, [...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr.resume();
    this.child.stdout.on('data', (chunk: Buffer) => {
      const at = performance.now();
      this.buffer += chunk.toString('utf8');
      for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n')) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        const id = (JSON.parse(line) as { id?: unknown }).id;
        const done = typeof id === 'number' ? this.waiting.get(id) : undefined;
        if (done !== undefined) {
          this.waiting.delete(id as number);
          done(at);
        }
      }
    });
  }

  /** Milliseconds from writing the request to reading its reply. */
  async request(method: string, params: unknown): Promise<number> {
    const id = this.next++;
    const start = performance.now();
    const replied = new Promise<number>((resolve) => this.waiting.set(id, resolve));
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return (await replied) - start;
  }

  async initialize(): Promise<void> {
    await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'b' } });
    this.child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  }

  /** The process id (to signal it). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Ends its input and waits for it to exit (killed after 2 s). */
  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.stdin.end();
      setTimeout(() => this.child.kill('SIGKILL'), 2000).unref();
    });
  }
}
