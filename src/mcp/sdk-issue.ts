// What the MCP SDK throws when a server's answer is not what MCP defines: its schema library's error (zod), whose
// `message` is a getter, which thrownMessage never runs (a thrown object is foreign), so the user read "non-Error
// value thrown (object)". Its first issue, read as data, says where and what.
import { dataProperty } from '../result.js';
import { clip } from '../util/describe-value.js';

/** Characters of the path shown: its members are the server's keys. */
const MAX_PATH_CHARS = 200;

/** One member of an issue's path as a JSON path step. */
function step(member: unknown): string {
  return typeof member === 'number' ? `[${member}]` : `.${typeof member === 'string' ? member : '?'}`;
}

/** The SDK's schema failure of the answer to `method` as one sentence, or undefined when `thrown` is not one. */
export function sdkSchemaIssue(thrown: unknown, method: string): string | undefined {
  if (thrown === null || typeof thrown !== 'object') return undefined;
  const issues = dataProperty(thrown, 'issues');
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const first: unknown = issues[0];
  if (first === null || typeof first !== 'object') return undefined;
  const path = dataProperty(first, 'path');
  const message = dataProperty(first, 'message');
  const at = Array.isArray(path) ? clip(`$${path.map(step).join('')}`, MAX_PATH_CHARS) : '$';
  const what = typeof message === 'string' ? clip(message, MAX_PATH_CHARS) : 'not valid';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return `the answer to ${JSON.stringify(method)} is not what MCP defines: ${at}: ${what}${more}`;
}
