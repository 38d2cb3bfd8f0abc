// Refuses, at start-up, a placeholder through which a model could pass command-line options. Each rendered
// template is one argv element, but a program reads an element that starts with "-" as an option (`echo -e`,
// `git log --output=/tmp/x`). A placeholder is safe when a literal "--" argument comes before its element
// (the POSIX end of options), when text the author wrote comes before it in the element and the element is no
// option there (`./{v}`, `--name={v}`), or when its schema rules out a leading "-"; otherwise the command is not
// served.
import { escapePointerToken } from '../util/json-pointer.js';
import { schemaViolation, type Violation } from '../result.js';
import { isObject } from '../util/plain-json.js';
import { patternExcludesLeadingDash } from './pattern-lead.js';
import type { ArgTemplate, ScalarType } from './template.js';

/** What a property's schema guarantees about the start of its rendered text. */
interface Lead {
  /** The rendered text may start with "-". */
  readonly dash: boolean;
  /** The rendered text may be empty, so what follows it in the element may come first. */
  readonly empty: boolean;
}

const strings = (values: readonly unknown[]): string[] => values.filter((v): v is string => typeof v === 'string');
const numbers = (values: readonly unknown[]): number[] => values.filter((v): v is number => typeof v === 'number');

/** The listed values (Validation §6.1.2 enum, §6.1.3 const), or undefined when neither keyword is present. */
function listedValues(schema: Record<string, unknown>): unknown[] | undefined {
  if (Object.hasOwn(schema, 'const')) return [schema['const']];
  return Array.isArray(schema['enum']) ? schema['enum'] : undefined;
}

/** Every keyword that applies constrains the value at once (Core §7.1), so one guarantee is enough. */
function both(a: Lead, b: Lead): Lead {
  return { dash: a.dash && b.dash, empty: a.empty && b.empty };
}

const ANYTHING: Lead = { dash: true, empty: true };

function stringLead(schema: Record<string, unknown>): Lead {
  let lead = ANYTHING;
  const listed = listedValues(schema);
  // Values of another type can never validate against `type: "string"`, so only strings count.
  if (listed !== undefined)
    lead = both(lead, { dash: strings(listed).some((v) => v.startsWith('-')), empty: strings(listed).includes('') });
  const pattern = schema['pattern'];
  if (typeof pattern === 'string' && patternExcludesLeadingDash(pattern))
    lead = both(lead, { dash: false, empty: false });
  const minLength = schema['minLength'];
  if (typeof minLength === 'number' && minLength >= 1) lead = both(lead, { dash: true, empty: false });
  return lead;
}

function numberLead(schema: Record<string, unknown>): Lead {
  // A number renders as its JSON text, so exactly the negative ones start with "-" (-0 renders "0").
  let lead: Lead = { dash: true, empty: false };
  const listed = listedValues(schema);
  if (listed !== undefined) lead = both(lead, { dash: numbers(listed).some((n) => n < 0), empty: false });
  const min = schema['minimum'];
  const exclusive = schema['exclusiveMinimum'];
  if ((typeof min === 'number' && min >= 0) || (typeof exclusive === 'number' && exclusive >= 0))
    lead = both(lead, { dash: false, empty: false });
  return lead;
}

function leadOf(schema: unknown, type: ScalarType): Lead {
  if (type === 'boolean') return { dash: false, empty: false };
  if (!isObject(schema)) return ANYTHING;
  return type === 'string' ? stringLead(schema) : numberLead(schema);
}

/** Below this a number renders without an exponent (ECMA-262 Number::toString); 1e21 renders "1e+21". */
const PLAIN_BELOW = 1e21;

const plainDigits = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < PLAIN_BELOW;

/**
 * After author text of dashes only, what a placeholder may be: values the author listed (enum/const), a boolean,
 * or an integer that renders as digits only (minimum 0 and a maximum below 1e21: `head -{n}`). Anything else,
 * a string whatever its pattern or a number that may render "1e-7" or "1e+21", would let the model spell options.
 */
