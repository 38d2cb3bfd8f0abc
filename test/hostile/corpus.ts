// Kept for the test files that import the corpus from here (test/schema/limits*.test.ts): the loader
// itself is test/fixtures/tool-corpus.ts.
import { loadCorpus, TOOL_SCHEMAS_DIR, type CorpusTool } from '../fixtures/tool-corpus.js';

export { TOOL_SCHEMAS_DIR, type CorpusTool };

/** Every real tool schema sorted by id, or undefined (the fixture printed why) when the corpus is absent. */
export const loadToolSchemas = loadCorpus;
