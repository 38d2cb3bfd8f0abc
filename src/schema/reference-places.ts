import { schemaViolation, type Violation } from '../result.js';
import { echo, quote } from '../util/describe-value.js';
import { escapePointerToken, pointerSegments } from '../util/json-pointer.js';
import { splitFragment, targetOf, type Identification, type ResourceIndex } from './references.js';
import { walkSchema } from './walk.js';

// A reference must land on a subschema the gates read. Core §9.4.2: a target inside an unknown keyword's value, a
// `default` or `examples` value, or a map of names is not known to be a schema, and what a validator does with it
// is undefined. Ajv compiles such a target as a schema all the same, yet no gate has read it (patterns, keywords,
// formats, limits, the `__proto__` rewrite): `{"$ref": "#/foo"}` beside `"foo": {"pattern": "^(a+)+$"}` would run an
// exponential pattern the same schema has refused in place. So such a reference is refused, as one into `enum` or
// `const` data is (ajv-only.ts). `definitions` is walked as a schema position in every dialect (walk.ts).

/** A document of the pipeline: where it came from and its private copy. */
interface PlacedDocument {
  readonly uri: string;
  readonly schema: unknown;
}

/**
 * The references of `index` whose JSON Pointer target is not a subschema in the positions `ident` walks, each as a
 * violation at the reference (`rootUri`'s locations are bare pointers); anchors and unresolved targets are left
 * to the resolver.
 */
export function offPlaceReferences(
  index: ResourceIndex,
  documents: readonly PlacedDocument[],
  ident: Pick<Identification, 'positions'>,
  rootUri: string,
): Violation[] {
  const walked = new Map<string, ReadonlySet<string>>();
  const placesOf = (docUri: string): ReadonlySet<string> => {
    let places = walked.get(docUri);
    if (places === undefined) {
      const set = new Set<string>();
      const doc = documents.find((d) => d.uri === docUri);
      walkSchema(doc?.schema, ({ pointer }) => void set.add(pointer), { positions: ident.positions, booleans: true });
      places = set;
      walked.set(docUri, places);
    }
    return places;
  };
  const out: Violation[] = [];
  for (const ref of index.references) {
    if (ref.target === undefined) continue;
    // Only a JSON Pointer fragment can step out of the walked positions: an anchor names a walked subschema.
    if (!splitFragment(ref.target).fragment.startsWith('/')) continue;
    const found = targetOf(index, ref.target);
    if (found === undefined || found === 'external') continue;
    const places = placesOf(found.docUri);
    if (places.has(found.pointer)) continue;
    const at = ref.docUri === rootUri ? ref.schemaPath : `${ref.docUri}#${ref.schemaPath}`;
    out.push(
      schemaViolation(
        ref.keyword,
        `reference ${echo(ref.value)} cannot be followed exactly: it points into the value of ` +
          `${quote(leavingKeyword(found.pointer, places))}, which is not a schema position (Core §9.4.2)`,
        at,
        'not_enforceable',
      ),
    );
  }
  return out;
}

/** The member of the deepest walked subschema above `pointer` that the pointer steps into. */
function leavingKeyword(pointer: string, places: ReadonlySet<string>): string {
  const segments = pointerSegments(pointer) ?? [];
  let prefix = '';
  let after = 0;
  for (const [i, segment] of segments.entries()) {
    prefix = `${prefix}/${escapePointerToken(segment)}`;
    if (places.has(prefix)) after = i + 1;
  }
  return segments[after] ?? '';
}
