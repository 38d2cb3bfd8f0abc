import { describe, expect, it } from 'vitest';
import { publishedTextRefusal } from '../../src/tools/published-text.js';
import { admitMcpTools } from '../../src/catalog/mcp.js';
import { MAX_ANNOTATIONS_DEPTH, preflight } from '../../src/catalog/preflight.js';

const fn = (): string => 'ok';
const schema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };

describe('preflight metadata', () => {
  const cases: { why: string; descriptor: unknown; options?: object; keyword: string }[] = [
    { why: 'not an object', descriptor: 'search', keyword: 'descriptor' },
    { why: 'name missing', descriptor: { backend: fn }, keyword: 'name' },
    { why: 'name with a space', descriptor: { name: 'web search', backend: fn }, keyword: 'name' },
    {
      why: 'name with a dot (not portable to OpenAI/Anthropic)',
      descriptor: { name: 'game.get', backend: fn },
      keyword: 'name',
    },
    { why: 'name longer than 64', descriptor: { name: 'a'.repeat(65), backend: fn }, keyword: 'name' },
    { why: 'description not a string', descriptor: { name: 'a', description: 5, backend: fn }, keyword: 'description' },
    { why: 'revision not a string', descriptor: { name: 'a', revision: 2, backend: fn }, keyword: 'revision' },
    { why: 'backend missing', descriptor: { name: 'a' }, keyword: 'backend' },
    { why: 'backend null', descriptor: { name: 'a', backend: null }, keyword: 'backend' },
    { why: 'handle backend without invoke', descriptor: { name: 'a', backend: { rpc: 'x' } }, keyword: 'backend' },
    {
      why: 'annotations not an object',
      descriptor: { name: 'a', backend: fn, annotations: [] },
      keyword: 'annotations',
    },
    {
      why: 'annotations not JSON',
      descriptor: { name: 'a', backend: fn, annotations: { f: fn } },
      keyword: 'annotations',
    },
    {
      why: 'name is a getter',
      descriptor: Object.defineProperty({ backend: fn }, 'name', { get: () => 'a', enumerable: true }),
      keyword: 'name',
    },
  ];
  it.each(cases)('refuses a descriptor whose $why', ({ descriptor, options, keyword }) => {
    const r = preflight(descriptor, options);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe('validation');
    expect(r.error.violations.map((v) => v.keyword)).toContain(keyword);
  });

  it('accepts a handle backend when invoke is given', () => {
    const r = preflight({ name: 'a', backend: { rpc: 'x' }, inputSchema: schema }, { invoke: () => 1 });
    expect(r.ok).toBe(true);
  });
});

const SCHEMA = { type: 'object', properties: { n: { type: 'integer', maximum: 100 } }, additionalProperties: false };

