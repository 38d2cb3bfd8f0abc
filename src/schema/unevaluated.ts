import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { escapePointerToken } from '../util/json-pointer.js';
import { followPointer, splitFragment } from './references.js';
import { boundedRegExp } from '../regex/bound.js';
import { isObject } from '../util/plain-json.js';

/**
 * toolgate's own `unevaluatedProperties` / `unevaluatedItems` (Core §11.2, §11.3), installed in
 * place of Ajv's, which collects annotations wrongly with `contains`, with `if` lacking
 * `then`/`else` and with `items` inside `anyOf`. Annotations are computed here from the schema
 * (Core §7.7.1: only from subschemas that validated); whether a subschema validated is asked of
 * Ajv, through validators of the same compiled document, so assertions stay Ajv's.
 */

/** Where a schema object sits: the `$id` its document is registered under and its pointer. */
interface Location {
  readonly rootId: string;
  readonly root: unknown;
  readonly pointer: string;
}

const locations = new WeakMap<object, Location>();
/** Guards in-place recursion that Ajv itself would also never finish (an execution limit). */
const MAX_DEPTH = 500;

const hasOwn = (o: object, k: string): boolean => Object.hasOwn(o, k);

/** Does a document use either keyword anywhere? Then it is compiled with this module's support. */
export function usesUnevaluated(doc: unknown): boolean {
  let found = false;
  const visit = (v: unknown): void => {
    if (found || v === null || typeof v !== 'object') return;
    if (!Array.isArray(v) && (hasOwn(v, 'unevaluatedProperties') || hasOwn(v, 'unevaluatedItems'))) found = true;
    for (const c of Object.values(v)) visit(c);
  };
  visit(doc);
  return found;
}

/**
 * Records the pointer of every object in a document registered under `rootId`, so the keywords
 * can find their siblings' validators. References in the document must be local pointers.
 */
export function registerDocument(root: unknown, rootId: string): void {
  const visit = (v: unknown, pointer: string): void => {
    if (v === null || typeof v !== 'object') return;
    if (!Array.isArray(v)) locations.set(v, { rootId, root, pointer });
    if (Array.isArray(v)) for (const [i, c] of v.entries()) visit(c, `${pointer}/${i}`);
    else
      for (const k of Object.keys(v)) visit((v as Record<string, unknown>)[k], `${pointer}/${escapePointerToken(k)}`);
  };
  visit(root, '');
}

type Evaluated = Set<string | number> | 'all';

class Annotations {
  private readonly validators = new Map<string, ValidateFunction>();
  constructor(
    private readonly ajv: Ajv2020,
    private readonly loc: Location,
  ) {}

  valid(pointer: string, data: unknown): boolean {
    let v = this.validators.get(pointer);
    if (v === undefined) {
      const fragment = pointer
        .split('/')
        .map((s) => encodeURIComponent(s))
        .join('/');
      v = this.ajv.getSchema(`${this.loc.rootId}#${fragment}`);
      if (v === undefined) throw new Error(`unevaluated: no validator for ${pointer}`);
      this.validators.set(pointer, v);
    }
    return v(data) === true;
  }

