// Whether a tool's `x-mcp-header` annotations are valid (MCP 2026-07-28, "Tools", x-mcp-header; Streamable HTTP,
// "Custom Headers from Tool Parameters", Schema Extension). An invalid one makes the tool definition invalid, and a
// client on Streamable HTTP MUST leave such a tool out of its tools/list: the proxy is that client to its server
// and the server its clients reach, so it withholds the tool rather than publish one its checks would read one way
// (param-headers.ts finds annotations through `properties` alone) and a gateway in front of it another.
import { walkSchema } from '../schema/walk.js';
import { clip } from '../util/describe-value.js';

/** The annotation's keyword. */
const ANNOTATION = 'x-mcp-header';
/** RFC 9110 §5.1 field-name: 1*tchar (§5.6.2). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The types a mirrored parameter may have ("number" is not one); `null` only beside them (its header omitted). */
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);

/** Whether `type` (a schema's `type` value) names only primitive types, at least one besides `null`. */
function primitiveType(type: unknown): boolean {
  if (typeof type === 'string') return PRIMITIVE.has(type);
  if (!Array.isArray(type) || type.length === 0) return false;
  return type.every((t) => t === 'null' || PRIMITIVE.has(t)) && type.some((t) => t !== 'null');
}

/** Why `inputSchema`'s `x-mcp-header` annotations make the tool invalid, or undefined when they do not. */
export function paramHeaderProblem(inputSchema: unknown): string | undefined {
  // Pointers of the subschemas statically reachable from the root: through `properties` keys alone.
  const reachable = new Set<string>(['']);
  const names = new Map<string, string>();
  let problem: string | undefined;
  walkSchema(
    inputSchema,
    ({ node, pointer, parent, via }) => {
      if (problem !== undefined) return false;
      if (parent !== undefined && reachable.has(parent) && via.startsWith('properties/')) reachable.add(pointer);
      if (!Object.hasOwn(node, ANNOTATION)) return;
      const at = clip(pointer === '' ? '#' : `#${pointer}`, 200);
      const name = node[ANNOTATION];
      if (pointer === '' || !reachable.has(pointer))
        problem = `its ${ANNOTATION} at ${at} is not on a property reached from the root through "properties" alone`;
      else if (typeof name !== 'string' || !TOKEN.test(name))
        problem = `its ${ANNOTATION} at ${at} is not an HTTP field-name token`;
      else if (!primitiveType(node['type']))
        problem = `its ${ANNOTATION} at ${at} is on a property whose "type" is not string, integer or boolean`;
      else if (names.has(name.toLowerCase()))
        problem = `its ${ANNOTATION} ${clip(JSON.stringify(name), 80)} is given twice (case-insensitively)`;
      else names.set(name.toLowerCase(), pointer);
    },
    { positions: 'every-dialect' },
  );
  return problem === undefined ? undefined : `${problem} (MCP 2026-07-28, "Tools", x-mcp-header)`;
}
