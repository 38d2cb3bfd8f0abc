// `toolgate proxy` (from source, through tsx) driven by raw JSON-RPC lines, for what the SDK's client cannot
// send: duplicate keys, numbers that parsing would round, lines that are not JSON, a hang-up mid-call.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

const ROOT = new URL('../..', import.meta.url).pathname;

/** One JSON-RPC message the proxy wrote. */
export interface RawReply {
  readonly id?: string | number | null;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: { content?: { text: string }[]; isError?: boolean; tools?: { name: string }[] };
  readonly error?: { code: number; message: string };
}

/** A running `toolgate proxy`. */
export class RawProxy {
  readonly child: ChildProcessWithoutNullStreams;
  readonly replies: RawReply[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: (() => void)[] = [];
  private pending = '';

  constructor(args: readonly string[]) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'proxy', ...args], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.pending += chunk.toString('utf8');
      for (let nl = this.pending.indexOf('\n'); nl >= 0; nl = this.pending.indexOf('\n')) {
        this.replies.push(JSON.parse(this.pending.slice(0, nl)) as RawReply);
        this.pending = this.pending.slice(nl + 1);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => this.child.on('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Writes one line (a message, or any text). */
  send(message: unknown): void {
    this.child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }

  /** The first reply that matches, waiting for it. */
  async until(match: (r: RawReply) => boolean): Promise<RawReply> {
    for (;;) {
      const found = this.replies.find(match);
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Sends a request and waits for its reply. */
  async request(id: string, method: string, params: unknown): Promise<RawReply> {
    this.send({ jsonrpc: '2.0', id, method, params });
    return this.until((r) => r.id === id);
  }

  /** Sends a tools/call whose params are given as raw JSON text. */
  async callText(id: string, paramsText: string): Promise<RawReply> {
    this.send(`{"jsonrpc":"2.0","id":"${id}","method":"tools/call","params":${paramsText}}`);
    return this.until((r) => r.id === id);
  }
}
