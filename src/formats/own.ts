import { isDateTime, isDuration, isTime } from './time.js';
import { isUriReference, isUriTemplate } from './uri.js';
import { isEmail, isHostname, isIdnEmail, isIdnHostname } from './host.js';

/**
 * toolgate's own exact format checkers (Validation §7.3), used where ajv-formats gives wrong
 * verdicts on the official suite or lacks the format. Non-strings are never checked (§7.1).
 */
export const OWN_FORMAT_CHECKERS: Readonly<Record<string, (s: string) => boolean>> = {
  'date-time': isDateTime,
  time: isTime,
  duration: isDuration,
  uri: (s) => isUriReference(s, { iri: false, absolute: true }),
  'uri-reference': (s) => isUriReference(s, { iri: false, absolute: false }),
  iri: (s) => isUriReference(s, { iri: true, absolute: true }),
  'iri-reference': (s) => isUriReference(s, { iri: true, absolute: false }),
  'uri-template': isUriTemplate,
  hostname: isHostname,
  'idn-hostname': isIdnHostname,
  email: isEmail,
  'idn-email': isIdnEmail,
  // RFC 4122 section 3: 8-4-4-4-12 hexadecimal digits, either case.
  uuid: (s) => /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/.test(s),
};
