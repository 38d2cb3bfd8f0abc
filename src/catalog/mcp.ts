import { fail, thrownMessage, type Result } from '../result.js';
import { ADMISSION_KEYS, admitSlots, type AdmissionOptions } from './admission.js';
import { readBatch, type BatchSlot } from './batch-input.js';
import type { Bundle } from './bundle.js';
import { callFailure, type BatchError } from './diagnostics.js';
import type { ToolDescriptor } from './descriptor.js';
import type { McpTool } from './providers.js';
import { allKeysOf, ownData, readOptions } from '../util/own-field.js';

/** admitBatch options plus how to reach each tool on the server. */
export type McpAdmissionOptions = AdmissionOptions & {
  /** Makes the backend of one listed tool, for example a closure calling `client.callTool`. */
  readonly backend: (tool: McpTool) => unknown;
  /** Optional revision per tool (for example a hash the host keeps); absent means none. */
  readonly revision?: (tool: McpTool) => string | undefined;
};

/** The McpAdmissionOptions fields, checked against the type. */
const MCP_ADMISSION_KEYS = [
  ...allKeysOf<Omit<McpAdmissionOptions, keyof AdmissionOptions>>()(['backend', 'revision']),
  ...ADMISSION_KEYS,
];

/**
 * Admits the tools of an MCP `tools/list` result (`{ tools: [...] }`) in one call. MCP requires
 * `inputSchema` on every tool, so a missing one is a broken descriptor (it is not read as "any object").
 * `nextCursor` pagination is the caller's: pass the concatenated pages.
 */
export async function admitMcpTools(
  listToolsResult: unknown,
  options: McpAdmissionOptions,
): Promise<Result<Bundle, BatchError>> {
  try {
    const listed = ownData(listToolsResult, 'tools');
    if (listToolsResult === null || typeof listToolsResult !== 'object' || !Array.isArray(listed)) {
      return callFailure(
        fail('validation', 'admitMcpTools expects a tools/list result: an object with a "tools" array'),
      );
    }
    // Options read once as own data: a getter on them must not run (caller code) or answer twice.
    const read = readOptions(options, MCP_ADMISSION_KEYS);
    if (read.problems.length > 0)
      return callFailure(fail('validation', `invalid admitMcpTools options: ${read.problems.join('; ')}`));
    const { backend, revision, ...admission } = read.copy as McpAdmissionOptions;
    if (options === null || typeof options !== 'object' || typeof backend !== 'function') {
      return callFailure(
        fail('validation', 'admitMcpTools needs a "backend" function that makes the backend of each listed tool'),
      );
    }
    // Read once, holes and the batch bound included, exactly as admitBatch reads its array.
    const entries = readBatch(listed, 'admitMcpTools');
    if (!entries.ok) return callFailure(entries);
    const descriptorOf = (entry: unknown): unknown => {
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
      const tool = entry as McpTool;
      const rev = typeof revision === 'function' ? revision(tool) : undefined;
      const description = ownData(tool, 'description');
      const annotations = ownData(tool, 'annotations');
      const descriptor: ToolDescriptor = {
        name: ownData(tool, 'name') as string,
        inputSchema: ownData(tool, 'inputSchema') ?? null,
        backend: backend(tool),
        ...(description !== undefined ? { description: description as string } : {}),
        ...(annotations !== undefined ? { annotations: annotations as Record<string, unknown> } : {}),
        ...(rev !== undefined ? { revision: rev } : {}),
      };
      return descriptor;
    };
    const slots = entries.value.map(
      (slot): BatchSlot => (slot.present ? { present: true, value: descriptorOf(slot.value) } : slot),
    );
    return await admitSlots(slots, admission);
  } catch (thrown) {
    return callFailure(fail('execution_failure', `admitMcpTools failed: ${thrownMessage(thrown)}`));
  }
}
