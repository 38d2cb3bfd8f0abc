// Vitest's global setup (vitest.config.ts): the run gets a temp folder of its own and a mark its processes inherit,
// and its end fails the run (exit status 1) on anything a test left behind: a file or folder in that temp folder,
// or a process still running. TMPDIR points every os.tmpdir() of the workers and their children into the run's
// folder, so another developer's files in the system temp folder are never counted, and the folder is removed
// whatever it holds. A nested run (a test starting vitest) checks only its own folder: the outer run, whose
// process group and workers it shares, checks the processes.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SKIP_CORPUS, TOOL_SCHEMAS_DIR } from '../fixtures/tool-corpus.js';
import { isAlive, killQuietly } from '../exec/alive.js';
import { commandLine, HAS_PROC, identify, leftoverProcesses, type RunIdentity } from './processes.js';

/** The environment variable that marks a run's processes; its value names the run's temp folder. */
export const RUN_MARK = 'TOOLGATE_TEST_RUN';
/** How long leftovers get to end (a server finishing its shutdown) before they count. */
const GRACE_MS = 5_000;

const PREFIX = 'toolgate-test-run-';

/** Removes the folders of runs that were killed before their end: their main process no longer runs. */
function removeStaleFolders(systemTemp: string): void {
  for (const name of readdirSync(systemTemp)) {
    const pid = Number(/^toolgate-test-run-(\d+)-/.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || pid <= 1 || isAlive(pid)) continue;
    try {
      rmSync(join(systemTemp, name), { recursive: true, force: true });
    } catch {
      // Another user's: theirs to remove.
    }
  }
}

let folder = '';
let before: string[] = [];
let run: RunIdentity | undefined;

/** Before the first test: the run's temp folder, mark and start. */
export function setup(): void {
  const outer = process.env[RUN_MARK] === undefined;
  const systemTemp = tmpdir();
  removeStaleFolders(systemTemp);
  folder = mkdtempSync(join(systemTemp, `${PREFIX}${process.pid}-`));
  // tsx keeps its compile cache in <tmp>/tsx-<uid>, and npm on Node 22 and later (npx) Node's module compile cache
  // in <tmp>/node-compile-cache: the run shares the system ones instead of filling its own.
  for (const cache of [`tsx-${process.geteuid?.() ?? 'user'}`, 'node-compile-cache']) {
    mkdirSync(join(systemTemp, cache), { recursive: true });
    symlinkSync(join(systemTemp, cache), join(folder, cache));
  }
  before = readdirSync(folder);
  process.env[RUN_MARK] = folder;
  process.env['TMPDIR'] = folder;
  if (outer && HAS_PROC) run = identify(`${RUN_MARK}=${folder}`);
  if (outer && SKIP_CORPUS)
    console.log(`SKIP: real tool schemas absent at ${TOOL_SCHEMAS_DIR}: tests that need them skip`);
}

const left = (): string[] => readdirSync(folder).filter((name) => !before.includes(name));

/** After the last test: fails the run on leftovers, which it removes. */
export async function teardown(): Promise<void> {
  const until = Date.now() + GRACE_MS;
  let pids = run === undefined ? [] : leftoverProcesses(run);
  while ((pids.length > 0 || left().length > 0) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    pids = run === undefined ? [] : leftoverProcesses(run);
  }
  const problems = [
    ...left().map((name) => `a temp file or folder: ${join(folder, name)}`),
    ...pids.map((pid) => `a process: ${pid} ${commandLine(pid)}`),
  ];
  for (const pid of pids) killQuietly(pid);
  rmSync(folder, { recursive: true, force: true });
  if (run === undefined && HAS_PROC === false) console.log('leftover check: no /proc here, processes not checked');
  if (problems.length === 0) return;
  console.error(`LEFTOVERS: the tests left behind (removed now; the run fails):\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