  /**
   * What a schema that validated `data` evaluated of it (property names or item indexes), from
   * its own keywords and in-place subschemas (Core §10.2); `skipSelf` leaves out the keyword asking.
   */
  evaluated(
    node: unknown,
    pointer: string,
    data: unknown,
    items: boolean,
    skipSelf: boolean,
    depth: number,
  ): Evaluated {
    if (depth > MAX_DEPTH) throw new RangeError('unevaluated: in-place applicators nest too deeply');
    const out = new Set<string | number>();
    if (!isObject(node)) return out;
    const has = (k: string): boolean => hasOwn(node, k);
    if (items) {
      if (!Array.isArray(data)) return out;
      if (has('items') || (has('unevaluatedItems') && !skipSelf)) return 'all';
      const prefix = node['prefixItems'];
      if (Array.isArray(prefix)) for (let i = 0; i < Math.min(prefix.length, data.length); i++) out.add(i);
      if (has('contains'))
        data.forEach((item, i) => {
          if (this.valid(`${pointer}/contains`, item)) out.add(i);
        });
    } else {
      if (!isObject(data)) return out;
      if (has('additionalProperties') || (has('unevaluatedProperties') && !skipSelf)) return 'all';
      const props = node['properties'];
      if (isObject(props)) for (const k of Object.keys(props)) if (hasOwn(data, k)) out.add(k);
      const patterns = node['patternProperties'];
      if (isObject(patterns)) {
        const res = Object.keys(patterns).map((p) => boundedRegExp(p, 'u'));
        for (const k of Object.keys(data)) if (res.some((r) => r.test(k))) out.add(k);
      }
    }
    const merge = (sub: string): boolean => {
      const got = this.evaluated(followPointer(node, sub), `${pointer}${sub}`, data, items, false, depth + 1);
      if (got === 'all') return true;
      for (const x of got) out.add(x);
      return false;
    };
    const seg = (k: string): string => `/${escapePointerToken(k)}`;
    for (const k of ['allOf', 'anyOf', 'oneOf']) {
      const list = node[k];
      if (!Array.isArray(list)) continue;
      for (let i = 0; i < list.length; i++) {
        // allOf: every entry validated when the parent did; anyOf/oneOf: only those that validated.
        if ((k === 'allOf' || this.valid(`${pointer}/${k}/${i}`, data)) && merge(`/${k}/${i}`)) return 'all';
      }
    }
    if (has('if')) {
      const branch = this.valid(`${pointer}/if`, data) ? 'then' : 'else';
      if (branch === 'then' && merge('/if')) return 'all';
      if (has(branch) && merge(`/${branch}`)) return 'all';
    }
    const dependent = node['dependentSchemas'];
    if (!items && isObject(dependent) && isObject(data)) {
      for (const k of Object.keys(dependent)) if (hasOwn(data, k) && merge(`/dependentSchemas${seg(k)}`)) return 'all';
    }
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const target = splitFragment(ref).fragment;
      const got = this.evaluated(followPointer(this.loc.root, target), target, data, items, false, depth + 1);
      if (got === 'all') return 'all';
      for (const x of got) out.add(x);
    }
    return out;
  }
}

function makeKeyword(ajv: Ajv2020, keyword: 'unevaluatedProperties' | 'unevaluatedItems') {
  const items = keyword === 'unevaluatedItems';
  return (schema: unknown, parentSchema: object): ((data: unknown, cxt?: { instancePath: string }) => boolean) => {
    const loc = locations.get(parentSchema);
    if (loc === undefined) throw new Error(`"${keyword}" outside a document registered for annotation tracking`);
    const annotations = new Annotations(ajv, loc);
    const subPointer = `${loc.pointer}/${keyword}`;
    const check = (data: unknown, cxt?: { instancePath: string }): boolean => {
      const seen = annotations.evaluated(parentSchema, loc.pointer, data, items, true, 0);
      const errors: ErrorObject[] = [];
      if (seen !== 'all') {
        const base = cxt?.instancePath ?? '';
        const entries: [string | number, unknown][] = items
          ? (data as unknown[]).map((v, i) => [i, v])
          : Object.keys(data as object).map((k) => [k, (data as Record<string, unknown>)[k]]);
        for (const [key, value] of entries) {
          if (seen.has(key)) continue;
          if (schema !== false && annotations.valid(subPointer, value)) continue;
          const params = items ? { unevaluatedItem: key } : { unevaluatedProperty: key };
          errors.push({
            keyword,
            instancePath: schema === false ? base : `${base}/${escapePointerToken(String(key))}`,
            schemaPath: '',
            params,
            message: items ? 'must NOT have unevaluated items' : 'must NOT have unevaluated properties',
          });
        }
      }
      (check as { errors?: ErrorObject[] | null }).errors = errors.length > 0 ? errors : null;
      return errors.length === 0;
    };
    return check;
  };
}

/** Replaces Ajv's two keywords with toolgate's on one engine instance. */
export function installUnevaluated(ajv: Ajv2020): void {
  for (const keyword of ['unevaluatedProperties', 'unevaluatedItems'] as const) {
    ajv.removeKeyword(keyword);
    ajv.addKeyword({
      keyword,
      type: keyword === 'unevaluatedItems' ? 'array' : 'object',
      schemaType: ['object', 'boolean'],
      errors: true,
      compile: makeKeyword(ajv, keyword),
    });
  }
}
