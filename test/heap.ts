// V8's collector for tests that measure what stays reachable: `gc` (exposed at run time, so no flag is needed on
// the command line) and the heap used after full collections, with turns of the event loop between them
// (FinalizationRegistry callbacks let go of what they hold only after the collection that found it unreachable).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');

/** A full collection. */
export const gc = runInNewContext('gc') as () => void;

/** The heap used after `rounds` full collections, each followed by a wait of `ms` for the event loop to turn. */
export async function heapUsed(rounds = 4, ms = 10): Promise<number> {
  for (let i = 0; i < rounds; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
  return process.memoryUsage().heapUsed;
}
