import type { LegacyDialect } from './legacy-keywords.js';
import { shippedDocument } from './engine/shipped-documents.js';
import {
  emptyIndex,
  indexDocument,
  splitFragment,
  targetOf,
  type Identification,
  type ResourceIndex,
} from './references.js';
import { walkSchema } from './walk.js';

// A reference into a meta-schema an engine carries (engine/shipped-documents.ts) is resolved by the engine, not
// from the pipeline's documents: it was taken as found whatever its fragment named. A pointer to a string
// (`…/schema#/title`), a number, `$vocabulary` or a `default` value reached the engine, which compiled it as a
// schema that accepts everything (a hunt's find; the JSON Schema Test Suite has no such case). Such a target is
// judged as one in a pulled document is: a location that is not there is unresolved, and one outside the schema
// positions is not followed (Core §9.4.2, reference-places.ts).

/** A shipped document read as the pipeline reads its own: its index, and the pointers of its schema positions. */
interface ShippedView {
  readonly index: ResourceIndex;
  readonly places: ReadonlySet<string>;
}

const views = new Map<string, ShippedView>();

function viewOf(dialect: '2020-12' | LegacyDialect, uri: string, ident: Identification): ShippedView | undefined {
  const key = `${dialect} ${uri}`;
  let view = views.get(key);
  if (view === undefined) {
    const doc = shippedDocument(dialect, uri);
    if (doc === undefined) return undefined;
    const index = emptyIndex();
    indexDocument(index, doc, uri, ident);
    const places = new Set<string>();
    walkSchema(doc, ({ pointer }) => void places.add(pointer), { positions: ident.positions, booleans: true });
    view = { index, places };
    views.set(key, view);
  }
  return view;
}

/**
 * Why a reference to `target`, a location in a document `dialect`'s engine carries, cannot be followed: `missing`
 * (the document has no such location), `off_place` (a JSON Pointer to a place that is not a subschema); undefined
 * when it names a subschema of that document.
 */
export function shippedTargetProblem(
  dialect: '2020-12' | LegacyDialect,
  target: string,
  ident: Identification,
): 'missing' | 'off_place' | undefined {
  const { base, fragment } = splitFragment(target);
  const view = viewOf(dialect, base, ident);
  if (view === undefined) return 'missing';
  const found = targetOf(view.index, target);
  if (found === undefined || found === 'external') return 'missing';
  // An anchor names a walked subschema, as in a pulled document.
  if (!fragment.startsWith('/')) return undefined;
  return view.places.has(found.pointer) ? undefined : 'off_place';
}
