import { metaValidate } from '../schema/engine/ajv-2020.js';
import { rootObjectHits, type ProviderProfile, type RuleHit } from './profile.js';

// Anthropic Messages API custom tools (`input_schema`, without `strict`). Read on 2026-11-29:
//   DOCS = https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
//          ("input_schema: A JSON Schema object defining the expected parameters for the tool")
//   META = the API's 400 "tools.N.custom.input_schema: JSON schema is invalid. It must match JSON
//          Schema draft 2020-12", reported in https://github.com/anthropics/claude-code/issues/7365
// Claude does not enforce the schema on what it generates without `strict: true` (toolgate's own
// argument check is what enforces it); strict tool use has its own, narrower subset, not profiled here.
const DOCS = 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use';
const META = 'https://github.com/anthropics/claude-code/issues/7365';

/**
 * The API checks `input_schema` against the 2020-12 meta-schema whatever `$schema` says, so a draft-07
 * array-form `items` or `exclusiveMinimum: true` is refused even when toolgate admits it as draft-07.
 */
function metaSchema(schema: unknown): RuleHit[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const { $schema: _declared, ...rest } = schema as Record<string, unknown>;
  // Ajv reaches one location through several meta-schema branches; one hit per location.
  const seen = new Set<string>();
  const out: RuleHit[] = [];
  for (const e of metaValidate(rest)) {
    const message =
      `input_schema must match the Draft 2020-12 meta-schema: ` +
      `${e.instancePath === '' ? 'root' : e.instancePath} ${e.message ?? 'is invalid'}`;
    if (seen.has(e.instancePath)) continue;
    seen.add(e.instancePath);
    out.push({ message, schemaPath: e.instancePath });
  }
  return out;
}

/** Anthropic custom tools without strict mode, read 2026-11-29. */
export const ANTHROPIC: ProviderProfile = {
  name: 'anthropic',
  dated: '2026-11-29',
  rules: [
    {
      id: 'root-object',
      effect: 'rejects',
      basis: 'documented',
      source: DOCS,
      check: (s) => rootObjectHits(s, 'Anthropic'),
    },
    { id: 'draft-2020-12-meta-schema', effect: 'rejects', basis: 'observed', source: META, check: metaSchema },
  ],
};
