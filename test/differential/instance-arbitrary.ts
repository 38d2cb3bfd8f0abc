// Instances for one generated schema, biased to land on both sides of its constraints: values
// built by following the schema (its properties, items, const/enum, references), and values drawn
// from what the schema mentions (its names, its bounds and their neighbours, multiples of its
// divisors, strings near the edges of its formats), next to plain random JSON, and arrays of arrays
// and objects of arrays, the shapes that meet keywords applied per element (element-loops.ts).
// Reads every dialect's words (array-form `items`, `additionalItems`, `definitions`, `dependencies`,
// `$recursiveRef`).
import fc from 'fast-check';
import { FORMAT_SAMPLES } from './format-pools.js';
import { NAMES, PATTERNS, STRINGS } from './pools.js';
import { jsonValue } from './schema-arbitrary.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

interface Hints {
  names: Set<string>;
  numbers: Set<number>;
  strings: Set<string>;
  /** Strings near the edges of the formats the schema names (format-pools.ts). */
  formatted: Set<string>;
  values: unknown[];
  /** Subschemas by the reference strings assemble.ts writes. */
  targets: Map<string, unknown>;
  /** Nodes carrying an anchor "T", for $dynamicRef. */
  anchored: unknown[];
}

const NUMERIC = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];

function collect(h: Hints, node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) collect(h, n);
    return;
  }
  if (!isObj(node)) return;
  if (node['$anchor'] === 'T' || node['$dynamicAnchor'] === 'T') h.anchored.push(node);
  for (const k of NUMERIC) {
    const v = node[k];
    if (typeof v === 'number') for (const d of [0, 1, -1, 0.5, -0.5, 1e-9]) h.numbers.add(v + d);
  }
  const m = node['multipleOf'];
  if (typeof m === 'number')
    for (const k of [-1, 0, 1, 2, 3, 7]) {
      h.numbers.add(m * k);
      h.numbers.add(Number((m * k).toPrecision(12)));
    }
  for (const k of ['minLength', 'maxLength']) {
    const n = node[k];
    if (typeof n === 'number')
      for (const len of [n - 1, n, n + 1]) if (len >= 0) h.strings.add(Array.from('😀a😀').slice(0, len).join(''));
  }
  if (typeof node['pattern'] === 'string') for (const s of PATTERNS[node['pattern']] ?? []) h.strings.add(s);
  if (typeof node['format'] === 'string') for (const s of FORMAT_SAMPLES[node['format']] ?? []) h.formatted.add(s);
  if ('const' in node) h.values.push(node['const']);
  if (Array.isArray(node['enum'])) h.values.push(...node['enum']);
  for (const k of ['properties', 'dependentSchemas', 'dependentRequired', 'dependencies']) {
    const map = node[k];
    if (isObj(map)) for (const name of Object.keys(map)) h.names.add(name);
  }
  if (isObj(node['patternProperties']))
    for (const p of Object.keys(node['patternProperties'])) for (const s of PATTERNS[p] ?? []) h.names.add(s);
  for (const list of [
    node['required'],
    ...(isObj(node['dependentRequired']) ? Object.values(node['dependentRequired']) : []),
    ...(isObj(node['dependencies']) ? Object.values(node['dependencies']) : []),
  ])
    if (Array.isArray(list)) for (const name of list) if (typeof name === 'string') h.names.add(name);
  for (const [k, v] of Object.entries(node)) if (k !== 'const' && k !== 'enum') collect(h, v);
}

function hintsOf(schema: unknown): Hints {
  const h: Hints = {
    names: new Set(NAMES.slice(0, 3)),
    numbers: new Set([0, 1]),
    strings: new Set(STRINGS.slice(0, 3)),
    formatted: new Set(),
    values: [],
    targets: new Map(),
    anchored: [],
  };
  collect(h, schema);
  if (isObj(schema)) {
    h.targets.set('#', schema).set('root.json', schema);
    for (const word of ['$defs', 'definitions']) {
      const defs = schema[word];
      if (isObj(defs))
        for (const [k, d] of Object.entries(defs)) {
          h.targets.set(`#/${word}/${k}`, d).set(`root.json#/${word}/${k}`, d);
          if (isObj(d) && typeof d['$id'] === 'string') h.targets.set(d['$id'], d);
        }
    }
  }
  return h;
}

