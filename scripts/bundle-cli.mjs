// The second step of `npm run build`: the CLI as one file. tsc has compiled src/ to dist/ (the library's entry
// points stay that output, module by module); this bundles the CLI from it into the file package.json names as
// the bin, with Ajv and its dependencies inside. Loading one file instead of some 200 modules (toolgate's own and
// Ajv's CommonJS files) is most of what `toolgate check` saves at start-up (bench/cli-startup.ts).
// The optional peer dependencies stay outside the bundle: the commands that need them import them when they run
// (src/mcp/sdk.ts), from the installation the bin is part of. dist/cli/ then holds the bundle alone.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const cliDir = join(root, 'dist/cli');
const entry = join(cliDir, 'main.js');
if (join(root, pkg.bin.toolgate) !== entry) throw new Error(`bundle-cli: package.json bin is not ${entry}`);

const result = await build({
  absWorkingDir: root,
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(pkg.peerDependencies ?? {}),
  sourcemap: false,
  // Without comments the text is ASCII (esbuild escapes the rest), so V8 holds it as a one-byte string, which it
  // scans faster and in half the memory: one comment with a "§" makes the whole file two-byte.
  minifyWhitespace: true,
  charset: 'ascii',
  legalComments: 'none',
  metafile: true,
  write: false,
  logLevel: 'warning',
});
const [output] = result.outputFiles;
if (result.outputFiles.length !== 1 || output === undefined) throw new Error('bundle-cli: expected one output file');

/** The packages inside the bundle, each with its license text: copies of their code carry their notices. */
function bundledLicenses() {
  const dirs = new Set();
  for (const input of Object.keys(result.metafile.inputs)) {
    const m = /^(?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/]+(?=\/)/.exec(input);
    if (m) dirs.add(m[0]);
  }
  return [...dirs].sort().map((dir) => {
    const meta = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
    const file = ['LICENSE', 'LICENSE.md', 'license'].map((f) => join(root, dir, f)).find((f) => existsSync(f));
    if (file === undefined) throw new Error(`bundle-cli: ${dir} has no license file to carry`);
    const text = readFileSync(file, 'utf8').trim().replaceAll('*/', '* /');
    return `${meta.name}@${meta.version} (${meta.license}):\n\n${text}`;
  });
}

const notice =
  '\n/*\n * The toolgate CLI, bundled by scripts/bundle-cli.mjs from the compiled sources, ' +
  'with these packages inside:\n\n' +
  bundledLicenses().join('\n\n---\n\n') +
  '\n */\n';
const text = output.text + notice;
const nonAscii = /[^\0-\x7f]/.exec(text);
if (nonAscii) {
  const around = JSON.stringify(text.slice(Math.max(0, nonAscii.index - 40), nonAscii.index + 10));
  throw new Error(`bundle-cli: the bundle is not ASCII: ${around}`);
}

// The modules the bundle was made from go: the package ships one copy of the CLI, and nothing imports them.
rmSync(cliDir, { recursive: true, force: true });
mkdirSync(cliDir);
writeFileSync(entry, text, { mode: 0o755 });
