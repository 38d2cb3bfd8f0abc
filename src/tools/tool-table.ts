// The registered tools of a Registry (registry.ts), by name: each with its compiled schema, the provider names they
// publish under (a `.` mapped to `_`), and the names those take, so no second tool registers under one.
import { fail, type Result } from '../result.js';
import type { CompiledSchema } from '../schema/compile.js';
import { mappedName, providerNameMap, type ProviderNameMap } from './provider-names.js';
import { readToolFields, registeredTool, type Tool } from './tool.js';

/** A registered tool (frozen, its inputSchema the private copy) and its compiled schema. */
export interface ToolEntry {
  readonly tool: Tool;
  readonly compiled: CompiledSchema;
}

/** The tools of one Registry by name, and their provider names. */
export class ToolTable {
  readonly #entries = new Map<string, ToolEntry>();
  /** The provider names of the registered tools; rebuilt on first use after a registration. */
  #nameMap: ProviderNameMap | undefined;
  /** Mapped name -> the dotted tool it maps from, kept as tools are added, so register's check costs O(1). */
  readonly #mappedFrom = new Map<string, string>();

  /** Checks a tool's fields (read as data, never through getters: tool.ts) and that its name is free. */
  read(tool: Tool, pattern: RegExp): Result<Tool> {
    const read = readToolFields(tool, pattern);
    if (!read.ok) return read;
    const { name } = read.value;
    if (this.#entries.has(name)) return fail('validation', `a tool named "${name}" is already registered`);
    // A mapped name is the tool's name for OpenAI and Anthropic: another tool may not take it.
    const holder = this.#mappedFrom.get(name);
    if (holder !== undefined)
      return fail('validation', `the name "${name}" is reserved: it is the provider name of tool "${holder}"`);
    return read;
  }

  /** Adds a tool `read` accepted, with its compiled schema; returns the frozen tool kept. */
  add(tool: Tool, compiled: CompiledSchema): Tool {
    const frozen = registeredTool(tool, compiled.schema);
    this.#entries.set(tool.name, { tool: frozen, compiled });
    this.#nameMap = undefined;
    if (tool.name.includes('.') && !this.#mappedFrom.has(mappedName(tool.name)))
      this.#mappedFrom.set(mappedName(tool.name), tool.name);
    return frozen;
  }

  /** The provider names of the registered tools (which are mapped, which withheld where, and why). */
  nameMap(): ProviderNameMap {
    if (this.#nameMap === undefined) this.#nameMap = providerNameMap(this.#entries.keys());
    return this.#nameMap;
  }

  /** The entry registered under exactly `name`, or undefined. */
  get(name: string): ToolEntry | undefined {
    return this.#entries.get(name);
  }

  /** The registered names, in the order they were added. */
  names(): IterableIterator<string> {
    return this.#entries.keys();
  }

  /**
   * The tool of a name: its own, or the name a provider knows it by (a `.` mapped to `_`); undefined when none.
   * One Map read for a registered name, the common case.
   */
  lookup(name: unknown): ToolEntry | undefined {
    if (typeof name !== 'string') return undefined;
    const entry = this.#entries.get(name);
    if (entry !== undefined) return entry;
    const own = this.nameMap().toOwn.get(name);
    return own === undefined ? undefined : this.#entries.get(own);
  }
}
