// The one table of the CLI: each command, its usage forms and its options with their descriptions. The parser
// (args.ts), every help text (help.ts) and the tests read this table, so an option cannot exist without a
// description or be described without existing. Each command's entry is in its own file (check-spec.ts and so
// on); this one lists them in the order help prints them. Nothing here loads a command's implementation.
import { CHECK } from './check-spec.js';
import type { CliCommand } from './command-spec.js';
import { LOCK } from './lock-spec.js';
import { PROXY } from './proxy-spec.js';
import { SERVE } from './serve-spec.js';
import { VALIDATE } from './validate-spec.js';
import { WRAP } from './wrap-spec.js';

export { CHECK } from './check-spec.js';
export { CLI_DEFAULTS, type CliCommand, type OptionSpec } from './command-spec.js';
export { LOCK } from './lock-spec.js';
export { PROXY } from './proxy-spec.js';
export { SERVE } from './serve-spec.js';
export { VALIDATE } from './validate-spec.js';
export { WRAP } from './wrap-spec.js';

/** Every command, in the order `toolgate help` prints them. */
export const COMMANDS: readonly CliCommand[] = [CHECK, LOCK, VALIDATE, SERVE, PROXY, WRAP];