/** What a schema mentions, as instance values: scalars, its const/enum values, objects over its names. */
function hinted(h: Hints): fc.Arbitrary<unknown> {
  const scalars = [fc.constantFrom(...h.numbers), fc.constantFrom(...h.strings, ...h.names), fc.constant(null)];
  if (h.formatted.size > 0) scalars.push(fc.constantFrom(...h.formatted));
  const scalar = fc.oneof(...scalars);
  const named = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...h.names), scalar), { selector: (e) => e[0], maxLength: 3 })
    .map((e) => Object.fromEntries(e));
  // Nested arrays: an element that passes a per-element keyword followed by one that fails it.
  const nested = fc.array(fc.array(scalar, { maxLength: 2 }), { minLength: 1, maxLength: 3 });
  const objectOfNested = fc
    .uniqueArray(fc.tuple(fc.constantFrom(...h.names), nested), { selector: (e) => e[0], minLength: 1, maxLength: 2 })
    .map((e) => Object.fromEntries(e));
  const arms: fc.Arbitrary<unknown>[] = [scalar, named, fc.array(scalar, { maxLength: 3 }), jsonValue];
  arms.push(nested, objectOfNested);
  if (h.values.length > 0) arms.push(fc.constantFrom(...h.values));
  return fc.oneof(...arms);
}

function objectFor(h: Hints, node: Obj, depth: number): fc.Arbitrary<unknown> {
  const parts: fc.Arbitrary<[string, unknown] | null>[] = [];
  const props = isObj(node['properties']) ? node['properties'] : {};
  for (const [name, sub] of Object.entries(props))
    parts.push(
      fc.option(
        guided(h, sub, depth - 1).map((v): [string, unknown] => [name, v]),
        { freq: 2 },
      ),
    );
  if (Array.isArray(node['required']))
    for (const name of node['required'])
      parts.push(
        fc.option(
          hinted(h).map((v): [string, unknown] => [String(name), v]),
          { freq: 4 },
        ),
      );
  if (isObj(node['patternProperties']))
    for (const [p, sub] of Object.entries(node['patternProperties']))
      parts.push(
        fc.option(fc.tuple(fc.constantFrom(...(PATTERNS[p] ?? ['x'])), guided(h, sub, depth - 1)), { freq: 2 }),
      );
  const other = node['additionalProperties'];
  // Empty containers after guided values, for per-element keywords under additionalProperties.
  const empty = fc.constantFrom([], {});
  const value = isObj(other) ? fc.oneof(hinted(h), guided(h, other, depth - 1), empty) : fc.oneof(hinted(h), empty);
  const extra = fc.array(fc.tuple(fc.constantFrom(...h.names), value), { maxLength: 2 });
  return fc.tuple(fc.tuple(...parts), extra).map(([found, more]) => {
    const entries = [...found.filter((e): e is [string, unknown] => e !== null), ...more];
    return Object.fromEntries(new Map(entries));
  });
}

