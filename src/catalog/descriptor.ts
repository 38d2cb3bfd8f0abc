import { types } from 'node:util';
import { fail, ok, type Result, type Violation } from '../result.js';
import { echo } from '../util/describe-value.js';
import { ownField, prototypesOf } from '../util/own-field.js';
import { NAME_RULE } from '../tools/tool.js';

/** A tool as a host hands it over for admission (an MCP `tools/list` entry, a plugin manifest entry, ...). */
export interface ToolDescriptor {
  /** The name the model calls the tool by; must match TOOL_NAME_PATTERN (the Registry's rule). */
  readonly name: string;
  readonly description?: string;
  /** Draft 2020-12 input schema; absent means the tool takes an object with any members. */
  readonly inputSchema?: unknown;
  /** A host string that tells versions of the same tool apart; echoed in diagnostics. */
  readonly revision?: string;
  /** What executes the tool: a function `(args, context) => result`, or a handle the host's `invoke` understands. */
  readonly backend: unknown;
  /** Host or MCP annotations, passed through untouched. */
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/** The descriptor fields that passed the metadata checks, read once as own data properties. */
export interface DescriptorFields {
  readonly name: string;
  readonly description: string | undefined;
  readonly revision: string | undefined;
  readonly hasSchema: boolean;
  readonly inputSchema: unknown;
  readonly backend: unknown;
  readonly annotations: Readonly<Record<string, unknown>> | undefined;
}

/** What the metadata check needs to know about the batch's options. */
export interface DescriptorRules {
  /** Whether the host supplied `invoke`, so a non-function backend can be executed. */
  readonly hasInvoke: boolean;
  /** The name rule: TOOL_NAME_PATTERN (the default), or MCP_TOOL_NAME_PATTERN for tools from MCP. */
  readonly names?: RegExp;
}

function metadataViolation(field: string, message: string): Violation {
  return {
    path: '$',
    pointer: '',
    keyword: field,
    message,
    schemaPath: `/${field}`,
    code: 'descriptor_invalid',
    params: { field },
  };
}

/** Checks name, description, revision, backend and annotations of one descriptor (preflight). */
export function readDescriptor(descriptor: unknown, rules: DescriptorRules): Result<DescriptorFields> {
  let isArray = false;
  try {
    isArray = Array.isArray(descriptor);
  } catch {
    // A revoked Proxy throws even on Array.isArray.
    const message = 'a tool descriptor must be plain data: it is a revoked Proxy';
    return fail('validation', message, [metadataViolation('descriptor', message)]);
  }
  if (descriptor === null || typeof descriptor !== 'object' || isArray) {
    const message =
      `a tool descriptor must be an object, got ` +
      `${descriptor === null ? 'null' : isArray ? 'an array' : typeof descriptor}`;
    return fail('validation', message, [metadataViolation('descriptor', message)]);
  }
  const problems: Violation[] = [];
  // A field on a prototype is refused, never read as absent (a review's find: an inherited `inputSchema` read as no
  // schema, so the tool was admitted open and every call passed). A Proxy's prototypes are not looked at: its trap
  // would run; its fields are read as its own (preflight's copy refuses it).
  const inherited = types.isProxy(descriptor) ? [] : prototypesOf(descriptor);
  if (typeof inherited === 'string') {
    const message = `a tool descriptor must be plain data: ${inherited}`;
    return fail('validation', message, [metadataViolation('descriptor', message)]);
  }
  const read = (key: string): { present: boolean; value: unknown } => {
    // A descriptor is host input: admission must not execute anything it did not ask for (own-field.ts).
    const r = ownField(descriptor, key);
    if (!r.present && inherited.some((p) => Object.hasOwn(p, key)))
      problems.push(
        metadataViolation(
          key,
          `"${key}" is inherited from a prototype; descriptors must hold their fields as own data`,
        ),
      );
    if (r.accessor)
      problems.push(
        metadataViolation(
          key,
          `"${key}" is not a plain data property (an accessor, or a ` +
            `Proxy trap that threw); descriptors must hold plain data`,
        ),
      );
    return r;
  };
  const name = read('name');
  const description = read('description');
  const revision = read('revision');
  const inputSchema = read('inputSchema');
  const backend = read('backend');
  const annotations = read('annotations');

  if (typeof name.value !== 'string')
    problems.push(metadataViolation('name', `"name" must be a string, got ${echo(name.value ?? 'nothing')}`));
  // The Registry's rule (names every provider accepts), or MCP's for tools from MCP (mapped per provider).
  else if (!(rules.names ?? NAME_RULE).test(name.value))
    problems.push(
      metadataViolation('name', `tool name ${echo(name.value)} does not match ${String(rules.names ?? NAME_RULE)}`),
    );
  if (description.present && typeof description.value !== 'string')
    problems.push(metadataViolation('description', `"description" must be a string, got ${echo(description.value)}`));
  if (revision.present && typeof revision.value !== 'string')
    problems.push(metadataViolation('revision', `"revision" must be a string, got ${echo(revision.value)}`));
  if (backend.value === undefined || backend.value === null)
    problems.push(metadataViolation('backend', '"backend" is missing: nothing would execute the tool'));
  else if (typeof backend.value !== 'function' && !rules.hasInvoke)
    problems.push(
      metadataViolation('backend', '"backend" is not a function and no "invoke" option was given to execute it'),
    );
  const ann = annotations.value;
  // Array.isArray throws on a revoked Proxy: a Proxy goes on to preflight's copy, which refuses it unread.
  const list = ann !== null && typeof ann === 'object' && !types.isProxy(ann) && Array.isArray(ann);
  if (annotations.present && (ann === null || typeof ann !== 'object' || list))
    problems.push(metadataViolation('annotations', `"annotations" must be an object, got ${echo(ann)}`));

  if (problems.length > 0) return fail('validation', `invalid tool descriptor: ${problems[0]?.message}`, problems);
  return ok({
    name: name.value as string,
    description: description.value as string | undefined,
    revision: revision.value as string | undefined,
    hasSchema: inputSchema.present && inputSchema.value !== undefined,
    inputSchema: inputSchema.value,
    backend: backend.value,
    annotations: ann as Readonly<Record<string, unknown>> | undefined,
  });
}

/** The name and revision to put in a diagnostic, even for a descriptor that failed its checks. */
export function identify(descriptor: unknown): { name: string; revision: string | undefined } {
  if (descriptor === null || typeof descriptor !== 'object') return { name: '', revision: undefined };
  const name = ownField(descriptor, 'name').value;
  const revision = ownField(descriptor, 'revision').value;
  return { name: typeof name === 'string' ? name : '', revision: typeof revision === 'string' ? revision : undefined };
}
