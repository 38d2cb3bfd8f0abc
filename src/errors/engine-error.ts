/**
 * One broken rule as an engine reports it, in no engine's own type: what errors/ turns into violations and
 * schema/ into meta-schema refusals. The engine (schema/engine/) produces these from its own errors; Ajv's
 * `ErrorObject` has these fields under these names, so Ajv's list is handed over as is, checked by the compiler.
 */
export interface EngineError {
  /** The keyword that failed (`required`, `type`, a toolgate keyword such as `json`). */
  readonly keyword: string;
  /** RFC 6901 pointer to the failing place in the instance (`""` for the root). */
  readonly instancePath: string;
  /** The keyword's location in the compiled schema: `#/...` inside the root document, else `uri#/...`. */
  readonly schemaPath: string;
  /** What the keyword needs to say why (Ajv's params: `missingProperty`, `limit`, `allowedValues`, ...). */
  readonly params: Readonly<Record<string, unknown>>;
  /** Set on the errors of a `propertyNames` subschema: the property name they are about (Core §10.3.2.4). */
  readonly propertyName?: string;
  /** The engine's own sentence, used only for a keyword toolgate has no message of its own for. */
  readonly message?: string;
}
