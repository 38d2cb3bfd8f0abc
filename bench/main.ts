/**
 * Entry point of `npm run bench`: refuses a missing or stale build before anything imports it (run.ts and the
 * contenders import the built package, and a static import of a missing file fails before any check could run),
 * then runs the benchmark.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Newest modification time under a folder (the sources), to refuse a stale build. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = join(ROOT, 'dist', 'index.js');
if (!existsSync(built) || statSync(built).mtimeMs < newest(join(ROOT, 'src'))) {
  console.log('bench: dist/ is missing or older than src/; run `npm run build` first (`npm run bench` does).');
  process.exit(1);
}
await import('./run.js');
