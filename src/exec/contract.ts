// The placeholder contract of a served command, checked at start-up. It ties the schema the model
// sees to the argv the program receives: every argument the model may send lands in exactly one known place,
// and every place is filled, so nothing the model sends is silently dropped and nothing is left blank.
import { escapePointerToken } from '../util/json-pointer.js';
import { fail, ok, schemaViolation, type Result, type Violation } from '../result.js';
import { isObject } from '../util/plain-json.js';
import { optionInjectionProblems } from './option-injection.js';
import { placeholderNames, type ArgTemplate, type ScalarType } from './template.js';

const SCALARS: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);

/** The single scalar type a property schema declares, or undefined when it declares none or several. */
function scalarTypeOf(schema: unknown): ScalarType | undefined {
  if (!isObject(schema)) return undefined;
  const t = schema['type'];
  const single = Array.isArray(t) && t.length === 1 ? t[0] : t;
  return typeof single === 'string' && SCALARS.has(single) ? (single as ScalarType) : undefined;
}

/** Checks the contract; on success maps each property to its scalar type. All broken rules are listed. */
export function checkContract(
  schema: unknown,
  templates: readonly ArgTemplate[],
): Result<ReadonlyMap<string, ScalarType>> {
  const problems: Violation[] = [];
  const add = (keyword: string, message: string, at: string): void =>
    void problems.push(schemaViolation(keyword, message, at, 'placeholder_contract'));
  if (!isObject(schema)) {
    add('type', 'the input schema of a served command must be an object schema', '');
    return fail('validation', `placeholder contract broken: ${problems[0]!.message}`, problems);
  }
  // MCP's Tool.inputSchema requires the literal `"type": "object"`, so nothing looser is served.
  if (schema['type'] !== 'object') add('type', 'the root must have "type": "object"', '/type');
  // Core §10.3.2.3: additionalProperties false closes the object, so every argument is a declared property.
  if (schema['additionalProperties'] !== false)
    add('additionalProperties', 'the root must have "additionalProperties": false', '/additionalProperties');
  // patternProperties would let undeclared names through additionalProperties: they would reach no placeholder.
  if (isObject(schema['patternProperties']) && Object.keys(schema['patternProperties']).length > 0) {
    add(
      'patternProperties',
      'root "patternProperties" would admit arguments that no placeholder uses',
      '/patternProperties',
    );
  }
  const props = isObject(schema['properties']) ? schema['properties'] : {};
  const required = new Set(
    Array.isArray(schema['required']) ? schema['required'].filter((r): r is string => typeof r === 'string') : [],
  );
  const used = new Set(placeholderNames(templates));
  const types = new Map<string, ScalarType>();
  for (const name of placeholderNames(templates)) {
    if (!Object.hasOwn(props, name))
      add('properties', `placeholder {${name}} is not a property of the schema`, '/properties');
  }
  for (const [name, sub] of Object.entries(props)) {
    const at = `/properties/${escapePointerToken(name)}`;
    if (!used.has(name)) add('properties', `property ${JSON.stringify(name)} is used by no argument template`, at);
    // Validation §6.5.3: only "required" makes a property present, so every placeholder has a value to render.
    if (!required.has(name)) add('required', `property ${JSON.stringify(name)} must be required`, '/required');
    const t = scalarTypeOf(sub);
    if (t === undefined)
      add(
        'type',
        `property ${JSON.stringify(name)} must declare a single scalar type (string, number, integer or boolean)`,
        `${at}/type`,
      );
    else types.set(name, t);
  }
  // A value the model sends must stay a value: one that could start an argv element with "-" is an option.
  problems.push(...optionInjectionProblems(props, types, templates));
  if (problems.length > 0)
    return fail('validation', `placeholder contract broken: ${problems.map((p) => p.message).join('; ')}`, problems);
  return ok(types);
}

/** The schema served when none is given: each placeholder a required string, nothing else admitted. */
export function inferSchema(templates: readonly ArgTemplate[]): Record<string, unknown> {
  const names = placeholderNames(templates);
  const properties: Record<string, unknown> = {};
  for (const n of names) properties[n] = { type: 'string' };
  return { type: 'object', properties, required: names, additionalProperties: false };
}
