import { DRAFT_2020_12_FORMATS } from '../formats/asserted.js';
import type { LintRule } from './warning.js';
import { quote } from '../util/describe-value.js';

/** What to use instead of common formats from other specifications (OpenAPI 3.0 §4.4 data types, mostly). */
const HINTS: Readonly<Record<string, string>> = {
  int32: 'an OpenAPI format; in JSON Schema use "type": "integer" with "minimum"/"maximum"',
  int64: 'an OpenAPI format; in JSON Schema use "type": "integer" with "minimum"/"maximum"',
  float: 'an OpenAPI format; "type": "number" already covers it',
  double: 'an OpenAPI format; "type": "number" already covers it',
  byte: 'an OpenAPI format; in JSON Schema use "contentEncoding": "base64"',
  binary: 'an OpenAPI format; in JSON Schema use "contentEncoding"/"contentMediaType"',
  password: 'an OpenAPI UI hint; JSON Schema has "writeOnly"',
  json: 'in JSON Schema use "contentMediaType": "application/json"',
  url: 'did you mean "uri"?',
  datetime: 'did you mean "date-time"?',
  'uri-ref': 'did you mean "uri-reference"?',
};

/**
 * A `format` that Draft 2020-12 does not define (Validation §7.3). It is an annotation: nothing
 * checks it, with or without `formatAssertion` (where it is refused instead).
 */
export const NONSTANDARD_FORMAT: LintRule = {
  id: 'nonstandard-format',
  check({ node, at }) {
    const f = node['format'];
    if (typeof f !== 'string' || DRAFT_2020_12_FORMATS.includes(f)) return [];
    const hint = Object.hasOwn(HINTS, f) ? HINTS[f] : undefined;
    return [
      {
        rule: 'nonstandard-format',
        message:
          `format ${quote(f)} is not a Draft 2020-12 format and is never ` +
          `checked${hint === undefined ? '' : `: ${hint}`}`,
        schemaPath: `${at.pointer}/format`,
      },
    ];
  },
};
