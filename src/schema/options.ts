import { DEFAULT_LIMITS, resolveLimits, type Limits } from '../util/limits.js';
import { BOOLEAN, FUNCTION, OBJECT, oneOf, listOf, type OptionTable } from '../util/option-table.js';

/** Options shared by validateSchema, validate and everything built on them. */
export interface SchemaOptions {
  /** URI -> schema document, for `$ref`s to other documents and custom meta-schemas. Never fetched. */
  readonly schemaRegistry?: Readonly<Record<string, object | boolean>>;
  /** Called only for URIs the registry lacks; returning undefined means "not found". */
  readonly schemaLoader?: (uri: string) => object | boolean | undefined;
  /** Default false: `format` is an annotation. True asserts every Draft 2020-12 format. */
  readonly formatAssertion?: boolean;
  /** Default false: `content*` are annotations. True checks base64, application/json and contentSchema. */
  readonly contentAssertion?: boolean;
  /** Default 'annotate': unknown keywords are annotations; 'reject' refuses them. */
  readonly unknownKeywords?: 'annotate' | 'reject';
  /** Bounds on schemas and arguments; each omitted one takes its DEFAULT_LIMITS value. */
  readonly limits?: Partial<Limits>;
  /** Default ['2020-12']: dialects a root `$schema` may declare; see src/schema/engine/legacy-engine.ts. */
  readonly dialects?: ReadonlyArray<'2020-12' | '2019-09' | 'draft-07'>;
  /**
   * Default 'eager': the validator is compiled before validateSchema returns. 'lazy': every check that decides
   * the verdict still runs there, and a small schema without references has its validator compiled on its
   * first call instead, then kept (src/schema/deferral.ts); any other schema is compiled at once.
   */
  readonly compile?: 'eager' | 'lazy';
}

/** What each SchemaOptions field may hold; the one list of the keys validateSchema and every caller read. */
export const SCHEMA_OPTION_TABLE: OptionTable<SchemaOptions> = {
  schemaRegistry: OBJECT,
  schemaLoader: FUNCTION,
  formatAssertion: BOOLEAN,
  contentAssertion: BOOLEAN,
  unknownKeywords: oneOf('annotate', 'reject'),
  // Each limit is checked against the limits table (util/limits.ts).
  limits: OBJECT,
  dialects: listOf('2020-12', '2019-09', 'draft-07'),
  compile: oneOf('eager', 'lazy'),
};

/** SchemaOptions with every default applied. */
export interface ResolvedOptions {
  readonly schemaRegistry: Readonly<Record<string, object | boolean>>;
  readonly schemaLoader: ((uri: string) => object | boolean | undefined) | undefined;
  readonly formatAssertion: boolean;
  readonly contentAssertion: boolean;
  readonly unknownKeywords: 'annotate' | 'reject';
  /** Invalid limits fall back to defaults here; compileSchema refuses them first (resolveLimits). */
  readonly limits: Limits;
  /** Enabled older dialects (2020-12 is always on). */
  readonly dialects: ReadonlySet<'2019-09' | 'draft-07'>;
  /** Whether a deferrable schema's compile waits for its first call. */
  readonly lazy: boolean;
}

/** Applies defaults without trusting the shape of what the caller passed. */
export function resolveOptions(options: SchemaOptions | undefined): ResolvedOptions {
  const o: SchemaOptions = options !== null && typeof options === 'object' ? options : {};
  const registry = o.schemaRegistry !== null && typeof o.schemaRegistry === 'object' ? o.schemaRegistry : {};
  return {
    schemaRegistry: registry,
    schemaLoader: typeof o.schemaLoader === 'function' ? o.schemaLoader : undefined,
    formatAssertion: o.formatAssertion === true,
    contentAssertion: o.contentAssertion === true,
    unknownKeywords: o.unknownKeywords === 'reject' ? 'reject' : 'annotate',
    limits: ((l) => (l.ok ? l.value : DEFAULT_LIMITS))(resolveLimits(o.limits)),
    dialects: new Set(
      Array.isArray(o.dialects)
        ? o.dialects.filter((d): d is '2019-09' | 'draft-07' => d === '2019-09' || d === 'draft-07')
        : [],
    ),
    lazy: o.compile === 'lazy',
  };
}
