#!/usr/bin/env node
// The `toolgate` executable (package.json "bin"). Exit status: 0 admitted/valid, 1 not, 2 usage or input error.
import { runCli } from './dispatch.js';
import { processIO } from './io.js';

const code = await runCli(process.argv.slice(2), processIO());
// A failed write (io.ts) may have set status 2 already: the run's own status does not hide it.
process.exitCode = Math.max(code, Number(process.exitCode ?? 0));
