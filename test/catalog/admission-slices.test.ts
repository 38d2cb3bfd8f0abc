// Admission in slices (the proxy's `sliceMs`): a long admission lets the event loop run between tools, so other
// work (another session's ping) is not held up until the whole catalog is admitted; without it nothing changes.
import { describe, expect, it } from 'vitest';
import { admitMcpToolsWith } from '../../src/catalog/mcp.js';
import { NO_INTERNALS } from '../../src/catalog/admission.js';

const tools = Array.from({ length: 40 }, (_, i) => ({
  name: `t${i}`,
  inputSchema: { type: 'object', properties: { [`p${i}`]: { type: 'integer', maximum: i } } },
}));

/** Event-loop turns (setImmediate) that ran while the admission was under way, and whether it admitted all. */
async function turnsDuring(sliceMs: number | undefined): Promise<{ turns: number; accepted: number }> {
  let turns = 0;
  let running = true;
  const spin = (): void => {
    if (!running) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  const admitted = await admitMcpToolsWith(
    { tools },
    { backend: () => () => undefined },
    { ...NO_INTERNALS, ...(sliceMs === undefined ? {} : { sliceMs }) },
  );
  running = false;
  return { turns, accepted: admitted.ok ? admitted.value.accepted.length : -1 };
}

describe('admission in slices', () => {
  it('yields to the event loop between tools once a slice is used up (sliceMs 0: before every tool)', async () => {
    const sliced = await turnsDuring(0);
    expect(sliced.accepted).toBe(40);
    expect(sliced.turns).toBeGreaterThanOrEqual(40);
  });

  it('holds the loop for the whole admission without sliceMs (admitBatch as before)', async () => {
    expect(await turnsDuring(undefined)).toEqual({ turns: 0, accepted: 40 });
  });
});
