// One canary per place where toolgate relies on Ajv's internals (docs/architecture.md, "Ajv patch points").
// Ajv and ajv-formats are pinned exactly (package.json); before a new version is taken, these must pass: each
// checks one assumption on raw Ajv and fails naming it and the file that relies on it.
import { createRequire } from 'node:module';
import { _, Name, type KeywordCxt, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv } from 'ajv';
import { compileSchema, SchemaEnv } from 'ajv/dist/compile/index.js';
import { inlineRef, resolveUrl } from 'ajv/dist/compile/resolve.js';
import { alwaysValidSchema, Type } from 'ajv/dist/compile/util.js';
import { strConcat } from 'ajv/dist/compile/codegen/index.js';
import { describe, expect, it } from 'vitest';
import { AJV_FORMATS } from '../../src/formats/asserted.js';
import { shippedDocument, shippedUris } from '../../src/schema/engine/shipped-documents.js';

const require = createRequire(import.meta.url);

/** A raw engine as toolgate configures the part that matters here: all errors, no strict mode. */
const raw = (): Ajv2020 => new Ajv2020({ strict: false, allErrors: true, logger: false });

/** The assumption `what` that `file` relies on, checked. */
function holds(ok: boolean, file: string, what: string): void {
  expect(ok, `Ajv patch point broken: ${file} assumes ${what}`).toBe(true);
}

/** A recursive definition: Ajv compiles `#/$defs/r` into a function of its own (it holds a `$ref`). */
const RECURSIVE = {
  $defs: { r: { anyOf: [{ type: 'string' }, { type: 'array', items: { $ref: '#/$defs/r' } }] } },
  $ref: '#/$defs/r',
};

