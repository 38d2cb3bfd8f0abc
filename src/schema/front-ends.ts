import { fail, ok, schemaViolation, type Result } from '../result.js';
import { echo } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { compile2020 } from './compile-2020.js';
import { DIALECT_2020_12, enabledDialectNames } from './dialect.js';
import { shippedUris } from './engine/shipped-documents.js';
import { legacyDialectOf, type LegacyDialect } from './legacy-keywords.js';
import { admitLegacyDocument, compileLegacyDocuments, EVERY_DIALECT } from './legacy-front-end.js';
import type { ResolvedOptions } from './options.js';
import { admitDocument, type FrontEnd } from './pipeline.js';
import { IDENTIFY_2019_09, IDENTIFY_2020_12, IDENTIFY_DRAFT_07 } from './references.js';

// The dialects toolgate reads, as configurations of the one pipeline (pipeline.ts). Each says how its
// documents name resources and refer to them, which gates admit a document and which engine compiles
// the result; none translates a keyword into another dialect's. Every one resolves every reference,
// from the registry or loader, before anything is compiled.

/** Draft 2020-12: the default, and every root that declares no older dialect. */
const FRONT_END_2020_12: FrontEnd = {
  dialect: '2020-12',
  identification: IDENTIFY_2020_12,
  tally: {},
  builtin: shippedUris('2020-12'),
  admit: admitDocument,
  compile: compile2020,
};

/** draft-07 or 2019-09, each on Ajv's own engine for it. */
const legacyFrontEnd = (dialect: LegacyDialect): FrontEnd => ({
  dialect,
  identification: dialect === 'draft-07' ? IDENTIFY_DRAFT_07 : IDENTIFY_2019_09,
  tally: EVERY_DIALECT,
  builtin: shippedUris(dialect),
  admit: (p, place, schema) => admitLegacyDocument(p, place, schema, dialect),
  compile: (p) => compileLegacyDocuments(p, dialect),
});

const LEGACY_FRONT_ENDS: Readonly<Record<LegacyDialect, FrontEnd>> = {
  'draft-07': legacyFrontEnd('draft-07'),
  '2019-09': legacyFrontEnd('2019-09'),
};

/** What the refusal of a disabled dialect says is enabled: 2020-12 alone, or with the older ones the option lists. */
function enabledDialects(options: ResolvedOptions): string {
  if (options.dialects.size === 0) return `only ${DIALECT_2020_12} is enabled`;
  return `the enabled dialects are ${enabledDialectNames(options.dialects)}`;
}

/**
 * The front end for a root: its `$schema` chooses an older dialect, which must be enabled by the option
 * `dialects` (a refusal naming the option otherwise); every other root goes to Draft 2020-12, whose gates
 * judge its `$schema`.
 */
export function frontEndFor(root: unknown, options: ResolvedOptions): Result<FrontEnd> {
  const declared = isObject(root) ? root['$schema'] : undefined;
  const dialect = legacyDialectOf(declared);
  if (dialect === undefined) return ok(FRONT_END_2020_12);
  if (!options.dialects.has(dialect)) {
    const message =
      `unsupported dialect ${echo(declared)} (${dialect}): ${enabledDialects(options)}; ` +
      `to enforce ${dialect} with its own semantics pass the option dialects: ['2020-12', '${dialect}']`;
    return fail('unsupported_capability', message, [
      schemaViolation('$schema', message, '/$schema', 'dialect_unsupported'),
    ]);
  }
  return ok(LEGACY_FRONT_ENDS[dialect]);
}
