// What a server sends its client beyond tools, as the client gets it: rebuilt from the members the MCP
// specification gives each (src/mcp/server-shapes.ts), never passed on as sent, and only what the client said it
// takes and its revision reads (src/mcp/revision-fields.ts). A server's request needs the capability it is for
// (revision-rules.ts); a request augmented with a task goes on as an ordinary one to a client that did not declare
// tasks for it (2025-11-25, "Tasks": such a receiver processes it normally), and through the gateway always (it
// serves no tasks: one server would read another's); `includeContext` goes only to a client that declared
// `sampling.context` ("Sampling"; a client of a revision before 2025-11-25, which has no such capability, with
// `sampling`), never through the gateway, whose client holds every server's context. A URL mode elicitation asks the
// user to open an http or https URL. A -32042 error's elicitations reach only a client that takes URL mode (its
// revision has it, and it declared it); an error with a code of 2026-07-28's own signalling (HeaderMismatch and the
// like) is the proxy's -32603, quoting the server's message. An answer or a request not of its shape is the
// proxy's error, a notification not of its shape goes nowhere; an answer over --max-result is refused. One holding a
// secret the client's masking masks as a number is refused (an error's data dropped): masked, it would be a string.
import { RPC, type Reply, type RpcError } from '../mcp/peer.js';
import { metaOf } from '../mcp/forward.js';
import { arrayOf, members, NOT_SHAPED } from '../mcp/message-shapes.js';
import { publishedTextRefusal } from '../tools/published-text.js';
import { withoutSteeringEntries } from '../mcp/server-texts.js';
import { ownData } from '../util/own-field.js';
import { isObject } from '../util/plain-json.js';
import {
  IMPLEMENTATION,
  RESULTS,
  SERVER_NOTIFICATIONS,
  SERVER_REQUESTS,
  URL_ELICITATION,
} from '../mcp/server-shapes.js';
import type { ProtocolRevision } from '../mcp/versions.js';
import { serverRequestRefusal } from './revision-rules.js';
import { implementationFor, lackedContent, listingFor, promptBlocks } from '../mcp/revision-fields.js';
import { MODERN_ERRORS } from '../mcp/modern.js';
import { HEADER_MISMATCH } from '../mcp/routing-headers.js';
import { clip } from '../util/describe-value.js';
import { KEYS_MERGE, wellFormedJson, withoutLoneSurrogates } from '../util/jcs.js';
import { clientMasker, holdsSecretNumber, SECRET_NUMBER } from './client-masker.js';
import { URL_ELICITATION_REQUIRED } from './url-elicitations.js';

/** The client a server's message goes to. */
export interface ClientSide {
  readonly caps: Readonly<Record<string, unknown>>;
  readonly revision: ProtocolRevision;
  /** The gateway (proxy --config): several servers behind one client. */
  readonly gateway: boolean;
  /** What the client's masking masks: a message holding one as a number is not passed on (client-masker.ts). */
  readonly secrets?: readonly string[];
}

/**
 * Whether the client takes URL mode elicitations: its revision has them and it declared them (a hunt's find: a
 * -32042's reached a 2025-06-18 client that declared `elicitation.url`, a mode its revision lacks).
 */
const takesUrl = (client: ClientSide): boolean =>
  client.revision.elicitationModes.includes('url') && declared(client.caps, 'elicitation', 'url');

/** Whether the client declared the capability at `path` (each step an object). */
function declared(caps: Readonly<Record<string, unknown>>, ...path: readonly string[]): boolean {
  let at: unknown = caps;
  for (const step of path) at = isObject(at) ? at[step] : undefined;
  return isObject(at);
}

/** "Tasks": which client capability a task-augmented request of each method needs. */
const TASK_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  'sampling/createMessage': ['tasks', 'requests', 'sampling', 'createMessage'],
  'elicitation/create': ['tasks', 'requests', 'elicitation', 'create'],
};