describe('Ajv patch points (Ajv 8.20.0, ajv-formats 3.0.1, pinned)', () => {
  it('the installed versions are the pinned ones', () => {
    const pkg = require('../../package.json') as { dependencies: Record<string, string> };
    holds(
      require('ajv/package.json').version === pkg.dependencies['ajv'],
      'package.json',
      'the installed ajv is the pinned one',
    );
    holds(
      require('ajv-formats/package.json').version === pkg.dependencies['ajv-formats'],
      'package.json',
      'the installed ajv-formats is the pinned one',
    );
  });

  it('ref-paths.ts: _addSchema, SchemaEnv, compileSchema and a getter in root.refs', () => {
    const ajv = raw();
    const schema = structuredClone(RECURSIVE);
    const root = ajv._addSchema(schema);
    holds(root instanceof SchemaEnv && typeof root.refs === 'object', 'ref-paths.ts', '_addSchema returns a SchemaEnv');
    holds(inlineRef({ type: 'string' }, true), 'ref-paths.ts', 'inlineRef inlines a target without $ref');
    holds(!inlineRef(RECURSIVE.$defs.r, true), 'ref-paths.ts', 'inlineRef does not inline a target with a $ref');
    const key = resolveUrl(ajv.opts.uriResolver, root.baseId, '#/$defs/r');
    const env = new SchemaEnv({
      schema: schema.$defs.r,
      schemaId: '$id',
      root,
      baseId: root.baseId,
      schemaPath: '#/$defs/r',
    });
    let reads = 0;
    Object.defineProperty(root.refs, key, {
      configurable: true,
      enumerable: true,
      get: () => {
        reads++;
        if (env.validate === undefined) compileSchema.call(ajv, env);
        return env;
      },
    });
    const validate = ajv.compile(schema);
    holds(reads > 0, 'ref-paths.ts', "Ajv resolves a $ref by reading root.refs[resolveUrl(…)], the getter's key");
    holds(typeof env.validate === 'function', 'ref-paths.ts', 'compileSchema.call(ajv, env) sets env.validate');
    validate(5);
    const paths = (validate.errors ?? []).map((e) => e.schemaPath);
    holds(
      paths.includes('#/$defs/r/anyOf/0/type'),
      'ref-paths.ts',
      `a SchemaEnv's schemaPath prefixes its errors' schema paths (got ${paths.join(', ')})`,
    );
  });

  it("annotation-run.ts: a subschema compiled in the root's scope, called with a data context", () => {
    const ajv = raw();
    const schema = { $id: 'urn:toolgate:canary', properties: { a: { type: 'string' } } };
    ajv.addSchema(schema);
    const root = ajv.getSchema('urn:toolgate:canary')?.schemaEnv;
    holds(root instanceof SchemaEnv, 'annotation-run.ts', 'getSchema(id).schemaEnv is the SchemaEnv of the root');
    const env = new SchemaEnv({
      schema: schema.properties.a,
      schemaId: '$id',
      root: root as SchemaEnv,
      baseId: (root as SchemaEnv).baseId,
      schemaPath: '#/properties/a',
    });
    const validate = compileSchema.call(ajv, env).validate as ValidateFunction;
    const context = { instancePath: '/a', rootData: { a: 1 }, dynamicAnchors: {} };
    validate(1, context as never);
    const e = validate.errors?.[0];
    holds(
      e?.schemaPath === '#/properties/a/type' && e.instancePath === '/a',
      'annotation-run.ts',
      `errors carry the env's schemaPath and the context's instancePath (got ${e?.schemaPath} at ${e?.instancePath})`,
    );
  });

  it('annotation-run.ts: dynamicAnchors is one fresh object per top-level call, passed to every keyword', () => {
    const ajv = raw();
    const seen: unknown[] = [];
    ajv.addKeyword({
      keyword: 'x-probe',
      validate: (_s: unknown, _d: unknown, _p: unknown, cxt?: { dynamicAnchors: unknown }) => {
        seen.push(cxt?.dynamicAnchors);
        return true;
      },
    });
    const validate = ajv.compile({ 'x-probe': true, items: { 'x-probe': true } });
    validate([1]);
    validate([1]);
    holds(
      seen.length === 4 && seen[0] === seen[1] && seen[2] === seen[3] && seen[0] !== seen[2],
      'annotation-run.ts (placeOf)',
      'every keyword of one call gets the same dynamicAnchors object, and each call a new one',
    );
  });

  it("warm-up.ts: separately compiled $ref targets are SchemaEnvs with validate in the root's refs", () => {
    const validate = raw().compile(structuredClone(RECURSIVE));
    const refs = Object.values(validate.schemaEnv.root.refs);
    holds(
      refs.length > 0 && refs.every((r) => r instanceof SchemaEnv && typeof r.validate === 'function'),
      'warm-up.ts',
      'validate.schemaEnv.root.refs holds each separately compiled target with its validate function',
    );
  });

  const SIGNATURE = new RegExp(
    '^function validate\\d+\\(data, \\{instancePath="", parentData, parentDataProperty, ' +
      'rootData=data, dynamicAnchors=\\{\\}\\}',
  );

  it('in-place.ts, held-errors.ts, error-cap.ts: the names of variables in the generated code', () => {
    const code = String(raw().compile({ type: 'object', required: ['a'] }));
    holds(
      SIGNATURE.test(code),
      'in-place.ts',
      'a validator reads instancePath, rootData and dynamicAnchors (fresh {} per call) from its context argument',
    );
    holds(
      code.includes('let vErrors = null;let errors = 0;'),
      'in-place.ts, held-errors.ts, error-cap.ts, step-budget.ts',
      'each generated function keeps its error list in `vErrors` and its count in `errors`',
    );
    const recursive = String(raw().compile(structuredClone(RECURSIVE)));
    holds(
      recursive.includes('vErrors.concat('),
      'held-errors.ts (APPEND_ONLY)',
      "a call of a separately compiled $ref target copies the error list (vErrors.concat), the others' append",
    );
  });

  it('in-place.ts, error-cap.ts: names made with `new Name` reach the generated code as written', () => {
    const ajv = raw();
    ajv.addKeyword({
      keyword: 'x-count',
      code(cxt: KeywordCxt) {
        cxt.gen.code(
          _`${cxt.gen.scopeValue('keyword', { ref: (n: number) => counts.push(n) })}(${new Name('errors')})`,
        );
      },
    });
    const counts: number[] = [];
    ajv.compile({ allOf: [{ required: ['a', 'b'] }, { 'x-count': true }] })({});
    holds(counts[0] === 2, 'error-cap.ts', 'the variable `errors` counts the errors raised so far in the function');
  });

  it('step-budget.ts: the unroll limit of enum and required lists is 200', () => {
    const { loopEnum, loopRequired } = raw().opts;
    holds(
      loopEnum === 200 && loopRequired === 200,
      'step-budget.ts (inlineSize), compile-cost.ts',
      `Ajv unrolls enum and required lists up to 200 members (loopEnum ${loopEnum}, loopRequired ${loopRequired})`,
    );
  });

  it("step-budget.ts: Ajv's code size per keyword, on which FAST_FUNCTION_SIZE (V8's inlining) was measured", () => {
    const ajv = raw();
    ajv.opts.unevaluated = false;
    const perKeyword =
      String(ajv.compile({ allOf: Array.from({ length: 300 }, (_, i) => ({ minimum: i })) })).length / 300;
    holds(
      perKeyword > 220 && perKeyword < 340,
      'step-budget.ts (FAST_FUNCTION_SIZE, slowness)',
      `a \`minimum\` in an allOf generates about 280 characters of code (got ${perKeyword.toFixed(0)}): ` +
        'measure the size at which V8 stops optimising again (bench/adversarial.ts)',
    );
  });

  it('ajv-2020.ts, legacy-engine.ts: opts.unevaluated is forced on and read at compile time, not construction', () => {
    for (const ajv of [raw(), new Ajv2019({ strict: false, logger: false })]) {
      holds(ajv.opts.unevaluated === true, 'engine/ajv-2020.ts', 'Ajv2020 and Ajv2019 force opts.unevaluated on');
      holds(raw().compile({ properties: { a: true } }).evaluated !== undefined, 'engine.ts', 'tracking is generated');
      ajv.opts.unevaluated = false;
      holds(
        ajv.compile({ properties: { a: true } }).evaluated === undefined,
        'engine/ajv-2020.ts, engine/legacy-engine.ts, engine/flat-unions.ts',
        'setting opts.unevaluated to false after construction turns evaluated-property tracking off',
      );
    }
  });

  it('contains.ts: opts.next marks the 2019-09 and 2020-12 engines (minContains/maxContains), not draft-07', () => {
    holds(
      raw().opts.next === true && new Ajv2019().opts.next === true && new Ajv().opts.next !== true,
      'contains.ts',
      'opts.next is true on Ajv2019 and Ajv2020 only',
    );
  });

  it("compile.ts: the message of Ajv's missing-reference error, matched by a regex", () => {
    let message = '';
    try {
      raw().compile({ $ref: '#/$defs/missing' });
    } catch (thrown) {
      message = (thrown as Error).message;
    }
    holds(
      /can't resolve reference (.*) from id/.exec(message)?.[1] === '#/$defs/missing',
      'engine/missing-reference.ts',
      `a missing reference throws "can't resolve reference <ref> from id …" (got "${message}")`,
    );
  });

  it('engine/missing-reference.ts: the fields of the missing-reference error, read by shape', () => {
    const fields = (schema: object): unknown => {
      try {
        new Ajv({ strict: false, logger: false }).compile(schema);
      } catch (thrown) {
        return { ...(thrown as object) };
      }
      return undefined;
    };
    holds(
      (fields({ $ref: 'https://example.com/a.json' }) as { missingSchema?: unknown })?.missingSchema ===
        'https://example.com/a.json',
      'engine/missing-reference.ts (missingDocument)',
      'a reference to an absent document throws an error whose own `missingSchema` names it',
    );
    const local = fields({ $ref: '#/definitions/x' }) as { missingSchema?: unknown; missingRef?: unknown };
    holds(
      local?.missingSchema === '' && local.missingRef === '#/definitions/x',
      'engine/missing-reference.ts (missingDocument)',
      "a missing fragment of the document itself throws with missingSchema '' and the fragment in missingRef",
    );
  });

  // Keywords that generate no code in toolgate's engines: linking removes `$dynamicRef`, 2019-09's recursive
  // keywords are refused or rewritten the same way, `$comment` calls nothing without Ajv's option.
  const NO_CODE = ['$dynamicAnchor', '$dynamicRef', '$recursiveAnchor', '$recursiveRef', '$comment', 'id'];

  it('step-budget.ts: a keyword added before $ref runs first, before the typed keyword groups', () => {
    const ajv = raw();
    ajv.addKeyword({ keyword: 'x-first', schemaType: 'boolean', code: () => {}, before: '$ref' });
    const [untyped, ...typed] = ajv.RULES.rules;
    const order = (untyped?.rules ?? []).map((r) => r.keyword);
    const first = order.indexOf('x-first');
    const later = ['$ref', 'const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if'];
    holds(
      untyped?.type === undefined &&
        typed.every((g) => g.type !== undefined) &&
        later.every((k) => order.indexOf(k) > first) &&
        order.slice(0, first).every((k) => NO_CODE.includes(k)),
      'step-budget.ts (installStepBudget)',
      `the step keyword precedes every keyword that generates code once linked (order: ${order.join(', ')})`,
    );
  });

  it("flat-unions.ts, contains.ts, not-if.ts, in-place.ts, in Ajv's keyword context: it.* and helpers", () => {
    const ajv = raw();
    const its: KeywordCxt['it'][] = [];
    ajv.addKeyword({
      keyword: 'x-it',
      code(cxt: KeywordCxt) {
        its.push(cxt.it);
      },
    });
    ajv.compile({ not: { 'x-it': true }, propertyNames: { 'x-it': true } });
    const fields = { ...its[0], propertyName: its[1]?.propertyName } as unknown as Record<string, unknown>;
    holds(
      fields['compositeRule'] === true &&
        fields['validateName'] instanceof Name &&
        fields['schemaEnv'] instanceof SchemaEnv &&
        'errorPath' in fields &&
        fields['propertyName'] !== undefined,
      'step-budget.ts, held-errors.ts, error-cap.ts, in-place.ts',
      'a keyword context has it.compositeRule (true under `not`), validateName, schemaEnv, errorPath, ' +
        'and propertyName inside propertyNames',
    );
    holds(
      typeof alwaysValidSchema === 'function' && typeof strConcat === 'function' && Type.Num !== undefined,
      'flat-unions.ts, contains.ts, not-if.ts, in-place.ts',
      'ajv/dist/compile/util.js exports alwaysValidSchema and Type, codegen exports strConcat',
    );
  });

  it('link.ts, meta-schema.generated.ts: the files Ajv ships', () => {
    for (const file of ['schema', ...['core', 'applicator', 'unevaluated', 'validation'].map((m) => `meta/${m}`)])
      holds(
        typeof require(`ajv/dist/refs/json-schema-2020-12/${file}.json`) === 'object',
        'link.ts (META_FILES)',
        `Ajv ships the 2020-12 meta-schema ${file}.json`,
      );
    holds(
      typeof require('ajv/dist/runtime/equal').default === 'function',
      'meta-schema.generated.ts',
      "Ajv's runtime module ajv/dist/runtime/equal exists (npm run generate rebuilds the file)",
    );
  });

  it('shipped-documents.ts: the documents each older-dialect engine carries (shippedUris)', () => {
    for (const [dialect, engine] of [
      ['draft-07', new Ajv({ strict: false, logger: false })],
      ['2019-09', new Ajv2019({ strict: false, logger: false })],
    ] as const) {
      // What the engine resolves without being given a document: its meta-schemas and their alias.
      const carried = Object.keys(engine.refs).sort();
      holds(
        JSON.stringify(carried) === JSON.stringify([...shippedUris(dialect)].sort()),
        'engine/shipped-documents.ts (shippedUris)',
        `Ajv's ${dialect} engine carries exactly ${[...shippedUris(dialect)]} (it has ${carried})`,
      );
      // And the file read for each is the document the engine holds under it.
      for (const uri of shippedUris(dialect))
        holds(
          JSON.stringify(shippedDocument(dialect, uri)) === JSON.stringify(engine.getSchema(uri)?.schema),
          'engine/shipped-documents.ts (shippedDocument)',
          `Ajv's ${dialect} engine holds the file's document under ${uri}`,
        );
    }
  });

  it('engine.ts: ajv-formats checks every format of AJV_FORMATS in full mode', () => {
    const { fullFormats } = require('ajv-formats/dist/formats') as { fullFormats: Record<string, unknown> };
    const missing = AJV_FORMATS.filter((f) => fullFormats[f] === undefined);
    holds(
      missing.length === 0,
      'formats/asserted.ts',
      `ajv-formats has ${AJV_FORMATS.join(', ')} (missing: ${missing})`,
    );
  });
});

