// Runs a Node script under the V8 CPU profiler and writes the profile when sent SIGUSR2, for bench/proxy-relay.ts
// (`--cpu-prof <dir>`). Node's own --cpu-prof writes only at a normal exit, and `toolgate proxy` ends by the signal
// it was stopped with, so it would write nothing. Read a profile with bench/profile-summary.mjs.
//
//   node bench/cpu-profiled.mjs <out.cpuprofile> <script> [args...]
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';

const [out, script, ...rest] = process.argv.slice(2);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
await session.post('Profiler.start');
process.on('SIGUSR2', async () => {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(out, JSON.stringify(profile));
  process.stderr.write(`PROFILE ${out}\n`);
});
process.argv = [process.argv[0], script, ...rest];
await import(pathToFileURL(script).href);