describe('preflight schema', () => {
  it('returns the compiled tool with a frozen copy of the original schema', () => {
    const original = { properties: { q: { type: 'string' } }, type: 'object' };
    const r = preflight({ name: 'search', description: 'd', revision: 'r1', backend: fn, inputSchema: original });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.inputSchema).not.toBe(original);
    expect(JSON.stringify(r.value.inputSchema)).toBe(JSON.stringify(original));
    expect(Object.isFrozen(r.value.inputSchema)).toBe(true);
    expect(r.value.compiled.validate({ q: 1 }).ok).toBe(false);
    original.type = 'array';
    expect(JSON.stringify(r.value.inputSchema)).toContain('"object"');
  });

  it('keeps each descriptor key order even when the compiled schema is shared by content', () => {
    const a = preflight({ name: 'a', backend: fn, inputSchema: { type: 'object', required: ['x'] } });
    const b = preflight({ name: 'b', backend: fn, inputSchema: { required: ['x'], type: 'object' } });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(JSON.stringify(b.value.inputSchema)).toBe('{"required":["x"],"type":"object"}');
    expect(JSON.stringify(a.value.compiled.schema)).toBe('{"type":"object","required":["x"]}');
    expect(JSON.stringify(b.value.compiled.schema)).toBe('{"required":["x"],"type":"object"}');
  });

  it('treats an absent schema as an open object that still requires an object', () => {
    const r = preflight({ name: 'noargs', backend: fn });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.declaredSchema).toBe(false);
    expect(r.value.compiled.validate({ any: 1 }).ok).toBe(true);
    expect(r.value.compiled.validate([]).ok).toBe(false);
  });

  const schemaCases: { why: string; inputSchema: unknown; cls: string }[] = [
    {
      why: 'declares draft-07',
      inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' },
      cls: 'unsupported_capability',
    },
    {
      why: 'uses dependencies',
      inputSchema: { type: 'object', dependencies: { a: ['b'] } },
      cls: 'unsupported_capability',
    },
    { why: 'is malformed', inputSchema: { type: 'object', properties: { a: { type: 'dict' } } }, cls: 'validation' },
    {
      why: 'has an unresolved $ref',
      inputSchema: { type: 'object', properties: { a: { $ref: 'https://example.com/x' } } },
      cls: 'validation',
    },
    { why: 'is not an object schema', inputSchema: { type: 'string' }, cls: 'validation' },
  ];
  it.each(schemaCases)('classifies a schema that $why as $cls', ({ inputSchema, cls }) => {
    const r = preflight({ name: 't', backend: fn, inputSchema });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.class).toBe(cls);
  });

  it('uses the same schema options as validateSchema (registry)', () => {
    const inputSchema = { type: 'object', properties: { a: { $ref: 'https://example.com/x' } } };
    const r = preflight(
      { name: 't', backend: fn, inputSchema },
      { schemaRegistry: { 'https://example.com/x': { type: 'integer' } } },
    );
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value.compiled.validate({ a: 'no' }).ok).toBe(false);
  });

  it('never throws for hostile input: a throwing Proxy trap is a descriptor that is not plain data', () => {
    const hostile = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('trap');
        },
      },
    );
    const r = preflight(hostile);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.class).toBe('validation');
      expect(r.error.message).toMatch(/"name" is not a plain data property/);
    }
  });

  // A review's find: an inherited inputSchema was read as none, so the tool was admitted with an open schema and a
  // call of n: 1000000000 past `maximum: 100` ran.
  it.each([
    [
      'a class instance whose inputSchema is a getter',
      () =>
        new (class {
          name = 't';
          backend = () => 'ok';
          get inputSchema() {
            return SCHEMA;
          }
        })(),
    ],
    [
      'Object.create of a prototype holding it',
      () => Object.assign(Object.create({ inputSchema: SCHEMA }), { name: 't', backend: () => 'ok' }),
    ],
  ])('refuses %s: an inherited field is never read as absent', (_what, make) => {
    const r = preflight(make());
    expect(r.ok ? '' : r.error.message).toContain('"inputSchema" is inherited from a prototype');
  });

  it('a revoked Proxy as annotations is a validation refusal, not an internal failure', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const r = preflight({ name: 't', inputSchema: { type: 'object' }, backend: () => 'ok', annotations: proxy });
    expect(r.ok ? '' : `${r.error.class} ${r.error.violations[0]?.code}`).toBe('validation descriptor_invalid');
    expect(r.ok ? '' : r.error.message).toMatch(/annotations are not JSON at the root: a Proxy/);
  });
});

// Annotations are published to a model as the schema is, and a host writes them with JSON.stringify, which throws
// past about 4,100 levels: annotations 5,000 levels deep were admitted (admitMcpTools too, from a server's listing)
// and JSON.stringify(bundle) then threw a RangeError. They are bounded as a tool result is, refused as a broken
// descriptor past the bound.
describe('annotations depth bound', () => {
  const nested = (levels: number): Record<string, unknown> => {
    let value: Record<string, unknown> = {};
    for (let i = 1; i < levels; i++) value = { a: value };
    return value;
  };

  const descriptor = (levels: number): object => ({
    name: 't',
    inputSchema: schema,
    backend: fn,
    annotations: nested(levels),
  });

  it('annotations nested past 1,000 levels are a broken descriptor; at 1,000 the bundle writes as JSON', async () => {
    const r = preflight(descriptor(5000));
    expect(r.ok ? '' : `${r.error.class} ${r.error.violations[0]?.code}`).toBe('validation descriptor_invalid');
    expect(r.ok ? '' : r.error.violations[0]?.keyword).toBe('annotations');
    expect(r.ok ? '' : r.error.message).toMatch(/annotations are nested more than 1000 levels deep \(at \/a\/a/);
    expect(MAX_ANNOTATIONS_DEPTH).toBe(1000);
    expect(preflight(descriptor(1001)).ok).toBe(false);
    expect(preflight(descriptor(1000)).ok).toBe(true);
    const listing = { tools: [{ name: 't', inputSchema: schema, annotations: nested(1000) }] };
    const b = await admitMcpTools(listing, { backend: () => () => ({ content: [] }) });
    if (!b.ok) throw new Error(b.error.message);
    expect(() => JSON.stringify([b.value, b.value.toolsFor('mcp'), b.value.toolsFor('anthropic')])).not.toThrow();
  });

  it('admitMcpTools refuses a listed tool whose annotations nest 5,000 levels, at the descriptor stage', async () => {
    const listing = { tools: [{ name: 't', inputSchema: schema, annotations: nested(5000) }] };
    const r = await admitMcpTools(listing, { backend: () => () => ({ content: [] }) });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.error.diagnostics.map((d) => [d.index, d.stage])).toEqual([[0, 'descriptor']]);
  });
});

