import { echo } from '../util/describe-value.js';
import { OWN_FORMAT_CHECKERS } from './own.js';

/** Every format Draft 2020-12 defines (Validation §7.3). */
export const DRAFT_2020_12_FORMATS: readonly string[] = [
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
];

/**
 * Formats checked by a checker the engine installs from another folder: `regex` is read as `pattern` is
 * (regex/regex-format.ts), and formats/ may not import regex/.
 */
export const ENGINE_FORMATS: readonly string[] = ['regex'];

/**
 * The formats toolgate asserts when `formatAssertion` is on, each checked against the official
 * suite's optional format tests. A 2020-12 format missing here is refused rather than passed.
 */
export const ASSERTED_FORMATS: readonly string[] = [
  'date',
  'ipv4',
  'ipv6',
  'json-pointer',
  'relative-json-pointer',
  ...Object.keys(OWN_FORMAT_CHECKERS),
  ...ENGINE_FORMATS,
];

/** The asserted formats ajv-formats checks exactly; the rest are toolgate's own (formats/own.ts, ENGINE_FORMATS). */
export const AJV_FORMATS: readonly string[] = ASSERTED_FORMATS.filter(
  (f) => !(f in OWN_FORMAT_CHECKERS) && !ENGINE_FORMATS.includes(f),
);

/** Why a format cannot be asserted, or undefined when it can. */
export function formatRefusal(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined; // the meta-schema check reports a non-string format
  if (ASSERTED_FORMATS.includes(name)) return undefined;
  if (DRAFT_2020_12_FORMATS.includes(name))
    return `format "${name}" cannot be asserted exactly by this version of toolgate`;
  // The schema's own name, clipped: a 100,000-character one was echoed whole.
  const why = 'Validation §7.2.3: unknown formats must not pass silently';
  return `unknown format "${echo(name)}" cannot be asserted (${why})`;
}
