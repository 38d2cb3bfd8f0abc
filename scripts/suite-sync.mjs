// Fills vendor/json-schema-test-suite from, in order: $JSON_SCHEMA_TEST_SUITE, ../shared/json-schema-test-suite,
// or a git clone of the upstream repository at the commit pinned in COMMIT. A source at another commit is refused.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = readFileSync(join(root, 'COMMIT'), 'utf8').trim();
const target = join(root, 'vendor', 'json-schema-test-suite');
const UPSTREAM = 'https://github.com/json-schema-org/JSON-Schema-Test-Suite';

function commitOf(dir) {
  const file = join(dir, 'COMMIT');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

function install(from, label) {
  const seen = commitOf(from);
  if (seen !== pinned) {
    console.error(`suite:sync: refusing ${label} (${from}): commit ${seen ?? 'unknown'} differs from COMMIT ${pinned}`);
    process.exit(1);
  }
  if (existsSync(target) && commitOf(target) === pinned) {
    console.log(`suite:sync: vendor/json-schema-test-suite already at ${pinned}`);
    return;
  }
  rmSync(target, { recursive: true, force: true });
  for (const part of ['tests', 'remotes', 'annotations', 'output-tests', 'LICENSE', 'README.md']) {
    if (existsSync(join(from, part))) cpSync(join(from, part), join(target, part), { recursive: true });
  }
  writeFileSync(join(target, 'COMMIT'), `${pinned}\n`);
  console.log(`suite:sync: filled vendor/json-schema-test-suite from ${label} at ${pinned}`);
}

const fromEnv = process.env.JSON_SCHEMA_TEST_SUITE;
const shared = resolve(root, '..', 'shared', 'json-schema-test-suite');
if (fromEnv) install(resolve(fromEnv), 'JSON_SCHEMA_TEST_SUITE');
else if (existsSync(shared)) install(shared, '../shared/json-schema-test-suite');
else if (existsSync(target) && commitOf(target) === pinned)
  console.log(`suite:sync: vendor/json-schema-test-suite already at ${pinned}`);
else {
  const tmp = mkdtempSync(join(tmpdir(), 'jsts-'));
  try {
    execFileSync('git', ['clone', '--quiet', UPSTREAM, tmp], { stdio: 'inherit' });
    execFileSync('git', ['-C', tmp, 'checkout', '--quiet', pinned], { stdio: 'inherit' });
    install(tmp, 'a git clone of the upstream repository');
  } catch (e) {
    console.error(
      `suite:sync: no source for the suite (set JSON_SCHEMA_TEST_SUITE, provide ../shared, or allow git): ${e.message}`,
    );
    process.exit(1);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