/** A server's request as its client gets it: the params to send, or the error the server is answered with. */
export function serverRequest(
  method: string,
  params: unknown,
  client: ClientSide,
): { readonly params: unknown } | { readonly error: RpcError } {
  if (client.gateway && method.startsWith('tasks/'))
    return refused(RPC.methodNotFound, 'the toolgate gateway (proxy --config) serves no tasks');
  const refusal = serverRequestRefusal(method, params, client.caps, client.revision);
  if (refusal !== undefined) return refused(RPC.methodNotFound, refusal);
  const shape = SERVER_REQUESTS.get(method);
  const rebuilt = shape === undefined ? NOT_SHAPED : shape(params);
  if (rebuilt === NOT_SHAPED)
    return refused(RPC.invalidParams, `not passed on: not the params MCP specifies for ${method}`);
  // A sampling request's messages go to the client's model, an elicitation's text to a person: a lone surrogate
  // (not I-JSON, which a model API refuses) is written as U+FFFD, as in a server's error (a review's find).
  const shaped = wellFormedJson(rebuilt);
  if (shaped === KEYS_MERGE) return refused(RPC.invalidParams, `not passed on: ${KEYS_MERGED}`);
  // An elicitation's requestedSchema is a schema too: its `default` never reaches the client a string.
  if (holdsSecretNumber(shaped, client.secrets ?? [])) return refused(RPC.invalidParams, `not passed on: ${HELD}`);
  if (!isObject(shaped)) return { params: shaped };
  const out = shaped;
  const taskNeeds = TASK_REQUESTS[method];
  if (taskNeeds !== undefined && (client.gateway || !client.revision.tasks || !declared(client.caps, ...taskNeeds)))
    delete out['task'];
  const contextDeclared = !client.revision.samplingContext || declared(client.caps, 'sampling', 'context');
  if (method === 'sampling/createMessage' && (client.gateway || !contextDeclared)) delete out['includeContext'];
  return { params: out };
}

function refused(code: number, message: string): { readonly error: RpcError } {
  return { error: { code, message } };
}

/** Why a server's message holding a secret as a number is not passed on (client-masker.ts). */
const HELD = `it holds ${SECRET_NUMBER}`;

/** Why a server's message whose lone surrogates cannot be written as U+FFFD is not passed on. */
const KEYS_MERGED = 'two of its keys are one once each lone surrogate is written as U+FFFD';

/** What a notification not passed on gives. */
export const NOT_PASSED = Symbol('not passed');

/**
 * A server's notification's params as its client gets them (a lone surrogate written as U+FFFD: a log message or a
 * progress message may be shown to a model or a person), or NOT_PASSED.
 */
export function serverNotification(method: string, params: unknown, client: ClientSide): unknown {
  if (method === 'notifications/elicitation/complete' && !takesUrl(client)) return NOT_PASSED;
  const shape = SERVER_NOTIFICATIONS.get(method);
  const shaped = shape === undefined ? NOT_SHAPED : wellFormedJson(shape(params));
  if (shaped === NOT_SHAPED || shaped === KEYS_MERGE) return NOT_PASSED;
  return holdsSecretNumber(shaped, client.secrets ?? []) ? NOT_PASSED : shaped;
}

/** URLElicitationRequiredError (2025-11-25, "Elicitation", Error Handling). */
const ELICITATIONS = members({ elicitations: arrayOf(URL_ELICITATION) });

/**
 * The codes of MCP 2026-07-28's own signalling (Streamable HTTP "Server Validation"; "Versioning"), which the proxy
 * answers its clients with for itself: the server negotiated its revision with the proxy, not with the client, so
 * from it they would tell the client of headers, capabilities or versions the proxy never refused (a hunt's find:
 * the MCP SDK client read a tool's -32022 as its revision unsupported, its -32020 as a header mismatch).
 */
const SIGNAL_CODES: ReadonlyMap<number, string> = new Map([
  [HEADER_MISMATCH, 'HeaderMismatch'],
  [MODERN_ERRORS.missingClientCapability, 'MissingRequiredClientCapability'],
  [MODERN_ERRORS.unsupportedProtocolVersion, 'UnsupportedProtocolVersion'],
]);

/** Most characters of a server's message the proxy's -32603 in its place quotes. */
const MAX_QUOTED_MESSAGE = 200;

/**
 * A server's error as its client gets it: one with a code of the proxy's own signalling turned into -32603 quoting
 * its message (masked of `secrets`, then clipped), within `maxBytes` of JSON text (as a result is held to
 * --max-result), a -32042's elicitations only to a client that takes URL mode, a lone surrogate of its message
 * and data written as U+FFFD.
 */