// What is published to a model holds no lone surrogate: toolsFor sent a hostile server's description carrying one
// as it was, and Anthropic's API refuses such a body ("no low surrogate in string"), so one tool failed every
// request of the conversation (a hunt's find). The tool is refused as a broken descriptor, naming where.
describe('a lone surrogate in what is published', () => {
  const object = { type: 'object', properties: { q: { type: 'string' } } };
  it.each([
    ['the description', { description: 'read \uD800 this' }, '/description'],
    ['an annotation', { annotations: { title: 'T\uDC00' } }, '/annotations/title'],
    ['a schema description', { inputSchema: { ...object, description: 'x\uD83D' } }, '/inputSchema/description'],
    [
      'a property name',
      { inputSchema: { type: 'object', properties: { ['k\uDC00']: {} } } },
      '/inputSchema/properties',
    ],
  ])('%s is refused (validation), naming where', (_, extra, where) => {
    const r = preflight({ name: 't', inputSchema: object, backend: () => 1, ...extra });
    expect(r.ok || r.error.class).toBe('validation');
    expect(r.ok || r.error.message).toContain(where);
  });

  it('a pair (an emoji) is text, and passes', () => {
    const r = preflight({ name: 't', description: 'hi \u{1F600}', inputSchema: object, backend: () => 1 });
    expect(r.ok).toBe(true);
  });
});

// Nor a character that steers what a model reads while a reviewer sees nothing (src/util/hidden-text.ts): a hunt
// admitted a server's description carrying ESC sequences, a right-to-left override and tag characters spelling an
// instruction, and published them to every provider as they were.
/** `ascii` as tag characters (U+E0000 plus each code). */
const tagsOf = (ascii: string): string =>
  [...ascii].map((c) => String.fromCodePoint(0xe0000 + (c.codePointAt(0) as number))).join('');

