// A tools/list page is read with JSON.parse, which keeps the last of a key given twice and rounds a number no
// float64 holds (9007199254740993 becomes ...992): the proxy admitted, enforced and published a schema other than
// the one the server wrote, while a server that reads its own text exactly enforces the one written. The proxy
// and `check --mcp/--url/--config` (through the proxy's listing: src/proxy/upstream-listing.ts) both read a listing's
// texts so. Each tool's own text in the
// page is read again by the exact reader of argument texts (src/arguments/json-text.ts). A number
// it refuses is one toolgate cannot enforce as written (its keywords judge the float64's shortest form, rule 11 of
// docs/rules.md): `unsupported_capability`, withheld in quarantine mode. A key given twice or a lone surrogate makes
// a text JSON readers read differently (RFC 8259 section 4: names SHOULD be unique; section 8.2): a malformed
// tool, `validation`.
import { NO_TEXT_LIMITS } from '../arguments/parsed-text.js';
import { parseJsonText } from '../arguments/json-text.js';
import type { Diagnostic } from '../catalog/diagnostics.js';
import { elementTexts, memberText } from './json-member.js';
import { protoMemberPath, protoRefusal } from './forward.js';
import { ownData } from '../util/own-field.js';
import type { TimeSlices } from '../util/time-slice.js';

/** Why a tools/list page whose `result` or `tools` is given twice is refused whole. */
function givenTwice(key: string): string {
  return `a tools/list page gives "${key}" twice: which one is meant cannot be told`;
}

/**
 * Why a listing is refused whole, when one of its pages gives its own `result` or `tools` twice (which list is meant
 * cannot be told; the proxy does not start on it): `lock` pins no such listing.
 */
export function pageGivenTwice(pages: readonly string[]): string | undefined {
  for (const text of pages) {
    const tools = memberText(text, ['result', 'tools']);
    if (tools.kind === 'duplicate') return givenTwice(tools.key);
  }
  return undefined;
}

/**
 * The tools of `listed` (every page's tools, in order) whose text in their page is not read exactly as JSON.parse
 * read it, as diagnostics; a failure message when a page's own `result` or `tools` is given twice (which list is
 * meant cannot be told). In slices: a large catalog's tools are read again one by one.
 */
export async function inexactTools(
  pages: readonly { readonly text: string }[],
  listed: readonly unknown[],
  slices: TimeSlices,
): Promise<{ ok: true; diagnostics: Diagnostic[] } | { ok: false; message: string }> {
  const diagnostics: Diagnostic[] = [];
  let index = 0;
  for (const page of pages) {
    const tools = memberText(page.text, ['result', 'tools']);
    if (tools.kind === 'duplicate') return { ok: false, message: givenTwice(tools.key) };
    const texts = tools.kind === 'text' ? elementTexts(tools.text) : [];
    for (const text of texts) {
      if (slices.due()) await slices.pause();
      const exact = parseJsonText(text, NO_TEXT_LIMITS);
      if (!exact.ok) {
        const name = ownData(listed[index], 'name');
        // The reader's message names the problem and where in the tool's own text; "arguments" is not what it read.
        const why = exact.error.message.replace(/^arguments are not valid JSON: /, '');
        const number = why.startsWith('number ');
        const error = number
          ? {
              class: 'unsupported_capability' as const,
              message: `a number in its definition cannot be enforced as written: ${why}`,
              violations: [],
            }
          : {
              class: 'validation' as const,
              message: `its definition is read differently by JSON readers: ${why}`,
              violations: [],
            };
        diagnostics.push({
          name: typeof name === 'string' ? name : '',
          revision: undefined,
          index,
          // Quarantine leaves out a schema toolgate cannot enforce (catalog/admission.ts): the numbers' stage.
          stage: number ? 'schema' : 'descriptor',
          error,
        });
      }
      index++;
    }
  }
  return { ok: true, diagnostics };
}

/**
 * The tools of `listed` holding a member named `__proto__` at any depth, as diagnostics: JSON.parse makes it an own
 * member, and a listing handed on as it was listed carries it to whoever merges it (the proxy withholds such a tool:
 * src/proxy/admission.ts). A malformed tool, `validation`.
 */
export function protoTools(listed: readonly unknown[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  listed.forEach((tool, index) => {
    const path = protoMemberPath(tool);
    if (path === undefined) return;
    const name = ownData(tool, 'name');
    diagnostics.push({
      name: typeof name === 'string' ? name : '',
      revision: undefined,
      index,
      stage: 'descriptor',
      error: { class: 'validation', message: protoRefusal(path), violations: [] },
    });
  });
  return diagnostics;
}
