import type { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * Validation §6.2.1: valid when value / multipleOf is an integer. Ajv divides in float64 and calls
 * 1e308 / 0.5 (= Infinity) "not an integer"; every float64 at or above 2^53 is an integer, so such a
 * value is a multiple of any divisor of 1.
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  const q = value / divisor;
  if (Number.isFinite(q)) return Number.isInteger(q);
  return Number.isInteger(value) && Number.isInteger(1 / divisor);
}

/** Replaces Ajv's multipleOf with isMultipleOf. */
export function installMultipleOf(ajv: Ajv2020): void {
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    errors: true,
    compile(divisor: number) {
      const check = (data: number): boolean => {
        if (isMultipleOf(data, divisor)) return true;
        check.errors = [
          { keyword: 'multipleOf', params: { multipleOf: divisor }, message: `must be multiple of ${divisor}` },
        ];
        return false;
      };
      check.errors = null as null | object[];
      return check as never;
    },
  });
}
