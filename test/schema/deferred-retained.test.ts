// A schema whose compile waits for its first call (`compile: 'lazy'`) keeps what that compile runs and nothing
// more. Its closure had shared a scope with the whole pipeline (the reference index, the documents, the options),
// and kept it for as long as the schema lived, and after its compile too: 5,000 tools of a catalog held 8 MB more
// than this (the proxy in front of bench/catalog-server.mjs: 151 MB RSS at its first tools/list, 141 MB after).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type CompiledSchema, validateSchema } from '../../src/index.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function heapUsed(): Promise<number> {
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return process.memoryUsage().heapUsed;
}

const COUNT = 2_000;

/** A tool's schema of the catalog bench's shape, distinct per `i` and `tag`: about 370 bytes as JSON. */
function schemaOf(tag: string, i: number): object {
  return {
    type: 'object',
    properties: {
      [`id_${tag}_${i}`]: { type: 'string', minLength: 1, maxLength: 64 + (i % 50), description: `identifier ${i}` },
      [`count_${tag}_${i}`]: { type: 'integer', minimum: 0, maximum: 1000 + i },
      [`mode_${tag}_${i}`]: { enum: ['fast', 'slow', `m${i}`] },
      [`tags_${tag}_${i}`]: { type: 'array', items: { type: 'string' }, maxItems: 10 },
    },
    required: [`id_${tag}_${i}`],
    additionalProperties: false,
  };
}

/** The heap each of `count` schemas of distinct content holds, in bytes; `call` first calls each once. */
async function retainedEach(
  tag: string,
  call: boolean,
  count: number,
  compile: 'lazy' | 'eager' = 'lazy',
): Promise<{ each: number; kept: CompiledSchema[] }> {
  const kept: CompiledSchema[] = [];
  const before = await heapUsed();
  for (let i = 0; i < count; i++) {
    const compiled = validateSchema(schemaOf(tag, i), { compile });
    if (!compiled.ok) throw new Error(compiled.error.message);
    if (call && compiled.value.validate({ [`id_${tag}_${i}`]: 'x' }).ok !== true) throw new Error('refused');
    kept.push(compiled.value);
  }
  return { each: ((await heapUsed()) - before) / count, kept };
}

describe('a deferred compile keeps only what it runs', () => {
  it('a deferred schema holds less than the pipeline it was admitted by', async () => {
    await retainedEach('warm', false, COUNT / 4);
    // Measured: 3.6-3.7 KB each; 5.3-5.5 KB while the closure shared the pipeline's scope.
    const { each, kept } = await retainedEach('before_call', false, COUNT);
    expect(kept).toHaveLength(COUNT);
    expect(each).toBeLessThan(4_500);
  });

  it('a deferred schema lets go of its compile once compiled: it holds what an eager one does', async () => {
    // Measured at 1,000 schemas: 0.6-0.9 KB less than the eager ones; 1.7 KB more while it kept its compile.
    const eager = await retainedEach('eager', true, COUNT / 2, 'eager');
    const lazy = await retainedEach('lazy', true, COUNT / 2);
    expect(lazy.kept).toHaveLength(COUNT / 2);
    expect(lazy.each - eager.each).toBeLessThan(600);
  }, 60_000);
});
