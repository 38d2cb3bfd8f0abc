// A schema whose compile waits for its first call (`compile: 'lazy'`) keeps what that compile runs and nothing
// more. Its closure had shared a scope with the whole pipeline (the reference index, the documents, the options),
// and kept it for as long as the schema lived, and after its compile too (the proxy in front of
// bench/catalog-server.mjs's 5,000 tools: 151 MB RSS at its first tools/list, 141 MB after).
import { describe, expect, it } from 'vitest';
import { type CompiledSchema, validateSchema } from '../../src/index.js';
import { heapUsed } from '../heap.js';

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

/** The heap each of `count` deferred schemas of distinct content holds, in bytes, and the schemas. */
async function retainedEach(tag: string, count: number): Promise<{ each: number; kept: CompiledSchema[] }> {
  const kept: CompiledSchema[] = [];
  const before = await heapUsed();
  for (let i = 0; i < count; i++) {
    const compiled = validateSchema(schemaOf(tag, i), { compile: 'lazy' });
    if (!compiled.ok) throw new Error(compiled.error.message);
    kept.push(compiled.value);
  }
  return { each: ((await heapUsed()) - before) / count, kept };
}

describe('a deferred compile keeps only what it runs', () => {
  it('a deferred schema holds less than the pipeline it was admitted by', async () => {
    await retainedEach('warm', COUNT / 4);
    // Measured: 3.6-4.0 KB each; 5.3-5.8 KB while the closure shared the pipeline's scope. That it lets go of its
    // compile once compiled is lazy-first-call.test.ts's.
    const { each, kept } = await retainedEach('before_call', COUNT);
    expect(kept).toHaveLength(COUNT);
    expect(each).toBeLessThan(4_800);
  });
});