function rendersListedOrDigits(schema: unknown, type: ScalarType): boolean {
  if (type === 'boolean') return true;
  if (!isObject(schema)) return false;
  const listed = listedValues(schema);
  if (listed !== undefined) return type === 'string' || listed.every((v) => typeof v !== 'number' || plainDigits(v));
  if (type !== 'integer') return false;
  const { minimum, exclusiveMinimum, maximum, exclusiveMaximum } = schema;
  const low =
    (typeof minimum === 'number' && minimum >= 0) || (typeof exclusiveMinimum === 'number' && exclusiveMinimum >= -1);
  const high =
    (typeof maximum === 'number' && maximum < PLAIN_BELOW) ||
    (typeof exclusiveMaximum === 'number' && exclusiveMaximum <= PLAIN_BELOW);
  return low && high;
}

function isEndOfOptions(t: ArgTemplate): boolean {
  return t.parts.length === 1 && t.parts[0]!.kind === 'text' && t.parts[0]!.text === '--';
}

/**
 * Lists every placeholder that could begin an argv element with "-". `properties` and `types` are the
 * root properties and their scalar types as the placeholder contract checked them.
 */
export function optionInjectionProblems(
  properties: Readonly<Record<string, unknown>>,
  types: ReadonlyMap<string, ScalarType>,
  templates: readonly ArgTemplate[],
): Violation[] {
  const problems: Violation[] = [];
  const reported = new Set<string>();
  let afterEndOfOptions = false;
  for (const t of templates) {
    if (afterEndOfOptions) break;
    if (isEndOfOptions(t)) {
      afterEndOfOptions = true;
      continue;
    }
    // `start`: the element may still begin here (only dashes, or placeholders that may render empty, before).
    // `option`: the element begins with a dash the author wrote and no `=` came yet, so it is an option and a
    // string placeholder here names or continues it (`-{v}` with "ofile" runs `sort -ofile`; `-v{s}` with
    // "f/etc/shadow" runs `grep -vf/etc/shadow`; `-{n}{s}` the same), unless its values are listed.
    let start = true;
    let option = false;
    for (const part of t.parts) {
      if (part.kind === 'text') {
        if (start && part.text.startsWith('-')) option = true;
        // After `=` comes the option's value: `--name={v}`.
        if (part.text.includes('=')) option = false;
        if (/[^-]/.test(part.text)) start = false;
        if (!start && !option) break;
        continue;
      }
      const type = types.get(part.name);
      if (type === undefined) break;
      const schema = properties[part.name];
      const lead = leadOf(schema, type);
      const namesOption = option && !rendersListedOrDigits(schema, type);
      if (((start && lead.dash) || namesOption) && !reported.has(part.name)) {
        reported.add(part.name);
        const message = namesOption
          ? `placeholder {${part.name}} is inside the option the argument ${JSON.stringify(t.source)} begins with ` +
            '(after its dash, before any "="), so its value names or continues the option the program reads ' +
            '(whatever its pattern): put a literal "--" argument before it, list its values with "enum"/"const", ' +
            'make it an integer with "minimum": 0 and a "maximum" below 1e21 (a number may render "1e-7" or ' +
            '"1e+21"), or give the option its value after "=" or as an argument of its own'
          : `placeholder {${part.name}} starts the argument ${JSON.stringify(t.source)} and its value may start ` +
            `with "-", which the program would read as an option: ` +
            'put a literal "--" argument before it, or rule a leading "-" out in its schema ("pattern" anchored ' +
            'with "^" whose first character cannot be "-", ' +
            '"enum"/"const" values without a leading "-", or "minimum": 0 for a number)';
        problems.push(
          schemaViolation(
            'option-injection',
            message,
            `/properties/${escapePointerToken(part.name)}`,
            'option_injection',
          ),
        );
      }
      // A placeholder that may begin with "-" makes the element an option from here (reported above, or listed).
      if (start && lead.dash) option = true;
      if (!lead.empty) start = false;
      if (!start && !option) break;
    }
  }
  return problems;
}
