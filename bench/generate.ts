/**
 * Tool-call generator for the benchmark: valid arguments sampled from a tool's input schema, and
 * invalid ones made from a valid call with one to three violations. Generation is a heuristic; every
 * call is then checked by a reference validator (see `generateCalls`), so a wrong guess is dropped,
 * never measured as the wrong kind of call.
 */

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Node = Record<string, unknown>;
type Variant = 'min' | 'mid' | 'full';

/** Calls generated for one schema. */
export interface GeneratedCalls {
  readonly valid: unknown[];
  /** Each with the number of violations it was built with (1 to 3). */
  readonly invalid: { args: unknown; violations: number }[];
}

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Strings that satisfy the common formats, so the calls look like real ones. */
const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-05-06T07:08:09Z',
  date: '2024-05-06',
  time: '07:08:09Z',
  duration: 'P3D',
  email: 'dev@example.com',
  'idn-email': 'dev@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/a',
  'uri-reference': '/a/b',
  iri: 'https://example.com/a',
  'iri-reference': '/a',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  'json-pointer': '/a/0',
  regex: '^a+$',
  'uri-template': 'https://example.com/{id}',
  'relative-json-pointer': '0/a',
};

/**
 * Resolves a local reference (`#`, `#/$defs/x`, `#/definitions/x`) against the root; other references give undefined.
 */
