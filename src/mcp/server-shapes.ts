// What a server sends a client beyond tools, as shapes that rebuild (message-shapes.ts; MCP 2025-11-25 schema, the
// earlier revisions' being subsets of it): the results of a client's requests ("Resources", "Prompts",
// "Completion", "Logging", "Ping", "Tasks"), the server's own requests ("Sampling": CreateMessageRequestParams;
// "Elicitation": ElicitRequestFormParams with its restricted schema, ElicitRequestURLParams; "Roots"), and its
// notifications. A member the specification leaves open (a log message's `data`, sampling's `metadata`, a tool's
// `inputSchema`) is kept as parsed: the message was read from JSON text and carries no member named `__proto__`.
import {
  annotations,
  arrayOf,
  boolean,
  contentBlock,
  either,
  icons,
  members,
  NOT_SHAPED,
  number,
  oneOf,
  openObject,
  orAbsent,
  recordOf,
  resourceContents,
  samplingBlock,
  type Shape,
  task,
  text,
} from './message-shapes.js';
import { shownServerInfo } from './server-texts.js';
import type { ProtocolRevision } from './versions.js';

/** Params a message may leave out: none is sent on as none. */
export const optional =
  (shape: Shape): Shape =>
  (v) =>
    v === undefined ? undefined : shape(v);

/** A URL the user may be asked to open: http or https ("The `url` parameter MUST contain a valid URL"). */
const webUrl: Shape = (v) => {
  if (typeof v !== 'string' || !URL.canParse(v)) return NOT_SHAPED;
  const { protocol } = new URL(v);
  return protocol === 'https:' || protocol === 'http:' ? v : NOT_SHAPED;
};
const EMPTY = members({});
const ROLE = oneOf('user', 'assistant');
/** "Logging": the syslog levels of RFC 5424 section 6.2.1. */
export const LEVEL = oneOf('debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency');
/** Any JSON value (a required member the specification leaves open). */
const anything: Shape = (v) => (v === undefined ? NOT_SHAPED : v);
/** "Pagination": a page's `nextCursor`. */
const PAGE = { nextCursor: text };
/** BaseMetadata and Icons, beside each kind's own optional members. */
const described = { title: text, description: text, icons };

/** A resource, a resource template, a prompt and its arguments, as listed. */
const RESOURCE = members({ uri: text, name: text }, { ...described, mimeType: text, size: number, annotations });
const TEMPLATE = members({ uriTemplate: text, name: text }, { ...described, mimeType: text, annotations });
const PROMPT = members(
  { name: text },
  { ...described, arguments: arrayOf(members({ name: text }, { title: text, description: text, required: boolean })) },
);
/** "Completion": at most 100 values. */
const COMPLETION = members(
  { values: (v) => (Array.isArray(v) && v.length <= 100 ? arrayOf(text)(v) : NOT_SHAPED) },
  { total: number, hasMore: boolean },
);

/** The result of each client request the proxy passes on, by method (its name in the specification beside it). */
export const RESULTS: ReadonlyMap<string, readonly [Shape, string]> = new Map([
  ['ping', [EMPTY, 'EmptyResult']],
  ['logging/setLevel', [EMPTY, 'EmptyResult']],
  ['resources/subscribe', [EMPTY, 'EmptyResult']],
  ['resources/unsubscribe', [EMPTY, 'EmptyResult']],
  ['resources/list', [members({ resources: arrayOf(RESOURCE) }, PAGE), 'ListResourcesResult']],
  [
    'resources/templates/list',
    [members({ resourceTemplates: arrayOf(TEMPLATE) }, PAGE), 'ListResourceTemplatesResult'],
  ],
  ['resources/read', [members({ contents: arrayOf(resourceContents) }), 'ReadResourceResult']],
  ['prompts/list', [members({ prompts: arrayOf(PROMPT) }, PAGE), 'ListPromptsResult']],
  [
    'prompts/get',
    [
      members({ messages: arrayOf(members({ role: ROLE, content: contentBlock })) }, { description: text }),
      'GetPromptResult',
    ],
  ],
  ['completion/complete', [members({ completion: COMPLETION }), 'CompleteResult']],
  ['tasks/get', [task, 'GetTaskResult']],
  ['tasks/cancel', [task, 'CancelTaskResult']],
  ['tasks/list', [members({ tasks: arrayOf(task) }, PAGE), 'ListTasksResult']],
]);

/** "Tasks": a request's task augmentation (TaskMetadata). */
const TASK_METADATA = members({}, { ttl: number });

/** A tool offered to sampling ("Tool"; its schemas are open, as the client's model reads them). */
const SAMPLING_TOOL = members(
  { name: text, inputSchema: openObject },
  {
    ...described,
    outputSchema: openObject,
    annotations: members(
      {},
      {
        title: text,
        readOnlyHint: boolean,
        destructiveHint: boolean,
        idempotentHint: boolean,
        openWorldHint: boolean,
      },
    ),
  },
);
const MODEL_PREFERENCES = members(
  {},
  {
    hints: arrayOf(members({}, { name: text })),
    costPriority: number,
    speedPriority: number,
    intelligencePriority: number,
  },
);
const SAMPLING = members(
  {
    messages: arrayOf(members({ role: ROLE, content: either(samplingBlock, arrayOf(samplingBlock)) })),
    maxTokens: number,
  },
  {
    modelPreferences: MODEL_PREFERENCES,
    systemPrompt: text,
    includeContext: oneOf('none', 'thisServer', 'allServers'),
    temperature: number,
    stopSequences: arrayOf(text),
    metadata: openObject,
    tools: arrayOf(SAMPLING_TOOL),
    toolChoice: members({}, { mode: oneOf('auto', 'required', 'none') }),
    task: TASK_METADATA,
  },
);

