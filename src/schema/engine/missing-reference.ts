// What an Ajv compile that stopped at a reference it could not resolve says about it. Every front end resolves
// every reference before compiling (pipeline.ts), so this is a disagreement between toolgate's reference index
// and the engine, refused (compile-2020.ts, legacy-front-end.ts). Both read Ajv's MissingRefError here, by
// shape, not class, so that no file outside the engine knows its fields or its message.

/**
 * The document a compile found missing, when Ajv threw its MissingRefError: `uri` is the document ('' for the
 * root itself, whose missing fragment `ref` names).
 */
export function missingDocument(thrown: unknown): { uri: string; ref: string | undefined } | undefined {
  const field = (name: string): string | undefined => {
    if (typeof thrown !== 'object' || thrown === null) return undefined;
    const d = Object.getOwnPropertyDescriptor(thrown, name);
    return d !== undefined && typeof d.value === 'string' ? d.value : undefined;
  };
  const uri = field('missingSchema');
  return uri === undefined ? undefined : { uri, ref: field('missingRef') };
}

/** The reference as written, when `message` is the text of Ajv's MissingRefError; only the text carries it. */
export function missingReferenceText(message: string): string | undefined {
  return /can't resolve reference (.*) from id/.exec(message)?.[1];
}