function arrayFor(h: Hints, node: Obj, depth: number): fc.Arbitrary<unknown> {
  // 2020-12 `prefixItems` + `items`, or the older array-form `items` + `additionalItems`.
  const tuple = Array.isArray(node['items']);
  const prefix = Array.isArray(node['prefixItems']) ? node['prefixItems'] : tuple ? (node['items'] as unknown[]) : [];
  const rest = [tuple ? node['additionalItems'] : node['items'], node['contains']].filter((s) => s !== undefined);
  const item = rest.length > 0 ? fc.oneof(...rest.map((s) => guided(h, s, depth - 1))) : hinted(h);
  // One array in four ends with an empty container shaped like its last element: an element that
  // passes a per-element keyword, then one that fails it ([[1],[]]), finds state left from the first.
  const head = fc.tuple(...prefix.map((s) => guided(h, s, depth - 1)));
  return fc.tuple(head, fc.array(item, { maxLength: 3 }), fc.nat(4), fc.nat(3)).map(([first, tail, cut, end]) => {
    const all = [...first, ...tail];
    const last = all[all.length - 1];
    if (end === 0 && typeof last === 'object' && last !== null) return [...all, Array.isArray(last) ? [] : {}];
    return all.slice(0, all.length - (cut % 2 === 0 ? 0 : cut));
  });
}

/** A value of the JSON type, from what the schema mentions (`integer`: a whole number). */
function ofType(h: Hints, type: string): fc.Arbitrary<unknown> {
  const numbers = [...h.numbers];
  if (type === 'string') return fc.constantFrom(...h.strings, ...h.names, ...h.formatted);
  if (type === 'number') return fc.constantFrom(...numbers);
  if (type === 'integer') return fc.constantFrom(0, ...numbers.filter((n) => Number.isInteger(n)));
  if (type === 'boolean') return fc.boolean();
  if (type === 'null') return fc.constant(null);
  return hinted(h);
}

/** Values shaped by the schema node, `depth` levels of subschemas and references deep. */
function guided(h: Hints, node: unknown, depth: number): fc.Arbitrary<unknown> {
  if (depth <= 0 || !isObj(node)) return hinted(h);
  const arms: fc.Arbitrary<unknown>[] = [hinted(h)];
  const types = typeof node['type'] === 'string' ? [node['type']] : node['type'];
  if (Array.isArray(types)) for (const t of types) arms.push(ofType(h, String(t)));
  if ('const' in node) arms.push(fc.constant(node['const']));
  const samples = typeof node['format'] === 'string' ? FORMAT_SAMPLES[node['format']] : undefined;
  // Twice, so that most instances drawn for a formatted node are near the edges of its format.
  if (samples !== undefined) arms.push(fc.constantFrom(...samples), fc.constantFrom(...samples));
  if (Array.isArray(node['enum']) && node['enum'].length > 0) arms.push(fc.constantFrom(...node['enum']));
  const ref = typeof node['$ref'] === 'string' ? h.targets.get(node['$ref']) : undefined;
  if (ref !== undefined) arms.push(guided(h, ref, depth - 1));
  if (typeof node['$recursiveRef'] === 'string') arms.push(guided(h, h.targets.get('#'), depth - 1));
  if (typeof node['$dynamicRef'] === 'string' && h.anchored.length > 0)
    arms.push(fc.oneof(...h.anchored.map((t) => guided(h, t, depth - 1))));
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[k];
    if (Array.isArray(list) && list.length > 0) arms.push(fc.oneof(...list.map((s) => guided(h, s, depth - 1))));
  }
  for (const k of ['if', 'then', 'else', 'not', 'dependentSchemas'])
    if (isObj(node[k])) arms.push(guided(h, k === 'dependentSchemas' ? { properties: node[k] } : node[k], depth - 1));
  if (['properties', 'patternProperties', 'required', 'additionalProperties', 'dependencies'].some((k) => k in node))
    arms.push(objectFor(h, node, depth));
  if (['prefixItems', 'items', 'contains'].some((k) => k in node)) arms.push(arrayFor(h, node, depth));
  return fc.oneof(...arms);
}

/** `count` instances for the schema, each from the guided, hinted or random arm. */
export function instancesFor(schema: unknown, count: { min: number; max: number }): fc.Arbitrary<unknown[]> {
  const h = hintsOf(schema);
  return fc.array(fc.oneof(guided(h, schema, 4), hinted(h)), { minLength: count.min, maxLength: count.max });
}
