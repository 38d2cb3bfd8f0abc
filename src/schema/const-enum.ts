import type { Ajv2020 } from 'ajv/dist/2020.js';

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

/** Replaces Ajv's `const` (Validation §6.1.3) and `enum` (§6.1.2) with jsonEqual. */
export function installConstEnum(ajv: Ajv2020): void {
  ajv.removeKeyword('const');
  ajv.removeKeyword('enum');
  ajv.addKeyword({
    keyword: 'const',
    errors: true,
    compile(allowed: unknown) {
      const same = isScalar(allowed) ? (v: unknown) => v === allowed : (v: unknown) => jsonEqual(v, allowed);
      const check = (data: unknown): boolean => {
        if (same(data)) return true;
        check.errors = [{ keyword: 'const', params: { allowedValue: allowed }, message: 'must be equal to constant' }];
        return false;
      };
      check.errors = null as null | object[];
      return check as never;
    },
  });
  ajv.addKeyword({
    keyword: 'enum',
    schemaType: 'array',
    errors: true,
    compile(allowed: unknown[]) {
      const matches = enumMatcher(allowed);
      const check = (data: unknown): boolean => {
        if (matches(data)) return true;
        check.errors = [
          {
            keyword: 'enum',
            params: { allowedValues: allowed },
            message: 'must be equal to one of the allowed values',
          },
        ];
        return false;
      };
      check.errors = null as null | object[];
      return check as never;
    },
  });
}
