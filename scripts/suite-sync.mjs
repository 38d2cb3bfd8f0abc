// Moves the vendored official JSON Schema Test Suite (vendor/json-schema-test-suite, committed) to a commit:
//
//   npm run suite:sync -- <source> [--commit <sha>]
//
// <source> is a folder holding the suite (a git checkout, or a copy with a COMMIT file naming its commit) or a git
// URL to clone; the commit defaults to the one in COMMIT. A source at another commit, or a git checkout with local
// changes, is refused before anything is written. On success the suite's parts are copied, COMMIT is rewritten and
// vendor/json-schema-test-suite.tree lists every vendored file as `git ls-tree -r` does (mode, blob id, path),
// which test/suite/vendored.test.ts holds the files to. Tests never run this: they read the committed copy.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'vendor', 'json-schema-test-suite');
const listing = `${target}.tree`;
/** What is vendored of the upstream tree: the tests and what they read, with the licence and the README. */
const PARTS = ['tests', 'remotes', 'annotations', 'output-tests', 'test-schema.json', 'output-test-schema.json'];
const REQUIRED = ['tests', 'remotes', 'LICENSE', 'README.md'];

/** A refusal: printed, exit status 1, nothing written. */
class Refusal extends Error {}
function fail(message) {
  throw new Refusal(message);
}

function parseArgs(argv) {
  let source;
  let commit = readFileSync(join(root, 'COMMIT'), 'utf8').trim();
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--commit') commit = argv[++i] ?? '';
    else if (source === undefined) source = argv[i];
    else fail(`unexpected argument ${argv[i]}`);
  }
  if (source === undefined) fail('usage: npm run suite:sync -- <folder or git URL> [--commit <sha>]');
  if (!/^[0-9a-f]{40}$/.test(commit)) fail(`--commit wants a full 40-hex commit id, not "${commit}"`);
  return { source, commit };
}

const git = (dir, ...args) =>
  execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Whether `dir` is the top of a git checkout (not a folder inside some other repository). */
function isCheckout(dir) {
  try {
    return resolve(git(dir, 'rev-parse', '--show-toplevel').trim()) === resolve(dir);
  } catch {
    return false;
  }
}

/** The commit a source folder holds: its checkout's HEAD, else its COMMIT file. */
function commitOf(dir) {
  if (isCheckout(dir)) return git(dir, 'rev-parse', 'HEAD').trim();
  const file = join(dir, 'COMMIT');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** Git's blob id of a file's bytes, so the listing compares with `git ls-tree` of the upstream commit. */
function blobId(file) {
  const bytes = readFileSync(file);
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Every file under `dir` as `git ls-tree -r` lines (paths relative to `dir`, `/`-separated, byte order). */
function treeLines(dir) {
  const lines = [];
  const visit = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) visit(p);
      else
        lines.push(
          `${s.mode & 0o111 ? '100755' : '100644'} blob ${blobId(p)}\t${relative(dir, p).split(sep).join('/')}`,
        );
    }
  };
  visit(dir);
  return lines.sort((a, b) => Buffer.compare(Buffer.from(a.split('\t')[1]), Buffer.from(b.split('\t')[1])));
}

/** Copies a file or folder with plain modes (a read-only source must not give read-only folders). */
function copy(from, to) {
  const s = statSync(from);
  if (s.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) copy(join(from, name), join(to, name));
  } else writeFileSync(to, readFileSync(from), { mode: s.mode & 0o111 ? 0o755 : 0o644 });
}

function install(from, commit, label) {
  const seen = commitOf(from);
  if (seen !== commit) fail(`refusing ${label}: it is at commit ${seen ?? 'unknown'}, not ${commit}`);
  for (const part of REQUIRED) if (!existsSync(join(from, part))) fail(`refusing ${label}: it has no ${part}`);
  const parts = [...REQUIRED, ...PARTS.filter((p) => !REQUIRED.includes(p) && existsSync(join(from, p)))];
  if (isCheckout(from) && git(from, 'status', '--porcelain', '--', ...parts).trim() !== '')
    fail(`refusing ${label}: its checkout has local changes to the suite`);

  const staging = `${target}.new`;
  rmSync(staging, { recursive: true, force: true });
  for (const part of parts) copy(join(from, part), join(staging, part));
  const lines = treeLines(staging);
  // From a checkout, the copy is exactly the commit's tree: what git holds, not what a checkout setting made of it.
  if (
    isCheckout(from) &&
    git(from, 'ls-tree', '-r', '--full-tree', 'HEAD', '--', ...parts).trim() !== lines.join('\n')
  ) {
    rmSync(staging, { recursive: true, force: true });
    fail(`refusing ${label}: its files differ from commit ${commit}'s tree`);
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  writeFileSync(
    listing,
    `# JSON-Schema-Test-Suite ${commit}: \`git ls-tree -r\` of the vendored files\n${lines.join('\n')}\n`,
  );
  writeFileSync(join(root, 'COMMIT'), `${commit}\n`);
  console.log(`suite:sync: vendor/json-schema-test-suite is commit ${commit} from ${label} (${lines.length} files)`);
  console.log('suite:sync: commit vendor/, COMMIT and the docs totals the suite tests name');
}

/** Installs from a folder, or from a temporary clone of a URL (removed whatever happens). */
function sync(source, commit) {
  if (existsSync(source)) return install(resolve(source), commit, source);
  const tmp = mkdtempSync(join(tmpdir(), 'toolgate-suite-sync-'));
  try {
    try {
      execFileSync('git', ['clone', '--quiet', '--no-checkout', source, tmp], { stdio: ['ignore', 'ignore', 'pipe'] });
      execFileSync('git', ['-C', tmp, 'checkout', '--quiet', commit], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (e) {
      fail(`cannot clone ${source} at ${commit}: ${String(e.stderr ?? e.message).trim()}`);
    }
    install(tmp, commit, `a clone of ${source}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

try {
  const { source, commit } = parseArgs(process.argv.slice(2));
  sync(source, commit);
} catch (e) {
  if (!(e instanceof Refusal)) throw e;
  console.error(`suite:sync: ${e.message}`);
  process.exitCode = 1;
}