/** "Elicitation": the restricted schemas a form may ask for (PrimitiveSchemaDefinition). */
const titled = { title: text, description: text };
const CHOICE = members({ const: text, title: text });
const PRIMITIVE = either(
  members(
    { type: oneOf('string') },
    {
      ...titled,
      minLength: number,
      maxLength: number,
      format: oneOf('email', 'uri', 'date', 'date-time'),
      default: text,
      enum: arrayOf(text),
      enumNames: arrayOf(text),
      oneOf: arrayOf(CHOICE),
    },
  ),
  members({ type: oneOf('number', 'integer') }, { ...titled, minimum: number, maximum: number, default: number }),
  members({ type: oneOf('boolean') }, { ...titled, default: boolean }),
  members(
    {
      type: oneOf('array'),
      items: either(members({ type: oneOf('string'), enum: arrayOf(text) }), members({ anyOf: arrayOf(CHOICE) })),
    },
    { ...titled, minItems: number, maxItems: number, default: arrayOf(text) },
  ),
);
const FORM = members(
  {
    message: text,
    requestedSchema: members(
      { type: oneOf('object'), properties: recordOf(PRIMITIVE) },
      { $schema: text, required: arrayOf(text) },
    ),
  },
  { mode: oneOf('form'), task: TASK_METADATA },
);
/** A URL mode elicitation (ElicitRequestURLParams; also each of a -32042 error's `elicitations`). */
export const URL_ELICITATION = members(
  { mode: oneOf('url'), message: text, elicitationId: text, url: webUrl },
  { task: TASK_METADATA },
);

/** The params of each request a server may send a client, by method. */
export const SERVER_REQUESTS: ReadonlyMap<string, Shape> = new Map([
  ['ping', optional(EMPTY)],
  ['roots/list', optional(EMPTY)],
  ['sampling/createMessage', SAMPLING],
  ['elicitation/create', either(URL_ELICITATION, FORM)],
  ['tasks/get', members({ taskId: text })],
  ['tasks/result', members({ taskId: text })],
  ['tasks/cancel', members({ taskId: text })],
  ['tasks/list', optional(members({}, { cursor: text }))],
]);

/** The params of each notification a server may send a client, by method (progress: belonging.ts's token). */
export const SERVER_NOTIFICATIONS: ReadonlyMap<string, Shape> = new Map([
  ['notifications/message', members({ level: LEVEL, data: anything }, { logger: text })],
  [
    'notifications/progress',
    members({ progressToken: either(text, number), progress: number }, { total: number, message: text }),
  ],
  ['notifications/resources/updated', members({ uri: text })],
  ['notifications/resources/list_changed', optional(EMPTY)],
  ['notifications/prompts/list_changed', optional(EMPTY)],
  ['notifications/elicitation/complete', members({ elicitationId: text })],
  ['notifications/tasks/status', task],
]);

const IMPLEMENTATION_MEMBERS = members(
  { name: text },
  // A website or an icon not of its shape is left out: a client refuses an initialize without serverInfo.
  { version: text, title: text, description: text, websiteUrl: orAbsent(webUrl), icons: orAbsent(icons) },
);

/**
 * "Implementation": who the server says it is (a website only over http or https), a text that would steer its
 * reader unseen written out (server-texts.ts).
 */
export const IMPLEMENTATION: Shape = (v) => {
  const shaped = IMPLEMENTATION_MEMBERS(v);
  return shaped === NOT_SHAPED ? shaped : shownServerInfo(shaped as Record<string, unknown>);
};

/** An object of objects (`experimental`, `extensions`): a member whose value is not one is left out. */
const objectsOf: Shape = (v) => {
  if (openObject(v) === NOT_SHAPED) return NOT_SHAPED;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v as object)) {
    const value = (v as Record<string, unknown>)[key];
    if (openObject(value) !== NOT_SHAPED) out[key] = value;
  }
  return out;
};

/** Each capability a server may declare, and its shape (ServerCapabilities; each revision's: versions.ts). */
const CAPABILITIES: Readonly<Record<string, Shape>> = {
  experimental: objectsOf,
  logging: openObject,
  completions: openObject,
  // A flag not of its shape is left out, not the capability: `listChanged: "yes"` would hide every prompt.
  prompts: members({}, { listChanged: orAbsent(boolean) }),
  resources: members({}, { subscribe: orAbsent(boolean), listChanged: orAbsent(boolean) }),
  tools: members({}, { listChanged: orAbsent(boolean) }),
  tasks: members(
    {},
    {
      list: orAbsent(openObject),
      cancel: orAbsent(openObject),
      requests: orAbsent(members({}, { tools: orAbsent(members({}, { call: orAbsent(openObject) })) })),
    },
  ),
  extensions: objectsOf,
};

/**
 * A server's capabilities as a client of `revision` is told them: each MCP names in that revision, of its shape (one
 * that is not is left out); none other. The MCP SDK client refused to connect to a server declaring
 * `experimental: { e: 1 }`; a 2024-11-05 client was told of `completions`, `tasks` and `extensions` (a hunt's find).
 */
export function serverCapabilities(caps: unknown, revision: ProtocolRevision): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (caps === null || typeof caps !== 'object' || Array.isArray(caps)) return out;
  for (const [name, shape] of Object.entries(CAPABILITIES)) {
    if (!revision.serverCapabilities.includes(name)) continue;
    const given = (caps as Record<string, unknown>)[name];
    if (!Object.hasOwn(caps, name) || given === undefined || given === null) continue;
    const shaped = shape(given);
    if (shaped !== NOT_SHAPED) out[name] = shaped;
  }
  return out;
}
