import { Ajv, type Options } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import type { EngineError } from '../../errors/engine-error.js';
import type { LegacyDialect } from '../legacy-keywords.js';
import { ENGINE_OPTIONS, installFormatAssertion } from './ajv-2020.js';
import { installConstEnum } from './const-enum.js';
import { installContains } from './contains.js';
import { installFlatUnions } from './flat-unions.js';
import { installMultipleOf } from './multiple-of.js';
import { installNotAndIf } from './not-if.js';
import { compileWithRefPaths } from './ref-paths.js';
import { installStepBudget } from './step-budget.js';
import { outsideAnyValidation } from './within-steps.js';
import { installUniqueItems } from './unique-items.js';
import type { Engine } from './engine.js';

// The engines of the opt-in older dialects: Ajv's own engine for each (`Ajv` for draft-07, `Ajv2019`), with
// toolgate's replacement keywords, never a rewrite into 2020-12. Their front end (the gates; documents and
// limits are the one pipeline's) is schema/legacy-front-end.ts.

// The 2020-12 engine's options, with own properties always on: the older dialects' engines are not
// tuned per schema (ajv-2020.ts decides ownProperties per compile for 2020-12 only).
const AJV_OPTIONS: Options = { ...ENGINE_OPTIONS, ownProperties: true };

/** A fresh engine of one dialect, with toolgate's keywords installed. */
export function createLegacyEngine(dialect: LegacyDialect, formatAssertion: boolean): Engine {
  const ajv: Ajv | Ajv2019 =
    dialect === 'draft-07'
      ? new Ajv({ ...AJV_OPTIONS, validateFormats: formatAssertion })
      : new Ajv2019({ ...AJV_OPTIONS, validateFormats: formatAssertion });
  // Ajv2019 forces its evaluated-property tracking on. Its code is wrong in several ways and keeps
  // state on shared validators (legacy-engine-gaps.ts refuses 2019-09's unevaluated*, the only keywords
  // that read it), so it is never generated; Ajv's draft-07 engine never generates it.
  ajv.opts.unevaluated = false;
  if (formatAssertion) installFormatAssertion(ajv as never);
  // The same exact-arithmetic and equality replacements the 2020-12 engine uses; these keywords mean
  // the same in every draft since draft-06 (draft-04 has no `const`).
  installMultipleOf(ajv as never);
  installUniqueItems(ajv as never);
  installConstEnum(ajv as never);
  // `contains` whose verdict does not leak from one application to the next (contains.ts).
  installContains(ajv as never);
  // `not` and `if` mean the same in draft-07 and 2019-09; their subschemas run in all-errors mode too.
  installNotAndIf(ajv as never);
  // `anyOf`/`oneOf` without nesting one block per branch (flat-unions.ts).
  installFlatUnions(ajv as never);
  // The same maxValidationSteps budget (step-budget.ts); the front end marks the documents.
  installStepBudget(ajv as never);
  return {
    compile: ({ schema, base, extra }) => {
      for (const d of extra) ajv.addSchema(d.schema as object, d.uri);
      return compileWithRefPaths(ajv, schema as object, undefined, base);
    },
  };
}

const metaEngines = new Map<LegacyDialect, Ajv | Ajv2019>();

/** Checks a document against its dialect's official meta-schema (Ajv ships both). */
export function legacyMetaValidate(dialect: LegacyDialect, schema: unknown): readonly EngineError[] {
  let engine = metaEngines.get(dialect);
  if (engine === undefined) {
    engine =
      dialect === 'draft-07'
        ? new Ajv({ strict: false, allErrors: true, logger: false, validateFormats: false })
        : new Ajv2019({ strict: false, allErrors: true, logger: false, validateFormats: false });
    // The draft-07 meta-schema asks `uniqueItems` of `enum`: Ajv's deep equality calls a schema value's own
    // `valueOf`/`toString` member and throws; toolgate's equality reads JSON only.
    installUniqueItems(engine as never);
    installConstEnum(engine as never);
    metaEngines.set(dialect, engine);
  }
  // Against the meta-schema of the dialect the front end chose, not by the document's `$schema`: Ajv knows
  // each meta-schema under its `$id` only, and the https spelling of draft-07's (legacy-keywords.ts), or a
  // document that declares none, named nothing Ajv knew (an internal error where a verdict was due).
  const check = engine.getSchema(metaUri(dialect))!;
  return outsideAnyValidation(() => check(schema)) ? [] : (check.errors ?? []);
}

function metaUri(dialect: LegacyDialect): string {
  return dialect === 'draft-07'
    ? 'http://json-schema.org/draft-07/schema#'
    : 'https://json-schema.org/draft/2019-09/schema';
}
