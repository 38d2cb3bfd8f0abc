// The failures of the strict JSON text parser (json-text-strict.ts), kept apart from its loop: they run only once a
// text is refused, so they take the text and the offset as arguments instead of reading the parse in progress.
import { fail, failExecution, type Result } from '../result.js';

/** The failure for a text error in `text` at offset `i`. */
export function textError(text: string, i: number, message: string): Result<never> {
  const before = text.slice(0, i);
  const line = before.split('\n').length;
  const column = i - before.lastIndexOf('\n');
  return fail('validation', `arguments are not valid JSON: ${message} at line ${line} column ${column} (offset ${i})`, [
    {
      path: '$',
      pointer: '',
      keyword: 'json',
      message: `${message} at offset ${i}`,
      schemaPath: '',
      code: 'invalid_json',
      params: { offset: i, line, column },
    },
  ]);
}

/** The failure for a text nested deeper than `max` levels, seen at offset `i`. */
export function depthFailure(max: number, i: number): Result<never> {
  // Refused before the container is built: a 100,000-deep text costs one pass up to here.
  const message = `limit maxArgumentDepth exceeded: limit ${max}, seen at least ${max + 1} levels at offset ${i}`;
  const params = { limit: 'maxArgumentDepth', value: max, seen: `at least ${max + 1} levels` };
  const violation = { path: '$', pointer: '', keyword: 'maxArgumentDepth', message, schemaPath: '', params };
  return failExecution('limit', message, [{ ...violation, code: 'limit_exceeded' }], 'maxArgumentDepth');
}