describe('a steering character in what is published', () => {
  const object = { type: 'object', properties: { q: { type: 'string' } } };
  it.each([
    [
      'tag characters in the description',
      { description: 'Search.\u{E0041}\u{E006C}' },
      /a tag character \(U\+E0041\) at "\/description"/,
    ],
    ['an RLO in the description', { description: 'ok \u202E txt' }, /a bidi control \(U\+202E\) at "\/description"/],
    [
      'an isolate in an annotation',
      { annotations: { title: 'T\u2066' } },
      /a bidi control \(U\+2066\) at "\/annotations\/title"/,
    ],
    [
      'an ESC in a schema description',
      { inputSchema: { ...object, description: 'x\u001B[2J' } },
      /a control character \(U\+001B\) at "\/inputSchema\/description"/,
    ],
    ['a C1 CSI in a property name', { inputSchema: { type: 'object', properties: { ['q\u009B']: {} } } }, /U\+009B/],
    [
      'a variation selector carrying bytes',
      { description: 'ok\u{E0100}\u{E0101}' },
      /a variation selector \(U\+E0100\)/,
    ],
    ['an FSI never closed', { description: 'x \u2068name' }, /a bidi control \(U\+2068\)/],
    // A second review's finds: each passed the first fixes.
    [
      'tags dressed as a subdivision flag',
      { description: `Reads.\u{1F3F4}${tagsOf('ignoreall')}\u{E007F}` },
      /a tag character \(U\+E0069\)/,
    ],
    ['an FSI closed past a line break', { description: 'a\u2068b\nc\u2069' }, /a bidi control \(U\+2068\)/],
    [
      'a run of variation selectors',
      { description: `ok${'\uFE00\uFE0F\uFE03'.repeat(4)}` },
      /a run of variation selectors/,
    ],
    ['an unassigned plane-14 code point', { description: 'ok\u{E0080}' }, /an invisible code point \(U\+E0080\)/],
    [
      'a dependentSchemas schema named enum',
      { inputSchema: { type: 'object', dependentSchemas: { enum: { description: 'x\u001B[8mhidden' } } } },
      /U\+001B/,
    ],
    [
      'an RLM reversing English words',
      { description: 'Use: \u2068\u200fdrop \u200f not \u200f do\u2069 ok' },
      /a direction mark \(U\+200F\)/,
    ],
    [
      'one variation selector per letter',
      { description: 'H\uFE01e\uFE02l\uFE03l\uFE04o' },
      /a variation selector \(U\+FE01\)/,
    ],
    [
      'a Mongolian variation selector after a Latin letter',
      { description: 'a\u180B' },
      /a variation selector \(U\+180B\)/,
    ],
    ['a default inside annotations', { annotations: { default: 'x\u001B' } }, /U\+001B/],
  ])('%s is refused (validation), naming it and where', (_, extra, message) => {
    const r = preflight({ name: 't', inputSchema: object, backend: () => 1, ...extra });
    expect(r.ok ? 'admitted' : [r.error.class, r.error.violations[0]?.code]).toEqual([
      'validation',
      'descriptor_invalid',
    ]);
    expect(r.ok || r.error.message).toMatch(message);
  });

  // A review's finds: each of these was refused, though real text or schemas hold them.
  it.each([
    [
      'a subdivision flag (its tags)',
      { description: 'Scotland \u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}' },
    ],
    ['an FSI closed by a PDI (a localised placeholder)', { description: 'Sends \u2068{count}\u2069 mails' }],
    ['controls as schema values', { inputSchema: { type: 'object', properties: { s: { enum: ['\t', '\u001f'] } } } }],
    ['a pattern refusing NUL', { inputSchema: { type: 'object', properties: { s: { pattern: '^[^\u0000]*$' } } } }],
    [
      'an examples string and a default separator (values)',
      { inputSchema: { ...object, examples: ['a\u001Fb'], default: { q: '\u001F' } } },
    ],
    [
      'a pattern refusing bidi controls',
      { inputSchema: { type: 'object', properties: { s: { pattern: '^[^\u202A-\u202E]*$' } } } },
    ],
    [
      'a contentSchema enum of separators',
      { inputSchema: { type: 'object', properties: { s: { contentSchema: { enum: ['\u001E'] } } } } },
    ],
    ['a Hebrew text with its marks', { description: 'שלום \u200F(v2)\u200F עולם' }],
    ['emoji and text presentation selectors', { description: 'ok \u2764\uFE0F \u2122\uFE0E' }],
    [
      'a patternProperties key with a control',
      { inputSchema: { type: 'object', patternProperties: { '^\u0001': {} } } },
    ],
  ])('%s passes', (_, extra) => {
    const r = preflight({ name: 't', inputSchema: object, backend: () => 1, ...extra });
    expect(r.ok || r.error.message).toBe(true);
  });

  it('a draft-07 dependencies schema under a property named enum is text (draft-07 is an MCP default dialect)', () => {
    const inputSchema = { type: 'object', dependencies: { enum: { description: 'x\u001B[8mhidden' } } };
    expect(publishedTextRefusal('', { inputSchema })?.error.message).toMatch(
      /U\+001B.*\/dependencies\/enum\/description/,
    );
  });

  it('tab, line breaks, zero-width joiners (an emoji sequence) and an RTL script are text, and pass', () => {
    const description = 'a\tb\nc\r\nd \u{1F3F4}\u200D\u2620\uFE0F \u05E9\u05DC\u05D5\u05DD zero\u200Bwidth';
    expect(preflight({ name: 't', description, inputSchema: object, backend: () => 1 }).ok).toBe(true);
  });
});
