// Scratch consumers for the package tests: a project outside the repository (so nothing resolves through the
// repository's own node_modules) that installs toolgate the way a user does. npm reaches the registry only for
// what its cache lacks (`--prefer-offline`; after `npm ci` the cache has every package these tests install).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The repository root. */
export const ROOT = join(import.meta.dirname, '../..');

/** A new empty folder outside the repository. */
export const scratchDir = (prefix: string): string => mkdtempSync(join(tmpdir(), `toolgate-${prefix}-`));

/** What a command printed and how it ended. */
export interface Ran {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number | null;
}

/** Runs a program in `cwd` without a shell; never throws for a non-zero status. */
export function run(cwd: string, program: string, args: readonly string[], timeoutMs = 300_000): Ran {
  const r = spawnSync(program, args, { cwd, encoding: 'utf8', timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error !== undefined) throw r.error;
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** Runs npm; throws with its output when it fails. */
export function npm(cwd: string, args: readonly string[]): string {
  const r = run(cwd, 'npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Packs the repository (npm runs "prepare", the build, first) into `dir`; the tarball's path and file list. */
export function packInto(dir: string): { tarball: string; files: string[] } {
  const out = JSON.parse(npm(ROOT, ['pack', '--json', '--pack-destination', dir])) as [
    { filename: string; files: { path: string }[] },
  ];
  return { tarball: join(dir, out[0].filename), files: out[0].files.map((f) => f.path).sort() };
}

/** A consumer project: ESM, strict TypeScript with `module: nodenext` and no skipLibCheck. */
export function writeConsumer(dir: string, files: Record<string, string>): void {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch-consumer', private: true, type: 'module' }));
  const compilerOptions = {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    types: ['node'],
    rootDir: '.',
    outDir: 'out',
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts', '*.cts'] }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

/** The repository's TypeScript compiler run on a consumer project (`project`: its tsconfig, else the folder's). */
export function typeCheck(dir: string, project = dir): void {
  try {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], {
      encoding: 'utf8',
    });
  } catch (thrown) {
    throw new Error(`tsc failed in ${dir}:\n${(thrown as { stdout?: string }).stdout ?? String(thrown)}`);
  }
}

/** The @types/node version the repository pins, so the consumer's compile sees the same Node types. */
export const typesNode = (): string => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  return `@types/node@${pkg.devDependencies['@types/node']}`;
};

/**
 * A git repository holding the working tree as committed or about to be (tracked and untracked files that
 * .gitignore does not exclude), in one commit: what a push of this tree would give `npm install git+...`.
 */
export function snapshotRepository(dir: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter((f) => f !== '')) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file));
    } catch (thrown) {
      // A tracked file deleted in the working tree is not part of the snapshot.
      if ((thrown as { code?: string }).code !== 'ENOENT') throw thrown;
    }
  }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=scratch', '-c', 'user.email=scratch@localhost', ...args], { cwd: dir });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'snapshot');
}
