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
}

/** SchemaOptions with every default applied. */
export interface ResolvedOptions {
  readonly schemaRegistry: Readonly<Record<string, object | boolean>>;
  readonly schemaLoader: ((uri: string) => object | boolean | undefined) | undefined;
  readonly formatAssertion: boolean;
  readonly contentAssertion: boolean;
  readonly unknownKeywords: 'annotate' | 'reject';
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
  };
}