export function serverError(
  error: RpcError,
  client: ClientSide,
  maxBytes: number,
  secrets: readonly string[],
): RpcError {
  const signal = SIGNAL_CODES.get(error.code);
  if (signal !== undefined) {
    // In 2025-11-25 these codes are the server's own, its message what says why (a review's find: it was lost).
    // Masked before it is clipped: a secret cut at the clip would pass the whole-value masking of what a client
    // reads (client-masker.ts) with its beginning shown.
    const said = clip(clientMasker(secrets).text(String(error.message)), MAX_QUOTED_MESSAGE);
    const why = `code ${error.code}, MCP 2026-07-28's ${signal}, which only the proxy itself answers with`;
    return { code: RPC.internalError, message: `the MCP server's error was not passed on (${why}): ${said}` };
  }
  const size = Buffer.byteLength(JSON.stringify(error));
  if (size > maxBytes)
    return {
      code: error.code,
      message: `the MCP server's error (${size} bytes) is over --max-result, ${maxBytes} bytes`,
    };
  // A lone surrogate is not I-JSON, and a model API that reads the message refuses it (as in a result, a hunt's
  // find): written as U+FFFD, the message and data otherwise kept; data whose keys would merge is dropped (a
  // review's find: data passed as it came).
  const message = withoutLoneSurrogates(error.message);
  const written = error.data === undefined ? undefined : wellFormedJson(error.data);
  // Data holding a secret as a number is dropped too (client-masker.ts holdsSecretNumber).
  const data = written === KEYS_MERGE || holdsSecretNumber(written, secrets) ? undefined : written;
  const said: RpcError =
    message === error.message && data === error.data
      ? error
      : { code: error.code, message, ...(data === undefined ? {} : { data }) };
  if (error.code !== URL_ELICITATION_REQUIRED || data === undefined) return said;
  const elicitations = takesUrl(client) ? ELICITATIONS(data) : NOT_SHAPED;
  return elicitations === NOT_SHAPED ? { code: error.code, message } : { ...said, data: elicitations };
}

/** An error answer as serverError gives it: the same object when nothing changed (CANCELLED stays itself). */
export function serverErrorReply(
  reply: { readonly error: RpcError },
  client: ClientSide,
  maxBytes: number,
  secrets: readonly string[],
): { readonly error: RpcError } {
  const error = serverError(reply.error, client, maxBytes, secrets);
  return error === reply.error ? reply : { error };
}

/**
 * A server's answer to its client's request of `method`, as the client gets it: a result rebuilt from its
 * specified members and within `maxBytes` of JSON text, an error as serverError gives it (`secrets` masked).
 */
export function serverAnswer(
  method: string,
  reply: Reply,
  client: ClientSide,
  maxBytes: number,
  secrets: readonly string[],
): Reply {
  if ('error' in reply) return serverErrorReply(reply, client, maxBytes, secrets);
  const known = RESULTS.get(method);
  if (known === undefined) return reply;
  // The message's text as it came; without one (none today), the result's JSON.
  const size = Buffer.byteLength(reply.line ?? JSON.stringify(reply.result) ?? '');
  if (size > maxBytes)
    return refused(
      RPC.internalError,
      `the MCP server's answer (${size} bytes) is over --max-result, ${maxBytes} bytes`,
    );
  const [shape, name] = known;
  const shaped = shape(reply.result);
  if (shaped === NOT_SHAPED)
    return refused(
      RPC.internalError,
      `the MCP server's answer was not passed on: it is not a ${name} (MCP 2025-11-25)`,
    );
  // A block of a type the client's revision lacks is not passed on; members it lacks are left out
  // (src/mcp/revision-fields.ts).
  const lacked = method === 'prompts/get' ? lackedContent(promptBlocks(shaped), client.revision) : undefined;
  if (lacked !== undefined) {
    const reader = `an MCP ${client.revision.version} client`;
    return refused(
      RPC.internalError,
      `the MCP server's answer was not passed on: it holds ${lacked} content, which ${reader} cannot read`,
    );
  }
  // A prompt's messages and a resource's text go to a model as they are: a lone surrogate written as U+FFFD, as in
  // what the server sends on its own (a review's find). A listed prompt, resource or template whose text steers a
  // reader unseen is left out, as a tool is (src/mcp/server-texts.ts).
  const written = wellFormedJson(listingFor(method, shaped, client.revision));
  if (written !== KEYS_MERGE && holdsSecretNumber(written, secrets))
    return refused(RPC.internalError, `the MCP server's answer was not passed on: ${HELD}`);
  if (written !== KEYS_MERGE) return { result: withoutSteeringEntries(method, written) };
  return refused(RPC.internalError, `the MCP server's answer was not passed on: ${KEYS_MERGED}`);
}

/**
 * What of a server's initialize result a client of `revision` is told beside the protocol version and capabilities
 * the proxy sets itself: `serverInfo` (with the members of that revision, a text steering its reader unseen written
 * out: src/mcp/server-texts.ts) and `instructions` of their specified shape and a plain `_meta`, nothing else of it.
 */
export function serverInitialize(
  init: Readonly<Record<string, unknown>>,
  revision: ProtocolRevision,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const info = IMPLEMENTATION(ownData(init, 'serverInfo'));
  if (isObject(info)) out['serverInfo'] = implementationFor(info, revision);
  // Instructions go into what a model reads (a client puts them in its system prompt): held to what a tool's
  // description is (published-text.ts), or left out.
  const instructions = ownData(init, 'instructions');
  if (typeof instructions === 'string' && publishedTextRefusal('', { instructions }) === undefined)
    out['instructions'] = instructions;
  const meta = metaOf(ownData(init, '_meta'));
  if (meta !== undefined) out['_meta'] = meta;
  return out;
}
