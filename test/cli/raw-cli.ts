// `toolgate serve` or `toolgate proxy` (from source, through tsx) driven by raw JSON-RPC lines on its stdin, for
// what the SDK's client hides or cannot send: any bytes (duplicate keys, numbers parsing would round, lines that
// are not JSON), a hang-up mid-call, signals, many calls at once.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

const ROOT = new URL('../..', import.meta.url).pathname;

/** One JSON-RPC message the command wrote. */
export interface RawReply {
  readonly id?: string | number | null;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
  readonly result?: { content?: { text: string }[]; isError?: boolean; tools?: { name: string }[] };
  readonly error?: { code: number; message: string };
}

/** A running `toolgate serve` or `toolgate proxy`. */
export class RawCli {
  readonly child: ChildProcessWithoutNullStreams;
  readonly replies: RawReply[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: (() => void)[] = [];
  private pending = '';
  private gone = false;

  constructor(command: 'serve' | 'proxy', args: readonly string[], env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', command, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
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
    // 'close' comes after the output was read to its end: nothing more can arrive.
    this.child.on('close', () => {
      this.gone = true;
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Writes one line (a message, or any text). */
  send(message: unknown): void {
    this.child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  }

  /** Initializes the session, announcing the client's `capabilities` (`{ sampling: {} }` to be asked). */
  async initialize(capabilities: Record<string, unknown> = {}): Promise<void> {
    await this.request('init', 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities,
      clientInfo: { name: 'raw', version: '0' },
    });
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** Sends a tools/call with `id`. */
  call(id: string | number, name: string, args: Record<string, unknown>): void {
    this.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  }

  /** Waits for the first reply that `match` accepts. */
  async until(match: (r: RawReply) => boolean): Promise<RawReply> {
    for (;;) {
      const found = this.replies.find(match);
      if (found !== undefined) return found;
      // A command that ended will write nothing more: fail now rather than at the test's timeout.
      if (this.gone) throw new Error(`the command exited before the reply came (${this.replies.length} replies)`);
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

  /** The text of the tools/call reply with `id`. */
  async textOf(id: string | number): Promise<string> {
    const r = await this.until((x) => x.id === id);
    return (r.result?.content ?? []).map((c) => c.text).join('');
  }

  /** Ends the command for good (clean-up). */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
