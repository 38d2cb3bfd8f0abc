// A key is the model's to choose, as long as the argument text allows: every violation under it holds it in its
// path and pointer. Made for each of 100 failing items, a key of 1 MB cost 1.9 s and 900 MB for one call, and
// one of 63,000 characters 43 ms of the 50 ms a 64 KB call may take. Violations are made while their pointers
// fit MAX_VIOLATION_POINTER_CHARS together (the first always), and a message shows at most MAX_SHOWN_PLACE
// characters of a path.
import { describe, expect, it } from 'vitest';
import { defineTool, Registry, validateSchema } from '../../src/index.js';
import { MAX_SHOWN_PLACE } from '../../src/util/describe-value.js';
import { MAX_COLLECTED_ERRORS, MAX_VIOLATION_POINTER_CHARS } from '../../src/util/limits.js';

const arrays = { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } };
const compiled = (schema: object) => {
  const c = validateSchema(schema);
  if (!c.ok) throw new Error(`fixture schema refused: ${c.error.message}`);
  return c.value;
};
const failing = (key: string, items: number): string => `{"${key}":[${Array(items).fill(1).join(',')}]}`;
const failure = (r: ReturnType<ReturnType<typeof compiled>['validateJSON']>) => {
  if (r.ok) throw new Error('fixture arguments unexpectedly valid');
  return r.error;
};

describe('violations under long keys are bounded by their pointers together', () => {
  /** The pointers of the violations made of `items` failing items under `key`: the last that fit, in path order. */
  const lastThatFit = (key: string, items: number): string[] => {
    const fit = Math.min(items, MAX_COLLECTED_ERRORS, Math.floor(MAX_VIOLATION_POINTER_CHARS / `/${key}/00`.length));
    const last = Math.min(items, MAX_COLLECTED_ERRORS);
    return Array.from({ length: fit }, (_, i) => `/${key}/${last - fit + i}`).sort();
  };

  it('makes 16, not 100, under a key of 63,000 characters (a 64 KB argument), each exact', () => {
    const key = 'k'.repeat(63_000);
    const error = failure(compiled(arrays).validateJSON(failing(key, 1_000)));
    expect(error.class).toBe('validation');
    expect(error.violations.map((v) => v.pointer)).toEqual(lastThatFit(key, 1_000));
    expect(error.violations).toHaveLength(16);
    expect(error.message).toMatch(/^invalid arguments: at least 16 violations, first at \$\.k+…: /);
  });

  it('makes the last that fit, in order, and says the count is a floor', () => {
    const key = 'k'.repeat(100_000);
    const error = failure(compiled(arrays).validateJSON(failing(key, 20)));
    expect(error.violations.map((v) => v.pointer)).toEqual(lastThatFit(key, 20));
    expect(error.violations).toHaveLength(10);
    expect(error.message).toMatch(/^invalid arguments: at least 10 violations/);
  });

  it("keeps the failed contains that follows its items' errors, under a long key too", () => {
    const schema = compiled({ type: 'object', additionalProperties: { contains: { type: 'string' } } });
    const key = 'k'.repeat(100_000);
    const error = failure(schema.validateJSON(failing(key, 50)));
    expect(error.violations.map((v) => v.keyword)).toEqual(['contains']);
    expect(error.violations[0]?.pointer).toBe(`/${key}`);
  });

  // A branch whose errors the cut left out would look closer than it is: with the whole list, branch 2 (nine items
  // wanted) is the closest; cut under a 300,000-character key, branch 1 was named from its one remaining error.
  it('names no branch the closest when the cut left errors out, and says none matched', () => {
    const schema = compiled({
      type: 'object',
      additionalProperties: {
        anyOf: [
          { type: 'array', items: { type: 'string' } },
          { type: 'array', items: { type: 'number' }, minItems: 9 },
        ],
      },
    });
    const whole = failure(schema.validate({ k: [1, 2, 3, 4, 5, 6] }));
    expect(whole.message).toMatch(/showing why the closest \(branch 2\) fails$/);
    const cut = failure(schema.validate({ ['k'.repeat(300_000)]: [1, 2, 3, 4, 5, 6] }));
    expect(cut.message).toMatch(
      /^invalid arguments: at least \d+ violations, first at \$\.k+…: matches none of the 2 "anyOf"/,
    );
    expect(cut.message).not.toMatch(/closest/);
  });

  it('leaves ordinary keys as they were: 100 violations, the floor from the engine alone', () => {
    const error = failure(compiled(arrays).validateJSON(failing('tags', 300)));
    expect(error.violations).toHaveLength(MAX_COLLECTED_ERRORS);
    expect(error.message).toMatch(/^invalid arguments: at least 100 violations, first at \$\.tags\[0\]: /);
    const few = failure(compiled(arrays).validateJSON(failing('tags', 3)));
    expect(few.violations).toHaveLength(3);
    expect(few.message).toMatch(/^invalid arguments: 3 violations/);
  });

  it('bounds a call with four nested keys of 1 MB and 100 failing items (was 4 MB per violation)', async () => {
    const nested = (depth: number): object =>
      depth === 0 ? arrays.additionalProperties : { type: 'object', additionalProperties: nested(depth - 1) };
    const registry = new Registry();
    registry.register(defineTool({ name: 't', execute: () => 'ok', inputSchema: nested(4) }));
    const k = 'k'.repeat(1_040_000);
    const r = await registry.call({ id: '1', name: 't', arguments: `{"${k}":{"${k}":{"${k}":${failing(k, 100)}}}}` });
    expect(r.isError).toBe(true);
    expect(r.error?.class).toBe('validation');
    expect(r.error?.violations).toHaveLength(1);
    expect(r.error?.message.length).toBeLessThan(MAX_SHOWN_PLACE + 100);
    expect(r.content.length).toBeLessThan(2 * MAX_SHOWN_PLACE + 200);
  });
});

describe('a message shows a path of a foreign key cut', () => {
  const key = 'k'.repeat(1_000_000);

  it('in the first violation of a refusal', () => {
    const error = failure(
      compiled({ type: 'object', additionalProperties: { type: 'integer' } }).validateJSON(`{"${key}":"x"}`),
    );
    expect(error.message.length).toBeLessThan(MAX_SHOWN_PLACE + 100);
    expect(error.violations[0]?.path).toBe(`$.${key}`);
  });

  it('in a limit exceeded, and so in the Standard Schema issue a framework hands to the model', async () => {
    const schema = compiled({ type: 'object', additionalProperties: { type: 'object' } });
    const result = await schema['~standard'].validate({ [key]: { [key]: 'v'.repeat(1_100_000) } });
    expect(result.issues?.length).toBeGreaterThan(0);
    for (const issue of result.issues ?? []) expect(issue.message.length).toBeLessThan(MAX_SHOWN_PLACE + 200);
    expect(result.issues?.[0]?.message).toMatch(/^execution_failure: limit maxStringLength exceeded/);
  });

  it('in an argument object that is no JSON value (NaN under a long key)', () => {
    const error = failure(compiled({ type: 'object' }).validate({ [key]: { [key]: Number.NaN } }));
    expect(error.message.length).toBeLessThan(MAX_SHOWN_PLACE + 200);
  });
});
