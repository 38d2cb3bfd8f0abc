// The official suite is committed under vendor/ at the commit in COMMIT, so a clone tests with no network and no
// folder beside it. vendor/json-schema-test-suite.tree is that commit's `git ls-tree -r` of the vendored files:
// the files must match it, and `npm run suite:sync` (scripts/suite-sync.mjs) is the one way to move all three.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SKIP_CORPUS, SKIP_NOTE, TOOL_SCHEMAS_DIR } from '../fixtures/tool-corpus.js';
import { SUITE_DIR } from './suite.js';

const ROOT = join(import.meta.dirname, '../..');
const LISTING = `${SUITE_DIR}.tree`;
const pinned = readFileSync(join(ROOT, 'COMMIT'), 'utf8').trim();

/** Git's blob id of a file's bytes. */
const blobId = (bytes: Buffer): string =>
  createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

/** Every file under `dir` (relative, `/`-separated). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => f.split(sep).join('/'))
    .sort();
}

/** A listing's header commit and its `mode blob id\tpath` lines. */
function readListing(file: string): { commit: string | undefined; lines: string[] } {
  const [header = '', ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
  return { commit: /^# JSON-Schema-Test-Suite ([0-9a-f]{40}):/.exec(header)?.[1], lines };
}

describe('the vendored JSON Schema Test Suite', () => {
  const listing = readListing(LISTING);

  it('is listed for the commit in COMMIT', () => {
    expect(pinned).toMatch(/^[0-9a-f]{40}$/);
    expect(listing.commit).toBe(pinned);
    expect(listing.lines.length).toBeGreaterThan(300);
  });

  it('holds exactly the listed files, each with its listed blob id and mode', () => {
    const actual = filesUnder(SUITE_DIR).map((f) => {
      const mode = statSync(join(SUITE_DIR, f)).mode & 0o111 ? '100755' : '100644';
      return `${mode} blob ${blobId(readFileSync(join(SUITE_DIR, f)))}\t${f}`;
    });
    expect(actual).toEqual(listing.lines);
  });

  it('has its tests, remotes, output tests, licence and README', () => {
    const paths = listing.lines.map((l) => l.split('\t')[1]);
    for (const part of ['tests/draft2020-12/', 'remotes/', 'output-tests/', 'LICENSE', 'README.md'])
      expect(
        paths.some((p) => p?.startsWith(part)),
        part,
      ).toBe(true);
  });

  it('is committed, not ignored', () => {
    const tracked = execFileSync('git', ['ls-files', 'vendor/json-schema-test-suite'], { cwd: ROOT, encoding: 'utf8' });
    const listed = listing.lines.map((l) => `vendor/json-schema-test-suite/${l.split('\t')[1]}`);
    expect(tracked.trim().split('\n')).toEqual(listed);
    const ignored = spawnSync('git', ['check-ignore', '-q', 'vendor/json-schema-test-suite/LICENSE'], { cwd: ROOT });
    expect(ignored.status).toBe(1);
  });
});

describe.skipIf(SKIP_CORPUS)(`nothing of ../shared/tool-schemas is copied into the repository${SKIP_NOTE}`, () => {
  it('no tracked file has the bytes of a corpus file', () => {
    const sum = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
    const corpus = new Set(filesUnder(TOOL_SCHEMAS_DIR).map((f) => sum(join(TOOL_SCHEMAS_DIR, f))));
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
    const copies = tracked.filter(
      (f) => f !== '' && statSync(join(ROOT, f)).isFile() && corpus.has(sum(join(ROOT, f))),
    );
    expect(copies).toEqual([]);
  });
});

describe('npm run suite:sync', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'toolgate-suite-sync-test-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  let n = 0;

  /** A project root holding only the script and a COMMIT file, so a sync never touches the repository. */
  function project(commit = pinned): string {
    const dir = join(scratch, `project-${n++}`);
    mkdirSync(join(dir, 'scripts'), { recursive: true });
    cpSync(join(ROOT, 'scripts/suite-sync.mjs'), join(dir, 'scripts/suite-sync.mjs'));
    writeFileSync(join(dir, 'COMMIT'), `${commit}\n`);
    return dir;
  }

  /** A copy of the vendored suite as a folder source whose COMMIT file names `commit`. */
  function folderSource(commit: string): string {
    const dir = join(scratch, `source-${n++}`);
    cpSync(SUITE_DIR, dir, { recursive: true });
    writeFileSync(join(dir, 'COMMIT'), `${commit}\n`);
    return dir;
  }

  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', ...args], { cwd, encoding: 'utf8' });

  let repository: { dir: string; head: string } | undefined;
  /** A git repository holding the vendored suite in one commit (made once): its path and that commit. */
  function gitSource(): { dir: string; head: string } {
    if (repository !== undefined) return repository;
    const dir = join(scratch, 'repo');
    cpSync(SUITE_DIR, dir, { recursive: true });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'suite');
    repository = { dir, head: git(dir, 'rev-parse', 'HEAD').trim() };
    return repository;
  }

  /** Runs the project's sync with its own temp folder, which must be empty afterwards. */
  function sync(dir: string, args: string[]) {
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const r = spawnSync(process.execPath, [join(dir, 'scripts/suite-sync.mjs'), ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: tmp },
    });
    expect(readdirSync(tmp), 'the sync left its clone behind').toEqual([]);
    return {
      status: r.status,
      out: `${r.stdout}${r.stderr}`,
      commit: readFileSync(join(dir, 'COMMIT'), 'utf8').trim(),
    };
  }

  const vendored = (dir: string) => join(dir, 'vendor/json-schema-test-suite');

  it('from a folder at COMMIT, writes the committed files and listing', () => {
    const dir = project();
    const r = sync(dir, [folderSource(pinned)]);
    expect(r.status, r.out).toBe(0);
    expect(readFileSync(`${vendored(dir)}.tree`, 'utf8')).toBe(readFileSync(LISTING, 'utf8'));
    expect(filesUnder(vendored(dir))).toEqual(filesUnder(SUITE_DIR));
  });

  it('refuses a folder at another commit and writes nothing', () => {
    const dir = project();
    const r = sync(dir, [folderSource('0'.repeat(40))]);
    expect(r.status).toBe(1);
    expect(r.out).toContain(`refusing`);
    expect(r.out).toContain(`not ${pinned}`);
    expect(readdirSync(dir).sort()).toEqual(['COMMIT', 'scripts', 'tmp']);
    expect(r.commit).toBe(pinned);
  });

  it('moves to a new commit from a git checkout, rewriting COMMIT and a listing equal to git ls-tree', () => {
    const { dir: repo, head } = gitSource();
    const dir = project();
    const r = sync(dir, [repo, '--commit', head]);
    expect(r.status, r.out).toBe(0);
    expect(r.commit).toBe(head);
    const listing = readListing(`${vendored(dir)}.tree`);
    expect(listing.commit).toBe(head);
    expect(listing.lines).toEqual(git(repo, 'ls-tree', '-r', 'HEAD').trim().split('\n'));
  });

  it('moves to a new commit from a clone of a URL, and refuses a commit the URL lacks', () => {
    const { dir: repo, head } = gitSource();
    const url = `file://${repo}`;
    const dir = project();
    const ok = sync(dir, [url, '--commit', head]);
    expect(ok.status, ok.out).toBe(0);
    expect(readListing(`${vendored(dir)}.tree`).commit).toBe(head);
    const missing = sync(project(), [url, '--commit', 'f'.repeat(40)]);
    expect(missing.status).toBe(1);
    expect(missing.out).toContain(`cannot clone ${url}`);
  });

  it('refuses a checkout at another commit, and one with local changes', () => {
    const { dir: repo, head } = gitSource();
    expect(sync(project(), [repo]).out).toContain(`it is at commit ${head}, not ${pinned}`);
    writeFileSync(join(repo, 'LICENSE'), 'changed\n');
    try {
      const changed = sync(project(), [repo, '--commit', head]);
      expect(changed.status).toBe(1);
      expect(changed.out).toContain('local changes');
    } finally {
      git(repo, 'checkout', '--', 'LICENSE');
    }
  });

  it('names its usage without a source', () => {
    const r = sync(project(), []);
    expect(r.status).toBe(1);
    expect(r.out).toContain('usage: npm run suite:sync -- <folder or git URL>');
  });
});
