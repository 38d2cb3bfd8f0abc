#!/usr/bin/env node
// The `toolgate` executable (package.json "bin"). Exit status: 0 admitted/valid, 1 not, 2 usage or input error.
import { runCli } from './dispatch.js';
import { processIO } from './io.js';

process.exitCode = await runCli(process.argv.slice(2), processIO());
