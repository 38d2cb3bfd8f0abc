// Admission in slices (the proxy's `sliceMs`): a long admission lets the event loop run between tools, so other
// work (another session's ping) is not held up until the whole catalog is admitted; without it nothing changes.
import { describe, expect, it } from 'vitest';
import { admitMcpToolsWith } from '../../src/catalog/mcp.js';
import { NO_INTERNALS } from '../../src/catalog/admission.js';
import { compileOutputSchemas } from '../../src/catalog/mcp-output.js';
import { timeSlices } from '../../src/util/time-slice.js';
import { turnsWhile } from '../fixtures/loop-turns.js';

const tools = Array.from({ length: 40 }, (_, i) => ({
  name: `t${i}`,
  inputSchema: { type: 'object', properties: { [`p${i}`]: { type: 'integer', maximum: i } } },
}));

/** Event-loop turns that ran while the admission was under way, and whether it admitted all. */
async function turnsDuring(sliceMs: number | undefined): Promise<{ turns: number; accepted: number }> {
  const { turns, value } = await turnsWhile(() =>
    admitMcpToolsWith(
      { tools },
      { backend: () => () => undefined },
      { ...NO_INTERNALS, ...(sliceMs === undefined ? {} : { sliceMs }) },
    ),
  );
  return { turns, accepted: value.ok ? value.value.accepted.length : -1 };
}

const withOutputs = tools.map((t, i) => ({
  ...t,
  outputSchema: { type: 'object', properties: { [`r${i}`]: { type: 'string', maxLength: i + 1 } } },
}));

describe('admission in slices', () => {
  it('yields to the event loop between tools once a slice is used up (sliceMs 0: before every tool)', async () => {
    const sliced = await turnsDuring(0);
    expect(sliced.accepted).toBe(40);
    expect(sliced.turns).toBeGreaterThanOrEqual(40);
  });

  it('holds the loop for the whole admission without sliceMs (admitBatch as before)', async () => {
    expect(await turnsDuring(undefined)).toEqual({ turns: 0, accepted: 40 });
  });

  // The proxy proves a listing's outputSchemas before its inputSchemas: a catalog whose every tool declares one
  // held the event loop for all of them at once (about half a second for 2,000 tools).
  it('output schemas: yields between them once a slice is used up (slices of 0 ms: before every one)', async () => {
    const { turns, value } = await turnsWhile(() => compileOutputSchemas(withOutputs, {}, timeSlices(0)));
    expect(value.byName.size).toBe(40);
    expect(value.diagnostics).toEqual([]);
    expect(turns).toBeGreaterThanOrEqual(40);
  });

  it('output schemas: never yields without a clock (guardClient)', async () => {
    const { turns, value } = await turnsWhile(() => compileOutputSchemas(withOutputs, {}));
    expect(value.byName.size).toBe(40);
    expect(turns).toBe(0);
  });
});
