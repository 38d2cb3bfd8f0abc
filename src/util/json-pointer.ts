/** RFC 6901: `~` becomes `~0`, `/` becomes `~1`. */
export function escapePointerToken(token: string): string {
  // The common case allocates nothing: violation paths repeat this per segment of deep values.
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Reverses escapePointerToken. */
export function unescapePointerToken(token: string): string {
  if (!token.includes('~')) return token;
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Builds a JSON Pointer from segments. */
export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${escapePointerToken(String(s))}`).join('');
}

/** Splits a JSON Pointer (`''` is the root) into unescaped segments; undefined when malformed. */
export function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map(unescapePointerToken);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The JSONPath-like form the model reads: `$`, `$.days`, `$.tags[1]`, `$["a b"]`.
 * Array indices are told apart from numeric keys by the value itself, so the caller passes
 * the segments with numbers for indices.
 */
export function pathOf(segments: readonly (string | number)[]): string {
  let out = '$';
  for (const s of segments) out += typeof s === 'number' ? `[${s}]` : keySegment(s);
  return out;
}

/** A member name as a step of such a path: `.days`, or `["a b"]` (quoted: JSON escapes its controls and quotes). */
export function keySegment(key: string): string {
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

/** Segments of an instance pointer, with indices as numbers where the data holds an array there. */
export function typedSegments(data: unknown, pointer: string): (string | number)[] {
  const segments = pointerSegments(pointer) ?? [];
  const out: (string | number)[] = [];
  let node: unknown = data;
  for (const seg of segments) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(seg)) {
      out.push(Number(seg));
      node = node[Number(seg)];
    } else {
      out.push(seg);
      node =
        node !== null && typeof node === 'object' && Object.hasOwn(node, seg)
          ? (node as Record<string, unknown>)[seg]
          : undefined;
    }
  }
  return out;
}

/** The node a JSON Pointer names inside a JSON value (own properties only); undefined when absent. */
export function nodeAt(root: unknown, pointer: string): unknown {
  const segments = pointerSegments(pointer);
  if (segments === undefined) return undefined;
  let node = root;
  for (const s of segments) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, s)) return undefined;
    node = (node as Record<string, unknown>)[s];
  }
  return node;
}

/**
 * Ajv reports schema locations as URI fragments (`#/properties/a%20b`); this is the plain JSON Pointer, or the text as
 * is when it is not one.
 */
export function fragmentPointer(schemaPath: string): string {
  if (!schemaPath.startsWith('#')) return schemaPath;
  try {
    return decodeURIComponent(schemaPath.slice(1));
  } catch {
    return schemaPath.slice(1);
  }
}
