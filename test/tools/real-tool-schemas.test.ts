// Every real tool schema in ../shared/tool-schemas goes through a Registry: registered (or refused as
// a Result), then called with empty, wrong-typed and malformed arguments. What the model reads must
// always be one header plus at most 20 violation lines (+ "… and N more"), each `path: message`.
import { describe, expect, it } from 'vitest';
import { defineTool, Registry } from '../../src/index.js';
import { loadCorpus, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

/** Arguments no tool should take: wrong types for every declared property, plus malformed texts. */
function badArguments(schema: unknown): unknown[] {
  const props =
    schema !== null && typeof schema === 'object'
      ? (schema as { properties?: Record<string, unknown> }).properties
      : undefined;
  const wrong: Record<string, unknown> = {};
  for (const k of Object.keys(props ?? {})) wrong[k] = { nested: [null] };
  return [{}, wrong, '{"unterminated": ', '[1, 2]', ''];
}

const LINE = /^(\$\S*: .+|… and (at least )?\d+ more)$/;

describe.skipIf(SKIP_CORPUS)(`real tool schemas through the Registry${SKIP_NOTE}`, () => {
  const list = SKIP_CORPUS ? [] : loadCorpus();

  it('finds the 200 shared tool definitions', () => {
    expect(list.length).toBe(200);
  });

  it('registers or refuses each one as a Result, and every failure reads as header plus bounded lines', async () => {
    let accepted = 0;
    let failures = 0;
    for (const doc of list) {
      const file = doc.id;
      const registry = new Registry();
      const reg = registry.register(
        defineTool({ name: 't', description: file, inputSchema: doc.inputSchema, execute: () => 'ran' }),
      );
      if (!reg.ok) {
        expect(['validation', 'unsupported_capability', 'execution_failure'], file).toContain(reg.error.class);
        continue;
      }
      accepted++;
      for (const args of badArguments(doc.inputSchema)) {
        const res = await registry.call({ id: file, name: 't', arguments: args });
        expect(res.callId).toBe(file);
        if (!res.isError) continue;
        failures++;
        const [head, ...rest] = res.content.split('\n');
        expect(head, file).toMatch(/^error: invalid arguments for t:( .+)?$/);
        expect(rest.length, file).toBeLessThanOrEqual(21);
        for (const line of rest) expect(line, file).toMatch(LINE);
      }
    }
    console.log(`real-tool-schemas: ${accepted} of ${list.length} registered; ${failures} failing calls rendered`);
    // Which schemas are refused (draft-07 `$schema`, say) is the schema gate's business; this test
    // only needs enough of them through to exercise the rendering (143 of 200 when written).
    expect(accepted).toBeGreaterThan(100);
    expect(failures).toBeGreaterThan(accepted);
  });
});