// Refusals of the legacy front end that exist only because raw Ajv resolves a reference elsewhere than the
// index: each says whether Ajv still does, so that a fixed Ajv lets the refusal go.
describe('Ajv reference resolutions the legacy gates refuse', () => {
  it('legacy-engine-gaps.ts (SCOPE_KEPT_NAMES): a pointer step named "properties" drops the $id there', () => {
    const v = new Ajv({ strict: false, logger: false }).compile({
      $id: 'http://x.test/root.json',
      properties: { p: { $ref: '#/definitions/properties' } },
      definitions: {
        x: { type: 'number' },
        properties: {
          $id: 'sub.json',
          definitions: { x: { type: 'string' } },
          properties: { q: { $ref: '#/definitions/x' } },
        },
      },
    });
    holds(v({ p: { q: 1 } }), 'schema/legacy-engine-gaps.ts (SCOPE_KEPT_NAMES)', 'Ajv resolves q against the root');
  });

  it('uri-spelling.ts: Ajv reads a backslash, an unreserved escape and a scheme without "//" unlike WHATWG URL', () => {
    const base = 'http://x.test/d/root.json';
    const resolve = (ref: string): string => resolveUrl(new Ajv().opts.uriResolver, base, ref);
    holds(resolve('a\\b.json') !== new URL('a\\b.json', base).href, 'schema/uri-spelling.ts', 'a backslash differs');
    holds(resolve('%61.json') === 'http://x.test/d/a.json', 'schema/uri-spelling.ts', 'Ajv decodes %61');
    holds(resolve('http:foo') === 'http:foo', 'schema/uri-spelling.ts', 'Ajv reads http:foo as an absolute URI');
    holds(new URL('http:foo', base).href === 'http://x.test/d/foo', 'schema/uri-spelling.ts', 'WHATWG: a path');
  });

  it('legacy-engine-gaps.ts: a draft-07 $id with a pointer fragment names its own subschema for Ajv', () => {
    const v = new Ajv({ strict: false, logger: false }).compile({
      $id: 'http://x.test/root.json',
      properties: { p: { $ref: 'x.json#/definitions/a' } },
      definitions: { n: { $id: 'x.json#/definitions/a', type: 'string', definitions: { a: { type: 'number' } } } },
    });
    holds(v({ p: 's' }) && !v({ p: 1 }), 'schema/legacy-engine-gaps.ts', 'Ajv takes the $id holder itself');
  });
});
