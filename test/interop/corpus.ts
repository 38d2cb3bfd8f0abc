// Kept for the test files that import the corpus from here (test/suite/legacy-options.test.ts): the
// loader itself is test/fixtures/tool-corpus.ts.
export { corpusTool, loadCorpus, TOOL_SCHEMAS_DIR as CORPUS_DIR, type CorpusTool } from '../fixtures/tool-corpus.js';
