// toolgate: named exports only. Each block belongs to one folder of src/.

// --- result (src/result.ts)
export type {
  ErrorClass,
  ExecutionFailureKind,
  Failure,
  Finding,
  GateError,
  Problem,
  Result,
  Success,
  Violation,
  ViolationCode,
  ViolationParams,
} from './result.js';
export { VIOLATION_CODES } from './result.js';

// --- schema (src/schema/)
export type { SchemaOptions } from './schema/options.js';
export type { CompiledSchema } from './schema/compile.js';
export { validateSchema, validate } from './schema/compile.js';
export type { CacheOptions } from './schema/compile-cache.js';
export { clearCache, configureCache, DEFAULT_CACHE_SIZE } from './schema/compile-cache.js';
// Standard Schema is part of every CompiledSchema (its `~standard` property).
export type { StandardIssue, ToolgateStandardProps } from './schema/standard-schema.js';
export type { ReportOptions } from './schema/schema-copy.js';

// --- limits (src/util/limits.ts)
export type { Limits } from './util/limits.js';
export { DEFAULT_LIMITS } from './util/limits.js';

// --- errors (src/errors/)
export type { FormatOptions } from './errors/format.js';
export { formatForModel, DEFAULT_MAX_LINES } from './errors/format.js';

// --- tools (src/tools/)
export type { Tool, ToolContext, ToolDefinition } from './tools/tool.js';
export { defineTool, MCP_TOOL_NAME_PATTERN, TOOL_NAME_PATTERN } from './tools/tool.js';
export type { InferArgs } from './tools/infer-args.js';
export type { CallOptions, RegistryOptions, ToolCall, ToolDefinitionView } from './tools/registry.js';
export { Registry } from './tools/registry.js';
export type { ExposeErrors, ToolErrorEvent } from './tools/failure-text.js';
export type {
  GatewayStage,
  SettleContext,
  SettleStage,
  Stage,
  StageContext,
  Stages,
  StageVerdict,
} from './tools/gateway.js';
export { GATEWAY_ORDER } from './tools/gateway.js';
export type {
  AnthropicToolContent,
  AnthropicToolResult,
  CallStage,
  McpCallToolResult,
  McpContentPart,
  OpenAIResponsesOutputPart,
  OpenAIResponsesToolOutput,
  ProviderFormat,
  OpenAIToolMessage,
  ToolError,
  ToolMessage,
  ToolResult,
} from './tools/tool-result.js';

// --- catalog (src/catalog/)
export { preflight } from './catalog/preflight.js';
export type { Invoke, PreflightOptions, PreflightedTool } from './catalog/preflight.js';
export { admitBatch } from './catalog/admission.js';
export type { AdmissionOptions, BadToolPolicy } from './catalog/admission.js';
export { admitMcpTools, MCP_DEFAULT_DIALECTS } from './catalog/mcp.js';
export type { McpAdmissionOptions } from './catalog/mcp.js';
export type { ToolDescriptor } from './catalog/descriptor.js';
export type { Authority } from './catalog/authority.js';
export type { AsyncSchemaLoader } from './catalog/async-loader.js';
export { DEFAULT_LOADER_TIMEOUT_MS } from './catalog/async-loader.js';
export type { AdmissionStats, Bundle, BundleJSON } from './catalog/bundle.js';
export type { BatchError, Diagnostic } from './catalog/diagnostics.js';
export type {
  AnthropicTool,
  McpTool,
  McpToolDefinition,
  ObjectParameters,
  OpenAIResponsesTool,
  OpenAITool,
  ProviderTool,
  ToolsFor,
} from './catalog/providers.js';
export type { ProviderPolicy } from './catalog/provider-policy.js';
export { pinTool, pinTools } from './catalog/lock-pins.js';
export type { PinOptions, ToolLock, ToolPin } from './catalog/lock-pins.js';
export { comparePins, hasDrift, listingDrift, lockText } from './catalog/lock-api.js';
export type { ChangedTool, LockDrift } from './catalog/lock-diff.js';
export type { FieldChange } from './catalog/lock-values.js';
export { LOCK_VERSION, lockOf, parseLock } from './catalog/lock-file.js';

// --- interop and lint (src/interop/, src/lint/)
export { checkProvider, providerProfile } from './interop/check-provider.js';
export { PROVIDER_NAMES } from './interop/providers.js';
export type {
  ProviderEffect,
  ProviderFinding,
  ProviderName,
  ProviderProfile,
  ProviderRule,
} from './interop/profile.js';
export { lintSchema, LINT_RULE_IDS } from './lint/lint.js';
export type { LintWarning } from './lint/warning.js';

// --- adapters (src/adapters/): the MCP client, AI SDK and OpenAI Agents adapters are subpath exports
// (toolgate/adapters/*), so this entry point loads none of those packages.
