import { _, type Ajv2020, type KeywordCxt } from 'ajv/dist/2020.js';

/**
 * Validation §4.2.2 equality of two JSON values: same type, numbers by mathematical value (1 and 1.0
 * are one float64; 0 and -0 are equal), arrays item by item, objects with the same own names and
 * equal values, key order ignored. Only own enumerable names and own data properties are read and
 * nothing is invoked: Ajv's equality calls `valueOf`/`toString` and compares `constructor`, so an
 * argument with an own member of that name threw or compared wrongly. Iterative, so a deep value
 * costs no stack.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: unknown[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop();
    const x = stack.pop();
    if (x === y) continue;
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
    const xs = Array.isArray(x);
    if (xs !== Array.isArray(y)) return false;
    if (xs) {
      const ya = y as unknown[];
      if (x.length !== ya.length) return false;
      for (let i = 0; i < x.length; i++) stack.push(x[i], ya[i]);
      continue;
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const names = Object.keys(xo);
    if (names.length !== Object.keys(yo).length) return false;
    for (const name of names) {
      if (!Object.hasOwn(yo, name)) return false;
      stack.push(xo[name], yo[name]);
    }
  }
  return true;
}

const isScalar = (v: unknown): boolean => v === null || typeof v !== 'object';

/**
 * `enum` as one test: scalars in a Set (SameValueZero: 0 and -0 alike, as §4.2.2 asks), arrays and
 * objects compared with jsonEqual.
 */
export function enumMatcher(allowed: readonly unknown[]): (value: unknown) => boolean {
  const scalars = new Set(allowed.filter(isScalar));
  const containers = allowed.filter((v) => !isScalar(v));
  if (containers.length === 0) return (value) => scalars.has(value);
  return (value) => (isScalar(value) ? scalars.has(value) : containers.some((c) => jsonEqual(value, c)));
}

// One matcher per `enum` array of a compiled schema (toolgate's private copy, never changed).
const matchers = new WeakMap<readonly unknown[], (value: unknown) => boolean>();
function inEnum(allowed: readonly unknown[], value: unknown): boolean {
  let matcher = matchers.get(allowed);
  if (matcher === undefined) {
    matcher = enumMatcher(allowed);
    matchers.set(allowed, matcher);
  }
  return matcher(value);
}

/** Enums of at most this many scalars are compared inline, as Ajv does; larger ones use a Set. */
const INLINE_ENUM = 32;

/**
 * Replaces Ajv's `const` (Validation §6.1.3) and `enum` (§6.1.2) with jsonEqual. A scalar const and
 * a short all-scalar enum are still compared inline with `===` in the generated code (0 === -0, as
 * §4.2.2 asks), so the hot path costs what it did; the functions called are module-level, so a
 * shared engine gains nothing per compiled schema.
 */
export function installConstEnum(ajv: Ajv2020): void {
  ajv.removeKeyword('const');
  ajv.removeKeyword('enum');
  ajv.addKeyword({
    keyword: 'const',
    error: {
      message: 'must be equal to constant',
      params: ({ schemaCode }) => _`{allowedValue: ${schemaCode}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schema, schemaCode } = cxt;
      if (isScalar(schema)) cxt.fail(_`${schema as string} !== ${data}`);
      else cxt.fail(_`!${gen.scopeValue('func', { ref: jsonEqual })}(${data}, ${schemaCode})`);
    },
  });
  ajv.addKeyword({
    keyword: 'enum',
    schemaType: 'array',
    error: {
      message: 'must be equal to one of the allowed values',
      params: ({ schemaCode }) => _`{allowedValues: ${schemaCode}}`,
    },
    code(cxt: KeywordCxt) {
      const { gen, data, schemaCode } = cxt;
      const allowed = cxt.schema as unknown[];
      if (allowed.length === 0) cxt.fail(_`true`);
      else if (allowed.length <= INLINE_ENUM && allowed.every(isScalar))
        cxt.pass(allowed.map((v) => _`${data} === ${v as string}`).reduce((a, b) => _`${a} || ${b}`));
      else cxt.pass(_`${gen.scopeValue('func', { ref: inEnum })}(${schemaCode}, ${data})`);
    },
  });
}