function resolveLocal(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isNode(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

class Sampler {
  constructor(private readonly root: unknown) {}

  /** A value for `schema`, or undefined when the heuristic has nothing to offer. */
  sample(schema: unknown, variant: Variant, depth: number): Json | undefined {
    if (depth > 12) return undefined;
    if (schema === true || schema === undefined) return 'x';
    if (!isNode(schema)) return undefined;
    if (typeof schema['$ref'] === 'string') {
      const target = resolveLocal(this.root, schema['$ref']);
      const { $ref: _ref, ...rest } = schema;
      const merged = isNode(target) ? { ...target, ...rest } : rest;
      return this.sample(merged, variant, depth + 1);
    }
    if ('const' in schema) return schema['const'] as Json;
    if (Array.isArray(schema['enum']) && schema['enum'].length > 0) {
      const e = schema['enum'] as Json[];
      return variant === 'full' ? (e[e.length - 1] as Json) : (e[0] as Json);
    }
    if (Array.isArray(schema['allOf'])) {
      const merged = this.mergeAll(schema, schema['allOf']);
      return this.sample(merged, variant, depth + 1);
    }
    const branches = Array.isArray(schema['anyOf'])
      ? schema['anyOf']
      : Array.isArray(schema['oneOf'])
        ? schema['oneOf']
        : undefined;
    if (branches !== undefined) {
      const { anyOf: _a, oneOf: _o, ...rest } = schema;
      const order = variant === 'full' ? [...branches].reverse() : branches;
      for (const b of order) {
        const target = isNode(b) && typeof b['$ref'] === 'string' ? resolveLocal(this.root, b['$ref']) : b;
        if (isNode(target) && target['type'] === 'null' && branches.length > 1) continue;
        const v = this.sample(isNode(target) ? { ...rest, ...target } : target, variant, depth + 1);
        if (v !== undefined) return v;
      }
      return undefined;
    }
    return this.byType(schema, this.typeOf(schema), variant, depth);
  }

  private mergeAll(schema: Node, parts: unknown[]): Node {
    const { allOf: _allOf, ...merged } = schema;
    const props: Node = isNode(merged['properties']) ? { ...merged['properties'] } : {};
    const required = new Set<string>(Array.isArray(merged['required']) ? (merged['required'] as string[]) : []);
    for (const part of parts) {
      const p = isNode(part) && typeof part['$ref'] === 'string' ? resolveLocal(this.root, part['$ref']) : part;
      if (!isNode(p)) continue;
      Object.assign(merged, p, { properties: undefined, required: undefined });
      if (isNode(p['properties'])) Object.assign(props, p['properties']);
      if (Array.isArray(p['required'])) for (const r of p['required']) required.add(String(r));
    }
    merged['properties'] = props;
    merged['required'] = [...required];
    return merged;
  }

  private typeOf(schema: Node): string {
    const t = schema['type'];
    if (typeof t === 'string') return t;
    if (Array.isArray(t)) return (t.find((x) => x !== 'null') as string | undefined) ?? 'null';
    if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) return 'object';
    if ('items' in schema || 'prefixItems' in schema) return 'array';
    if ('minimum' in schema || 'maximum' in schema) return 'number';
    return 'string';
  }

  private byType(schema: Node, type: string, variant: Variant, depth: number): Json | undefined {
    switch (type) {
      case 'object':
        return this.object(schema, variant, depth);
      case 'array': {
        const min = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
        const max = typeof schema['maxItems'] === 'number' ? schema['maxItems'] : Infinity;
        const count = Math.min(max, Math.max(min, variant === 'min' ? 0 : variant === 'mid' ? 1 : 2));
        const out: Json[] = [];
        const prefix = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : [];
        for (let i = 0; i < count; i++) {
          const v = this.sample(i < prefix.length ? prefix[i] : schema['items'], variant, depth + 1);
          if (v === undefined) return undefined;
          out.push(typeof v === 'string' && schema['uniqueItems'] === true ? `${v}${i}` : v);
        }
        return out;
      }
      case 'string':
        return this.string(schema, variant);
      case 'integer':
      case 'number': {
        let v =
          typeof schema['minimum'] === 'number'
            ? schema['minimum']
            : typeof schema['exclusiveMinimum'] === 'number'
              ? Math.floor(schema['exclusiveMinimum']) + 1
              : variant === 'full'
                ? 42
                : 1;
        if (typeof schema['maximum'] === 'number' && v > schema['maximum']) v = schema['maximum'];
        if (typeof schema['multipleOf'] === 'number') v = Math.ceil(v / schema['multipleOf']) * schema['multipleOf'];
        return v;
      }
      case 'boolean':
        return variant !== 'min';
      case 'null':
        return null;
      default:
        return undefined;
    }
  }

  private object(schema: Node, variant: Variant, depth: number): Json | undefined {
    const props = isNode(schema['properties']) ? schema['properties'] : {};
    const required = Array.isArray(schema['required']) ? (schema['required'] as unknown[]).map(String) : [];
    const names = Object.keys(props);
    const chosen = new Set(required);
    if (variant === 'full') for (const n of names) chosen.add(n);
    if (variant === 'mid') for (const n of names.filter((_, i) => i % 2 === 0)) chosen.add(n);
    const out: { [k: string]: Json } = {};
    for (const name of chosen) {
      const sub = Object.hasOwn(props, name)
        ? props[name]
        : isNode(schema['additionalProperties'])
          ? schema['additionalProperties']
          : true;
      const v = this.sample(sub, variant, depth + 1);
      if (v === undefined) {
        if (required.includes(name)) return undefined;
        continue;
      }
      out[name] = v;
    }
    return out;
  }

  private string(schema: Node, variant: Variant): string {
    const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
    const max = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Infinity;
    const format = typeof schema['format'] === 'string' ? FORMAT_SAMPLES[schema['format']] : undefined;
    const candidates = [
      format,
      variant === 'full' ? 'a longer sample value' : 'sample',
      'abc',
      'a',
      '1',
      'abc-123',
      'ABC',
    ].filter((c): c is string => c !== undefined);
    if (typeof schema['pattern'] === 'string') {
      let re: RegExp | undefined;
      try {
        re = new RegExp(schema['pattern'], 'u');
      } catch {
        re = undefined;
      }
      const hit = candidates.find((c) => re?.test(c) === true);
      if (hit !== undefined) return hit;
    }
    let s = candidates[0] ?? 'sample';
    while (s.length < min) s += 'x';
    return s.length > max ? s.slice(0, Math.max(min, max)) : s;
  }
}

/** A value of another JSON type than the schema's first type, for a type violation. */
function wrongType(schema: unknown): Json {
  const t = isNode(schema) ? schema['type'] : undefined;
  const first = Array.isArray(t) ? t[0] : t;
  return first === 'string'
    ? 12345
    : first === 'object' || first === 'array'
      ? 'not a container'
      : { unexpected: true };
}

/**
 * A change that breaks one constraint of the root object at one member; `apply` returns false when it does not apply.
 */
interface Mutation {
  readonly member: string;
  apply(args: Record<string, Json>): boolean;
}

function mutations(root: Node): Mutation[] {
  const props = isNode(root['properties']) ? root['properties'] : {};
  const required = Array.isArray(root['required']) ? (root['required'] as unknown[]).map(String) : [];
  const out: Mutation[] = [];
  for (const name of Object.keys(props)) {
    const sub = props[name];
    if (!isNode(sub) || sub['type'] === undefined) continue;
    out.push({
      member: name,
      apply: (a) => {
        if (!(name in a)) return false;
        a[name] = wrongType(sub);
        return true;
      },
    });
  }
  for (const name of required)
    out.push({
      member: name,
      apply: (a) => {
        if (!(name in a)) return false;
        delete a[name];
        return true;
      },
    });
  if (root['additionalProperties'] === false)
    out.push({
      member: '__unexpected_member',
      apply: (a) => {
        a['__unexpected_member'] = 1;
        return true;
      },
    });
  return out;
}

/**
 * Valid calls (required members only, half the members, all members) and invalid ones with one, two
 * and three violations. `isValid` is the reference verdict: a call is kept only when it agrees with
 * the kind it was generated as.
 */
export function generateCalls(schema: unknown, isValid: (args: unknown) => boolean): GeneratedCalls {
  const sampler = new Sampler(schema);
  const valid: unknown[] = [];
  const seen = new Set<string>();
  for (const variant of ['min', 'mid', 'full'] as const) {
    const v = sampler.sample(schema, variant, 0);
    if (v === undefined || !isNode(v)) continue;
    const key = JSON.stringify(v);
    if (seen.has(key) || !isValid(v)) continue;
    seen.add(key);
    valid.push(v);
  }
  const invalid: { args: unknown; violations: number }[] = [];
  const base = valid[valid.length - 1];
  if (isNode(schema) && isNode(base)) {
    const muts = mutations(schema);
    for (let k = 1; k <= 3; k++) {
      const args = structuredClone(base) as Record<string, Json>;
      const touched = new Set<string>();
      // Each violation at a different member, starting at a different mutation for each k.
      for (let i = 0; i < muts.length && touched.size < k; i++) {
        const m = muts[(i + k) % muts.length];
        if (m !== undefined && !touched.has(m.member) && m.apply(args)) touched.add(m.member);
      }
      if (touched.size === k && !isValid(args)) invalid.push({ args, violations: k });
    }
  }
  return { valid, invalid };
}
