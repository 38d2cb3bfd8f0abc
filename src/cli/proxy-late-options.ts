// `toolgate proxy`'s own options written after the server's command. Every word from the command on is the
// server's, by design (a server has options of its own), so `toolgate proxy npx server --deny 'delete_*'` handed
// `--deny` to the server and published delete_* tools with nothing said: a newcomer's find. Now each such word
// that is one of proxy's options of what is published or how (a grant, a lock, the mode) is said on stderr. Not an
// error: a server may have an option of that name. After `--` the words were marked as the server's: none is said.
import { commandStart } from './command-start.js';
import { PROXY } from './commands.js';

/** Proxy's options that decide what is published or allowed: one that reaches the server instead is unsafe. */
const GUARDING = new Set([
  'allow',
  'deny',
  'deny-method',
  'grants',
  'lock',
  'withhold-unconstrained',
  'mode',
  'bad-tools',
  'env',
]);

/** The lines (without the `toolgate proxy: ` prefix) for proxy options among the server's words in `argv`. */
export function lateOptionLines(argv: readonly string[]): string[] {
  const start = commandStart(argv, PROXY.options);
  if (start.dashes) return [];
  const own = new Set(PROXY.options.map((o) => o.name).filter((name) => GUARDING.has(name)));
  const said = new Set<string>();
  const lines: string[] = [];
  // The program itself (the first word) is not an option of the server's.
  for (const word of argv.slice(start.at + 1)) {
    if (!word.startsWith('--')) continue;
    // `--deny=x` as well as `--deny x`; the value is never shown (`--env=TOKEN=...` holds a secret).
    const name = word.slice(2).split('=')[0] as string;
    if (!own.has(name) || said.has(name)) continue;
    said.add(name);
    lines.push(`"--${name}" after the server's command went to the server; toolgate's options go before it`);
  }
  return lines;
}
